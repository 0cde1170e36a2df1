// The Map tab: every matching record with a usable position, drawn as it streams in, with the count
// (counted cells where too many are in view; a labelled sample beyond a million); a point's label on
// hover and its record on click, with "Show in table"; the points in view as a list (the text
// alternative: a point focused there is ringed on the map, with its label); and "Filter to this
// view" or "Draw an area", which add a latitude and a longitude range to the view's filters. Where it
// looks is kept in the link. Loaded with Leaflet when the tab is first shown.
import L from 'leaflet'
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react'
import type { CkanField, CkanRecord } from '../../api/ckan/types'
import { useCellLocale } from '../../components/ui/use-cell-locale'
import { mapCatalogue } from '../../i18n/catalogues/map'
import { useFormats, useMessages } from '../../i18n/i18n-context'
import { createThrottle } from '../../components/ui/throttle'
import { formatCell } from '../../lib/format'
import { fieldLabel } from '../../model/fields'
import { MAX_ZOOM, MIN_ZOOM, type MapAt } from '../../model/map-at'
import type { Area } from '../../model/place-area'
import { labelColumn, placeFieldIds, type PlaceColumns } from './find-places'
import { fetchedTiles, outlineLayer, PointsLayer, themeColours } from './leaflet-layers'
import { applyDelta, createPointSet, isSample, pointsInArea, type PointSet } from './point-set'
import type { PointSource } from './point-source'

/** OpenStreetMap's standard tiles, the default (https://operations.osmfoundation.org/policies/tiles/). */
export const OSM_TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png'
/** How many points in view the list names (the count says the rest). */
const LISTED = 50
/** While the points stream in, they are shown again at most this often (ms). */
const SHOW_EVERY_MS = 250

export interface MapViewProps {
  fields: readonly CkanField[]
  places: PlaceColumns
  /** Every record the view matches (its search and filters): a new source starts the points again. */
  source: PointSource
  /** One record by its `_id`, with all its columns. */
  readRecord(id: number): Promise<CkanRecord | null>
  /** The tiles' URL template; null: none (the outline only). */
  tiles: string | null
  /** Adds the area (latitude and longitude ranges) to the view's filters. Only for a column pair. */
  onFilterArea?: (area: Area) => void
  /** Where the map opens; null: around every point (and again for each new search or filter). */
  at?: MapAt | null
  /**
   * The reader moved or zoomed the map; null: the map fitted itself to a new search's points (which
   * a link without a place does again), so the link's place no longer holds.
   */
  onMove?: (at: MapAt | null) => void
  /** "Show in table" on a record's panel. */
  onShowInTable?: (id: number) => void
  /** Shown in the map's bar: the control that chooses the position columns. */
  chooser?: ReactNode
}

/** The points read from one source so far (a new source shows none until its first page). */
interface Points {
  source: PointSource | null
  set: PointSet
  /** Records read (with or without a usable position). */
  loaded: number
  total: number | undefined
  done: boolean
  error: string | null
}

const NO_POINTS: Points = {
  source: null,
  set: createPointSet(0),
  loaded: 0,
  total: undefined,
  done: false,
  error: null,
}

function areaOf(bounds: L.LatLngBounds): Area {
  return {
    south: bounds.getSouth(),
    west: bounds.getWest(),
    north: bounds.getNorth(),
    east: bounds.getEast(),
  }
}

