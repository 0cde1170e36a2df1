// The start page's list of what there is: the portal's tables, recent ones first, with their dataset
// and row count, filtered by what is typed in the table box. Counts come with the catalogue when it
// gives them (the bundled server does, in one request), else a few at a time for the tables shown.
import { useQueries, useQueryClient, type QueryState } from '@tanstack/react-query'
import { useState } from 'react'
import type { Portal, ResourceSummary } from '../../api/ckan/types'
import { mainCatalogue } from '../../i18n/catalogues/main'
import { useMessages } from '../../i18n/i18n-context'
import { useEnvironment } from '../../instance/environment'
import { rowCountQueryOptions } from '../../queries/datastore-queries'
import { countsToAsk, type CountState } from './count-schedule'
import { matchesTableFilter, recentFirst } from './filter-tables'

/** Tables shown at first, and added by "Show more": the counts asked for follow what is shown. */
export const TABLES_PER_STEP = 12

function countState(state: QueryState | undefined): CountState {
  if (!state) return 'waiting'
  if (state.status !== 'pending') return 'known'
  return state.fetchStatus === 'fetching' ? 'pending' : 'waiting'
}

export function TableList({
  portal,
  tables,
  recent,
  filterText,
  onOpen,
}: {
  portal: Portal
  /** The portal's tables, or undefined while they are asked for. */
  tables: readonly ResourceSummary[] | undefined
  recent: readonly ResourceSummary[]
  filterText: string
  onOpen: (table: ResourceSummary) => void
}) {
  const t = useMessages(mainCatalogue)
  const { api } = useEnvironment()
  const client = useQueryClient()
  const [shownCount, setShownCount] = useState(TABLES_PER_STEP)
  const recentIds = new Set(recent.map((table) => table.id))
  const matching = recentFirst(recent, tables ?? []).filter((table) => matchesTableFilter(table, filterText))
  const shown = matching.slice(0, shownCount)

  const options = shown.map((table) => rowCountQueryOptions(api, portal, table.id))
  const ask = countsToAsk(
    shown.map((table, index) =>
      table.rows !== undefined || table.loading
        ? 'known'
        : countState(client.getQueryState(options[index]!.queryKey)),
    ),
  )
  const counts = useQueries({
    queries: options.map((option, index) => ({ ...option, enabled: ask[index] === true })),
  })

  if (matching.length === 0) {
    if (tables === undefined) return null
    return (
      <p className="dse-hint" role="status">
        {filterText.trim() ? t('tables.noMatch', { text: filterText.trim() }) : t('tables.none')}
      </p>
    )
  }

  return (
    <>
      <ul className="dse-table-list">
        {shown.map((table, index) => {
          const rows = table.rows ?? counts[index]?.data ?? undefined
          return (
            <li key={table.id}>
              {/* a table still loading cannot be searched yet: it opens once its progress reaches the end */}
              <button
                type="button"
                className="dse-table-card"
                aria-disabled={table.loading ? true : undefined}
                onClick={() => {
                  if (!table.loading) onOpen(table)
                }}
              >
                <span className="dse-table-card__name" dir="auto">
                  {table.name}
                </span>
                {table.datasetTitle && table.datasetTitle !== table.name && (
                  <span className="dse-table-card__dataset" dir="auto">
                    {t('picker.inDataset', { title: table.datasetTitle })}
                  </span>
                )}
                {table.description && (
                  <span className="dse-table-card__description" dir="auto">
                    {table.description}
                  </span>
                )}
                <span className="dse-table-card__meta">
                  {table.loading
                    ? t('tables.stillLoading', {
                        loaded: table.loading.rowsLoaded,
                        total: table.loading.rowsTotal,
                      })
                    : rows !== undefined && rows !== null
                      ? t('tables.rows', { count: rows })
                      : '\u00a0'}
                  {recentIds.has(table.id) && (
                    <span className="dse-table-card__recent">{t('tables.recent')}</span>
                  )}
                </span>
              </button>
            </li>
          )
        })}
      </ul>
      {matching.length > shown.length && (
        <button
          type="button"
          className="dse-button dse-button--secondary dse-table-list__more"
          onClick={() => setShownCount(shownCount + TABLES_PER_STEP)}
        >
          {t('tables.showMore', { count: matching.length - shown.length })}
        </button>
      )}
    </>
  )
}
