// The Map tab's panel: the map fed with the view's records (by datastore_search pages, through the
// same reading as the table, so an old portal's ranges are applied in the browser), the tiles the
// instance's config names, and the view's filter changes. Loaded lazily with the map.
import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useMemo } from 'react'
import type { CkanField, Portal, SearchRequest } from '../../api/ckan/types'
import { useEnvironment } from '../../instance/environment'
import type { FilterCondition } from '../../model/filters'
import { withArea } from '../../model/place-area'
import { searchView } from '../../queries/datastore-queries'
import type { PlaceColumns } from './find-places'
import { MapView, OSM_TILES } from './map-view'
import { viewSource } from '../../queries/view-source'
import { streamPointSource } from './point-source'

export interface MapPanelProps {
  portal: Portal
  /** The view's request (its first page): the map reads every record it matches. */
  request: SearchRequest
  fields: readonly CkanField[]
  places: PlaceColumns
  filters: readonly FilterCondition[]
  onFiltersChange(filters: FilterCondition[]): void
}

export function MapPanel({
  portal,
  request,
  fields,
  places,
  filters: conditions,
  onFiltersChange,
}: MapPanelProps) {
  const { api, config } = useEnvironment()
  const client = useQueryClient()
  // one source per search and filters (not per page, sort or limit: the map shows every match)
  const { resourceId, q, plain, language, filters } = request
  const viewKey = JSON.stringify({ resourceId, q, plain, language, filters })
  const source = useMemo(() => {
    const view = JSON.parse(viewKey) as SearchRequest
    return streamPointSource(portal, view, () => viewSource(api, portal, view, client))
  }, [api, portal, client, viewKey])
  const readRecord = useCallback(
    async (id: number) => {
      const result = await searchView(
        api,
        portal,
        { resourceId, filters: { _id: id }, limit: 1 },
        undefined,
        client,
      )
      return result.records[0] ?? null
    },
    [api, portal, client, resourceId],
  )
  return (
    <MapView
      fields={fields}
      places={places}
      source={source}
      readRecord={readRecord}
      tiles={config.tiles === undefined ? OSM_TILES : config.tiles}
      // an area is a latitude range and a longitude range: for a pair of number columns only
      {...(places.kind === 'pair'
        ? { onFilterArea: (area) => onFiltersChange(withArea(conditions, places.lat, places.lon, area)) }
        : {})}
    />
  )
}