export function MapView(props: MapViewProps) {
  const { fields, places, source, tiles } = props
  const t = useMessages(mapCatalogue)
  const formats = useFormats()
  const cellLocale = useCellLocale()
  const ids = { list: useId(), status: useId() }
  const label = useMemo(() => labelColumn(fields, places), [fields, places])
  const container = useRef<HTMLDivElement>(null)
  const mapRef = useRef<L.Map | null>(null)
  const layerRef = useRef<PointsLayer | null>(null)
  // the points of the current source, for the layer and the handlers (the render reads `points`)
  const setRef = useRef<PointSet>(NO_POINTS.set)
  const [read, setRead] = useState<Points>(NO_POINTS)
  const points = read.source === source ? read : NO_POINTS
  // the points in view, of the point set they were counted in (a new set has its own)
  const [inViewOf, setInView] = useState<{ set: PointSet; indices: number[]; count: number } | null>(null)
  // under the pointer or the keyboard: a point (its index) or a counted cell (its count)
  const [hover, setHover] = useState<{ index: number; cell?: number; x: number; y: number } | null>(null)
  const [selected, setSelected] = useState<{ id: number; record: CkanRecord | null } | null>(null)
  const [drawing, setDrawing] = useState(false)
  const [tilesFailed, setTilesFailed] = useState(false)
  const number = (value: number) => formats.count(value)
  // the count on a cell's circle, short ("12K"); in the reader's language
  const shortCount = useMemo(() => {
    const format = new Intl.NumberFormat(formats.locale === 'en-XA' ? 'en' : formats.locale, {
      notation: 'compact',
      maximumFractionDigits: 1,
    })
    return (value: number) => format.format(value)
  }, [formats.locale])
  // read by the map's handlers, made once: the latest callbacks
  const latest = useRef(props)
  useEffect(() => {
    latest.current = props
  })
  // the first points fit the view, unless the link said where to look
  const placedByLink = useRef(!!props.at)
  // whether the reader moved the map since the current points began (then it is not fitted again)
  const readerMoved = useRef(false)
  const coordinate = (value: number) => formats.number(null).format(Number(value.toFixed(5)))
  const fitting = useRef(false)
  const refreshInView = () => {
    const map = mapRef.current
    if (map)
      setInView({ set: setRef.current, ...pointsInArea(setRef.current, areaOf(map.getBounds()), LISTED) })
  }

  // the map itself: made once, with the outline under the tiles
  useEffect(() => {
    const element = container.current
    if (!element) return
    const start = latest.current.at
    const map = L.map(element, {
      preferCanvas: true,
      zoomAnimation: false,
      attributionControl: false,
      worldCopyJump: true,
      minZoom: MIN_ZOOM,
      maxZoom: MAX_ZOOM,
    }).setView(start ? [start.lat, start.lon] : [20, 0], start ? start.zoom : 2)
    mapRef.current = map
    const colours = () => themeColours(element)
    let cancelled = false
    void outlineLayer(map, colours()).then((outline) => {
      if (!cancelled) outline.addTo(map)
    })
    if (tiles) {
      let loaded = 0
      fetchedTiles(tiles, (ok) => {
        if (ok) loaded++
        else if (loaded === 0) setTilesFailed(true)
      }).addTo(map)
    }
    const layer = new PointsLayer(() => setRef.current, colours, shortCount).addTo(map)
    layerRef.current = layer
    map.on('moveend', refreshInView)
    // the reader's moves go into the link; the map's own fitting (flagged) does not
    map.on('moveend', () => {
      if (fitting.current) return
      readerMoved.current = true
      const centre = map.getCenter()
      latest.current.onMove?.({ lat: centre.lat, lon: centre.lng, zoom: map.getZoom() })
    })
    return () => {
      cancelled = true
      map.remove()
      mapRef.current = null
      layerRef.current = null
    }
  }, [tiles, shortCount])

  // the points: every matching record, page after page; a new search or filter starts again
  useEffect(() => {
    const controller = new AbortController()
    const set = createPointSet()
    setRef.current = set
    if (layerRef.current) {
      layerRef.current.selected = -1
      layerRef.current.draw()
    }
    // A link's place holds for the first points; each new search or filter fits its own: to the
    // first ones that come (at once), and again to all of them at the end, unless the reader moved.
    let fitted = placedByLink.current
    const linkPlaced = fitted
    placedByLink.current = false
    readerMoved.current = false
    let loaded = 0
    let total: number | undefined
    let done = false
    let error: string | null = null
    // the points read so far, shown: the count, the drawing, the list in view
    const show = () => {
      setRead({ source, set, loaded, total, done, error })
      const map = mapRef.current
      layerRef.current?.draw()
      const refit = done && !linkPlaced && !readerMoved.current
      if (map && (!fitted || refit) && set.count > 0) {
        fitted = true
        fitting.current = true
        map.fitBounds(boundsOf(set), { padding: [16, 16], maxZoom: 12, animate: false })
        fitting.current = false
        if (latest.current.at) latest.current.onMove?.(null)
      }
      if (map) setInView({ set, ...pointsInArea(set, areaOf(map.getBounds()), LISTED) })
    }
    // A million points come in hundreds of pages: drawn again after each one, most of the reading
    // went into drawing. The first page shows at once, then at most four times a second, and the end.
    const progress = createThrottle(show, SHOW_EVERY_MS)
    source(
      { places, label },
      (read) => {
        if (controller.signal.aborted) return
        applyDelta(set, read.delta)
        loaded = read.read
        total = read.total
        progress.request()
      },
      controller.signal,
    ).then(
      () => {
        if (controller.signal.aborted) return
        done = true
        progress.flush()
      },
      (reason: unknown) => {
        if (controller.signal.aborted) return
        done = true
        error = reason instanceof Error ? reason.message : String(reason)
        progress.flush()
      },
    )
    return () => {
      controller.abort()
      progress.cancel()
    }
  }, [source, places, label])

  // a selected point's record
  const select = (index: number) => {
    const set = setRef.current
    if (index < 0 || index >= set.count) return
    const id = set.ids[index]!
    if (layerRef.current) {
      layerRef.current.selected = index
      layerRef.current.draw()
    }
    setSelected({ id, record: null })
    void props
      .readRecord(id)
      .then((record) => setSelected((current) => (current && current.id === id ? { id, record } : current)))
  }

  // a point in the list has the keyboard: ringed on the map, with its label beside it
  const focusPoint = (index: number) => {
    const map = mapRef.current
    const layer = layerRef.current
    const set = setRef.current
    if (!map || !layer) return
    layer.focused = index
    layer.draw()
    if (index < 0 || index >= set.count) return setHover(null)
    const point = map.latLngToContainerPoint([set.lat[index]!, set.lon[index]!])
    setHover({ index, x: point.x, y: point.y })
  }

  // hover and click on the canvas, and drawing an area
  useEffect(() => {
    const map = mapRef.current
    const layer = layerRef.current
    if (!map || !layer) return
    let start: L.LatLng | null = null
    let box: L.Rectangle | null = null
    const onMove = (event: L.LeafletMouseEvent) => {
      if (drawing && start) {
        const bounds = L.latLngBounds(start, event.latlng)
        if (box) box.setBounds(bounds)
        else box = L.rectangle(bounds, { weight: 2, interactive: false }).addTo(map)
        return
      }
      const { x, y } = event.containerPoint
      const cell = layer.binAt(x, y)
      if (cell) return setHover({ index: -1, cell: cell.count, x, y })
      const index = layer.nearest(x, y)
      setHover(index < 0 ? null : { index, x, y })
    }
    const onDown = (event: L.LeafletMouseEvent) => {
      if (drawing) start = event.latlng
    }
    const onUp = (event: L.LeafletMouseEvent) => {
      if (!drawing || !start) return
      const bounds = L.latLngBounds(start, event.latlng)
      start = null
      box?.remove()
      box = null
      setDrawing(false)
      if (!bounds.getNorthEast().equals(bounds.getSouthWest())) props.onFilterArea?.(areaOf(bounds))
    }
    const onClick = (event: L.LeafletMouseEvent) => {
      if (drawing) return
      // a counted cell: closer, centred on its points
      const cell = layer.binAt(event.containerPoint.x, event.containerPoint.y)
      if (cell) return void map.setView(map.containerPointToLatLng([cell.x, cell.y]), map.getZoom() + 2)
      const index = layer.nearest(event.containerPoint.x, event.containerPoint.y)
      if (index >= 0) select(index)
    }
    if (drawing) map.dragging.disable()
    map.on('mousemove', onMove)
    map.on('mousedown', onDown)
    map.on('mouseup', onUp)
    map.on('click', onClick)
    map.on('mouseout', () => setHover(null))
    return () => {
      map.off('mousemove', onMove)
      map.off('mousedown', onDown)
      map.off('mouseup', onUp)
      map.off('click', onClick)
      map.off('mouseout')
      map.dragging.enable()
      box?.remove()
    }
  })

  const set = points.set
  const inView = inViewOf?.set === set ? inViewOf : { indices: [], count: 0 }
  const pointName = (index: number) => set.labels[index] ?? t('map.noLabel', { id: String(set.ids[index]) })
  const status =
    points.error !== null
      ? t('map.failed', { reason: points.error })
      : points.loaded === 0 && !points.done
        ? t('map.loading')
        : isSample(set)
          ? t('map.sample', { count: number(set.count), usable: number(set.usable) })
          : points.done || points.total === undefined
            ? t('map.count', { count: set.count })
            : t('map.countOf', { count: points.loaded, total: points.total })

  return (
    <div className="dse-map">
      <div className="dse-map__bar">
        <p id={ids.status} className="dse-map__count" role="status">
          {status}
        </p>
        {props.chooser ?? (
          <p className="dse-hint dse-map__columns">
            {t('map.columns')}{' '}
            <bdi>
              {placeFieldIds(places)
                .map((id) =>
                  fieldLabel(
                    fields.find((field) => field.id === id),
                    id,
                  ),
                )
                .join(', ')}
            </bdi>
          </p>
        )}
        {props.onFilterArea && (
          <>
            <button
              type="button"
              className="dse-button dse-button--secondary"
              onClick={() => mapRef.current && props.onFilterArea?.(areaOf(mapRef.current.getBounds()))}
            >
              {t('map.filterView')}
            </button>
            <button
              type="button"
              className="dse-button dse-button--secondary"
              aria-pressed={drawing}
              onClick={() => setDrawing(!drawing)}
              onKeyDown={(event) => event.key === 'Escape' && setDrawing(false)}
            >
              {t('map.drawArea')}
            </button>
          </>
        )}
      </div>
      {drawing && <p className="dse-hint">{t('map.drawing')}</p>}
      {set.unusableCount > 0 && (
        <details className="dse-map__unusable">
          <summary>{t('map.unusable', { count: set.unusableCount })}</summary>
          <p>{t('map.unusableIds', { ids: set.unusableIds.join(', ') })}</p>
        </details>
      )}
      {tilesFailed && <p className="dse-hint">{t('map.tilesFailed')}</p>}
      {/* Leaflet adds its own classes to the map's element: React must never set that one's className again */}
      <div className={drawing ? 'dse-map__frame dse-map__frame--drawing' : 'dse-map__frame'}>
        <div
          ref={container}
          className="dse-map__canvas"
          role="region"
          aria-label={t('map.region')}
          aria-describedby={ids.status}
          onKeyDown={(event) => event.key === 'Escape' && setDrawing(false)}
        />
        {hover && hover.index < set.count && (hover.index >= 0 || hover.cell !== undefined) && (
          <div
            className="dse-map__tooltip"
            ref={(element) => {
              // placed by script (CSSOM), so a strict style-src allows it
              if (element) element.style.transform = `translate(${hover.x + 12}px, ${hover.y + 12}px)`
            }}
          >
            {hover.cell !== undefined ? (
              t('map.cell', { count: hover.cell })
            ) : (
              <bdi>{pointName(hover.index)}</bdi>
            )}
          </div>
        )}
      </div>
      <p className="dse-hint dse-map__attribution">
        {tiles === OSM_TILES && (
          <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noreferrer">
            {t('map.attributionOsm')}
          </a>
        )}
        <span>{t('map.attributionOutline')}</span>
      </p>
      {selected && (
        <section className="dse-map__record" aria-label={t('map.record', { id: String(selected.id) })}>
          <div className="dse-map__record-head">
            <h3>{t('map.record', { id: String(selected.id) })}</h3>
            {props.onShowInTable && (
              <button
                type="button"
                className="dse-button dse-button--secondary"
                onClick={() => props.onShowInTable?.(selected.id)}
              >
                {t('map.showInTable')}
              </button>
            )}
            <button
              type="button"
              className="dse-button dse-button--quiet"
              onClick={() => {
                setSelected(null)
                if (layerRef.current) {
                  layerRef.current.selected = -1
                  layerRef.current.draw()
                }
              }}
            >
              {t('map.closeRecord')}
            </button>
          </div>
          {selected.record ? (
            <dl>
              {fields.map((field) => (
                <div key={field.id} className="dse-map__field">
                  <dt>
                    <bdi>{fieldLabel(field, field.id)}</bdi>
                  </dt>
                  <dd>
                    <bdi>{formatCell(selected.record![field.id], field.type, cellLocale).text}</bdi>
                  </dd>
                </div>
              ))}
            </dl>
          ) : (
            <p className="dse-hint">{t('map.loadingRecord')}</p>
          )}
        </section>
      )}
      <details className="dse-map__list">
        <summary>{t('map.inView', { count: inView.count })}</summary>
        {inView.count > inView.indices.length && (
          <p className="dse-hint">
            {t('map.inViewMore', { shown: number(inView.indices.length), count: number(inView.count) })}
          </p>
        )}
        <ul id={ids.list}>
          {inView.indices.map((index) => (
            <li key={set.ids[index]}>
              <button
                type="button"
                className="dse-button dse-button--quiet"
                onClick={() => select(index)}
                onFocus={() => focusPoint(index)}
                onBlur={() => focusPoint(-1)}
              >
                <bdi>
                  {t('map.pointLabel', {
                    label: pointName(index),
                    lat: coordinate(set.lat[index]!),
                    lon: coordinate(set.lon[index]!),
                  })}
                </bdi>
              </button>
            </li>
          ))}
        </ul>
      </details>
    </div>
  )
}

function boundsOf(set: PointSet): L.LatLngBounds {
  let south = 90
  let north = -90
  let west = 180
  let east = -180
  for (let index = 0; index < set.count; index++) {
    south = Math.min(south, set.lat[index]!)
    north = Math.max(north, set.lat[index]!)
    west = Math.min(west, set.lon[index]!)
    east = Math.max(east, set.lon[index]!)
  }
  return L.latLngBounds([south, west], [north, east])
}
