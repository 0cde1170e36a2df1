// What the Summary tab says of how much a summary covers: while it runs, once done, cancelled or
// failed (with exactly how many records it counted). Pure.
import { streamFailure } from '../../api/ckan/view-stream'
import type { SummaryMessages } from '../../i18n/catalogues/summary'
import type { Translate } from '../../i18n/translate'
import { secondsLeft, timeLeft } from '../../lib/time-left'
import type { SummaryState } from '../../queries/summary/summary-query'

/** Why a summary stopped short, in words. */
function reasonText(error: unknown, t: Translate<SummaryMessages>): string {
  const failure = streamFailure(error)
  if (!failure)
    return t('summary.reason.worker', { detail: error instanceof Error ? error.message : String(error) })
  if (failure.kind === 'refused') return t('summary.reason.refused', { detail: failure.detail })
  return t(`summary.reason.${failure.kind}`)
}

export function progressText(state: SummaryState, t: Translate<SummaryMessages>): string {
  const { total } = state
  const done = state.status === 'running' ? state.read : state.snapshot.records
  if (state.status === 'done') return t('summary.done', { count: done })
  if (state.status === 'cancelled')
    return total === undefined
      ? t('summary.cancelledNoTotal', { done })
      : t('summary.cancelled', { done, count: total })
  if (state.status === 'failed') {
    const reason = reasonText(state.error, t)
    return total === undefined
      ? t('summary.failedNoTotal', { reason, done })
      : t('summary.failed', { reason, done, count: total })
  }
  if (total === undefined) return t('summary.countingNoTotal', { done })
  const counting = t('summary.counting', { done, count: total })
  const seconds = secondsLeft(done, total, state.elapsedMs)
  if (seconds === undefined) return counting
  const left = timeLeft(seconds)
  return `${counting} ${left.unit === 'seconds' ? t('summary.secondsLeft', { count: left.count }) : t('summary.minutesLeft', { count: left.count })}`
}
