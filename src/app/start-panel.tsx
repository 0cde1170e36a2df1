import { useId } from 'react'
import type { ResourceSummary } from '../api/ckan/types'
import { mainCatalogue } from '../i18n/catalogues/main'
import { useMessages } from '../i18n/i18n-context'

/** What the explorer shows before a table is chosen: how to start, and the recently opened tables. */
export function StartPanel({
  recent,
  onOpen,
}: {
  recent: readonly ResourceSummary[]
  onOpen: (item: ResourceSummary) => void
}) {
  const t = useMessages(mainCatalogue)
  const titleId = useId()
  return (
    <section className="dse-empty" aria-labelledby={titleId}>
      <h2 id={titleId} className="dse-section-title">
        {t('app.noResourceTitle')}
      </h2>
      <p>{t('app.noResourceText')}</p>
      {recent.length > 0 && (
        <>
          <h3 className="dse-subtitle">{t('app.recentTitle')}</h3>
          <ul className="dse-recent">
            {recent.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  className="dse-button dse-button--secondary"
                  onClick={() => onOpen(item)}
                >
                  {item.name}
                  {item.datasetTitle && <span className="dse-recent__dataset"> · {item.datasetTitle}</span>}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  )
}
