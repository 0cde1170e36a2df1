// The Map tab's panel: the map fed with the view's records (by datastore_search pages, through the
// same reading as the table, so an old portal's ranges are applied in the browser), the tiles the
// instance's config names, and the view's filter changes. Loaded lazily with the map.
import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useMemo } from 'react'
import type { CkanField, Portal, SearchRequest } from '../../api/ckan/types'
import { useEnvironment } from '../../instance/environment'
import type { FilterCondition } from '../../model/filters'
import type { MapAt } from '../../model/map-at'
import { withArea } from '../../model/place-area'
import { searchView } from '../../queries/datastore-queries'
import type { PlaceColumns } from './find-places'
import { MapView, OSM_TILES } from './map-view'
import { PlaceChooser } from './place-chooser'
import { viewSource } from '../../queries/view-source'
import { foldPointSource } from './point-source'

export interface MapPanelProps {
  portal: Portal
  /** The view's request (its first page): the map reads every record it matches. */
  request: SearchRequest
  fields: readonly CkanField[]
  places: PlaceColumns
  filters: readonly FilterCondition[]
  onFiltersChange(filters: FilterCondition[]): void
  /** Where the map opens (the link's `at`); null: around every point. */
  at: MapAt | null
  /** The reader moved the map (the link keeps where); null: the map fitted itself to new points. */
  onMove(at: MapAt | null): void
  /** The reader chose the position columns (empty: let the explorer find them). */
  onChoosePlace(names: string[]): void
  /** "Show in table": the Table tab with this record. */
  onShowInTable(id: number): void
}

export function MapPanel({
  portal,
  request,
  fields,
  places,
  filters: conditions,
  onFiltersChange,
  ...props
}: MapPanelProps) {
  const { api, config } = useEnvironment()
  const client = useQueryClient()
  // one source per search and filters (not per page, sort or limit: the map shows every match)
  const { resourceId, q, plain, language, filters } = request
  const viewKey = JSON.stringify({ resourceId, q, plain, language, filters })
  const source = useMemo(() => {
    const view = JSON.parse(viewKey) as SearchRequest
    return foldPointSource(portal, view, () => viewSource(api, portal, view, client))
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
      at={props.at}
      onMove={props.onMove}
      onShowInTable={props.onShowInTable}
      chooser={<PlaceChooser fields={fields} places={places} onChoose={props.onChoosePlace} />}
      // an area is a latitude range and a longitude range: for a pair of number columns only
      {...(places.kind === 'pair'
        ? { onFilterArea: (area) => onFiltersChange(withArea(conditions, places.lat, places.lon, area)) }
        : {})}
    />
  )
}
