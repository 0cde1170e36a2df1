// How much of the view a summary covers, said as it runs ("Counted 340,000 of 1,000,000 matching
// records…, about 20 seconds left", with Cancel) and once it ended: every matching record, or
// exactly how many when it was cancelled or the portal failed, with a way to start again.
import { summaryCatalogue } from '../../i18n/catalogues/summary'
import { useMessages } from '../../i18n/i18n-context'
import type { SummaryState } from '../../queries/summary/summary-query'
import { progressText } from './summary-progress-text'

export function SummaryProgress({ state, onAgain }: { state: SummaryState; onAgain(): void }) {
  const t = useMessages(summaryCatalogue)
  const text = progressText(state, t)
  const ended = state.status !== 'running' && state.status !== 'done'
  return (
    <div className="dse-summary__progress">
      {/* the count while it runs is not read aloud at every step: only how the summary ended is */}
      {state.status === 'running' && <p className="dse-summary__status">{text}</p>}
      <p
        role="status"
        className={`dse-summary__status${state.status === 'failed' ? ' dse-summary__status--failed' : ''}`}
      >
        {state.status === 'running' ? '' : text}
      </p>
      {state.status === 'running' && state.cancel && (
        <button type="button" className="dse-button dse-button--secondary" onClick={state.cancel}>
          {t('summary.cancel')}
        </button>
      )}
      {ended && (
        <button type="button" className="dse-button dse-button--secondary" onClick={onAgain}>
          {state.status === 'failed' ? t('summary.tryAgain') : t('summary.startAgain')}
        </button>
      )}
    </div>
  )
}
