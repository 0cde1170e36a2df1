// What the explorer shows before a table is chosen: the table box (find by name, or paste a link), and
// the list of the portal's tables, recent ones first, filtered by what is typed in the box.
import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useId, useState } from 'react'
import { portalHost } from '../api/ckan/portal-url'
import type { ParsedResourceInput } from '../api/ckan/resource-input'
import type { Portal, ResourceSummary } from '../api/ckan/types'
import { Spinner } from '../components/ui/spinner'
import { useDebouncedValue } from '../components/ui/use-debounced-value'
import { ResourcePicker } from '../features/resource-picker/resource-picker'
import { mainCatalogue } from '../i18n/catalogues/main'
import { useMessages } from '../i18n/i18n-context'
import { useEnvironment } from '../instance/environment'
import { resourceSearchQueryOptions } from '../queries/datastore-queries'

// Loaded with the start page: not needed to show an open table's first rows (initial JS budget).
const TableList = lazy(() =>
  import('../features/table-list/table-list').then((module) => ({ default: module.TableList })),
)

const FILTER_DEBOUNCE_MS = 150

export function StartPanel({
  portal,
  recent,
  onOpen,
}: {
  portal: Portal
  recent: readonly ResourceSummary[]
  onOpen: (input: ParsedResourceInput, summary?: ResourceSummary) => void
}) {
  const t = useMessages(mainCatalogue)
  const { api } = useEnvironment()
  const titleId = useId()
  const [typed, setTyped] = useState('')
  const filterText = useDebouncedValue(typed, FILTER_DEBOUNCE_MS)
  // every table the catalogue offers (the same query as the table box's empty search)
  const tables = useQuery(resourceSearchQueryOptions(api, portal, ''))

  return (
    <div className="dse-start">
      <ResourcePicker portal={portal} recent={recent} onOpen={onOpen} onTextChange={setTyped} />
      <section className="dse-start__tables" aria-labelledby={titleId}>
        <h2 id={titleId} className="dse-section-title">
          {t('tables.heading', { host: portalHost(portal.baseUrl) })}
        </h2>
        {tables.isPending && <Spinner label={t('tables.loading')} />}
        {tables.isError && recent.length === 0 && <p className="dse-hint">{t('tables.listFailed')}</p>}
        <Suspense fallback={<Spinner label={t('tables.loading')} />}>
          <TableList
            portal={portal}
            tables={tables.data ?? (tables.isError ? [] : undefined)}
            recent={recent}
            filterText={filterText}
            onOpen={(table) => onOpen({ resourceId: table.id }, table)}
          />
        </Suspense>
      </section>
    </div>
  )
}
