import type { ResourceSummary } from '../api/ckan/types'
import { appText } from './app-messages'

/** What the explorer shows before a table is chosen: how to start, and the recently opened tables. */
export function StartPanel({
  recent,
  onOpen,
}: {
  recent: readonly ResourceSummary[]
  onOpen: (item: ResourceSummary) => void
}) {
  return (
    <section className="dse-empty" aria-labelledby="dse-empty-title">
      <h2 id="dse-empty-title" className="dse-section-title">
        {appText('noResourceTitle')}
      </h2>
      <p>{appText('noResourceText')}</p>
      {recent.length > 0 && (
        <>
          <h3 className="dse-subtitle">{appText('recentTitle')}</h3>
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
