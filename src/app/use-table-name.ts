// What an open table is called: the name it was chosen by, else the portal's catalogue (asked once
// its rows are painted, by the table's own id: an alias is not a resource id), else what the recent
// list remembers. A table that loaded is remembered as recent under the best name known.
import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import type { Portal, ResourceSummary } from '../api/ckan/types'
import { usePaintedValue } from '../components/ui/use-painted-value'
import { useEnvironment } from '../instance/environment'
import { resourceQueryOptions } from '../queries/datastore-queries'

export interface TableNames {
  /** The open table's name and dataset, when known. */
  summary: ResourceSummary | undefined
  /** Remembers the name a table was chosen by (a catalogue result), for the heading. */
  rememberChosen(portalBaseUrl: string, item: ResourceSummary): void
  /** The id of the loaded table once a frame showing its rows was painted. */
  paintedId: string | null | undefined
}

export function useTableName(
  portal: Portal,
  resourceId: string | null,
  /** The open table's first page has loaded (not a previous result shown meanwhile). */
  loaded: boolean,
  recent: readonly ResourceSummary[],
  /** The table's own id from that first page's answer (differs from `resourceId` for an alias). */
  tableId?: string,
): TableNames {
  const { api, recentStore } = useEnvironment()
  const baseUrl = portal.baseUrl
  // tables chosen in this session, so the heading can name them without asking the portal
  const [known, setKnown] = useState<Record<string, ResourceSummary>>({})
  const knownSummary = resourceId ? known[`${baseUrl} ${resourceId}`] : undefined
  const recentSummary = resourceId ? recent.find((item) => item.id === resourceId) : undefined
  const loadedId = loaded ? resourceId : null
  // asked once the table proved readable (no second error for a private one) and its rows are painted:
  // a request sent earlier would cost milliseconds the first rows wait for
  const paintedId = usePaintedValue(loadedId)
  const resourceInfo = useQuery({
    ...resourceQueryOptions(api, portal, tableId ?? resourceId ?? ''),
    enabled: !!loadedId && !knownSummary && paintedId === loadedId,
    retry: false,
  })
  const summary = knownSummary ?? resourceInfo.data ?? recentSummary
  if (resourceId && resourceInfo.data && !knownSummary) {
    // kept for this session: a new token (new query keys) must not ask for it again
    setKnown((current) => ({ ...current, [`${baseUrl} ${resourceId}`]: resourceInfo.data }))
  }

  const nameSettled = !!knownSummary || resourceInfo.isSuccess || resourceInfo.isError
  const name = summary?.name
  const datasetTitle = summary?.datasetTitle
  useEffect(() => {
    if (!loadedId || !nameSettled) return
    const item: ResourceSummary = { id: loadedId, name: name ?? loadedId }
    if (datasetTitle) item.datasetTitle = datasetTitle
    recentStore.save(baseUrl, item)
  }, [recentStore, baseUrl, loadedId, nameSettled, name, datasetTitle])

  const rememberChosen = (portalBaseUrl: string, item: ResourceSummary) =>
    setKnown((current) => ({ ...current, [`${portalBaseUrl} ${item.id}`]: item }))

  return { summary, rememberChosen, paintedId }
}
