// The map's Leaflet layers: the points (one canvas, redrawn when the view settles: panning moves it
// as a picture, so it stays smooth at a million points), the tiles (fetched, not <img>: a page whose
// CSP allows images only from itself can still show them, and a failure is counted, not logged as a
// broken image), and the world's outline under them (Natural Earth 1:110m, public domain, bundled and
// loaded on first use). Loaded with the map, never before.
import L from 'leaflet'
import { binAt, binPoints, binRadius, BIN_FROM, type Bins } from './bins'
import type { PointSet } from './point-set'

/** The colours the canvas draws with, read from the explorer's theme tokens. */
export interface MapColours {
  point: string
  selected: string
  land: string
  border: string
  /** A count's text on its cell's circle, and the circle's edge. */
  onPoint: string
}

export function themeColours(element: HTMLElement): MapColours {
  const style = getComputedStyle(element)
  const token = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback
  return {
    point: token('--dse-accent', '#0b5cad'),
    selected: token('--dse-danger', '#a4161a'),
    land: token('--dse-border', '#c9ced6'),
    border: token('--dse-muted', '#555e69'),
    onPoint: token('--dse-accent-fg', '#ffffff'),
  }
}

/**
 * Points on a canvas: positions projected once per draw, kept for finding the point under the
 * pointer. With more than BIN_FROM points in view, they are drawn as counted cells (bins.ts).
 */
export class PointsLayer extends L.Layer {
  private canvas: HTMLCanvasElement | null = null
  private screenX = new Float32Array(0)
  private screenY = new Float32Array(0)
  private drawn = new Int32Array(0)
  private drawnCount = 0
  /** The cells drawn, when the points in view were too many to draw one by one. */
  private bins: Bins | null = null
  /** The point the reader chose (its record is shown), ringed; -1: none. */
  selected = -1
  /** The point the keyboard is on (in the list of points in view), ringed; -1: none. */
  focused = -1

  constructor(
    private readonly points: () => PointSet,
    private readonly colours: () => MapColours,
    /** A cell's count as its circle says it (short: "12K"). */
    private readonly countText: (count: number) => string,
  ) {
    super()
  }

  override onAdd(map: L.Map): this {
    // above the outline and the tiles, under Leaflet's markers and popups
    const pane = map.getPane('dsePoints') ?? map.createPane('dsePoints')
    pane.style.zIndex = '450'
    this.canvas = L.DomUtil.create('canvas', 'dse-map__points', pane)
    this.canvas.setAttribute('aria-hidden', 'true')
    map.on('moveend zoomend resize viewreset', this.draw, this)
    this.draw()
    return this
  }

  override onRemove(map: L.Map): this {
    map.off('moveend zoomend resize viewreset', this.draw, this)
    this.canvas?.remove()
    this.canvas = null
    return this
  }

  /** Draws every point in view: small dots, smaller when there are many. */
  draw(): void {
    const map = this._map as L.Map | undefined
    const canvas = this.canvas
    if (!map || !canvas) return
    const size = map.getSize()
    const ratio = canvas.ownerDocument.defaultView?.devicePixelRatio ?? 1
    canvas.width = size.x * ratio
    canvas.height = size.y * ratio
    canvas.style.width = `${size.x}px`
    canvas.style.height = `${size.y}px`
    L.DomUtil.setPosition(canvas, map.containerPointToLayerPoint([0, 0]))
    const context = canvas.getContext('2d')
    if (!context) return
    context.scale(ratio, ratio)
    const set = this.points()
    if (this.screenX.length < set.count) {
      this.screenX = new Float32Array(set.count)
      this.screenY = new Float32Array(set.count)
      this.drawn = new Int32Array(set.count)
    }
    // Web Mercator by hand, from each point's place in the unit square (point-set.ts):
    // map.latLngToContainerPoint allocates two objects a point
    const origin = map.getPixelBounds().min!
    const scale = 256 * 2 ** map.getZoom()
    const colours = this.colours()
    const many = set.count > 20_000
    const radius = many ? 1 : 3.5
    let drawnCount = 0
    for (let index = 0; index < set.count; index++) {
      const x = set.x[index]! * scale - origin.x
      const y = set.y[index]! * scale - origin.y
      if (x < -radius || y < -radius || x > size.x + radius || y > size.y + radius) continue
      this.screenX[drawnCount] = x
      this.screenY[drawnCount] = y
      this.drawn[drawnCount++] = index
    }
    this.drawnCount = drawnCount
    this.bins =
      drawnCount > BIN_FROM ? binPoints(this.screenX, this.screenY, drawnCount, size.x, size.y) : null
    if (this.bins) this.drawBins(context, this.bins, colours)
    else {
      context.fillStyle = colours.point
      context.beginPath()
      for (let slot = 0; slot < drawnCount; slot++) {
        const x = this.screenX[slot]!
        const y = this.screenY[slot]!
        if (many) context.rect(x - radius, y - radius, radius * 2, radius * 2)
        else {
          context.moveTo(x + radius, y)
          context.arc(x, y, radius, 0, Math.PI * 2)
        }
      }
      context.fill()
    }
    for (const [index, colour, dashed] of [
      [this.focused, colours.point, true],
      [this.selected, colours.selected, false],
    ] as const) {
      if (index < 0 || index >= set.count) continue
      const point = map.latLngToContainerPoint([set.lat[index]!, set.lon[index]!])
      context.lineWidth = 3
      context.strokeStyle = colour
      context.setLineDash(dashed ? [4, 3] : [])
      context.beginPath()
      context.arc(point.x, point.y, 9, 0, Math.PI * 2)
      context.stroke()
    }
    context.setLineDash([])
  }

  private drawBins(context: CanvasRenderingContext2D, bins: Bins, colours: MapColours): void {
    context.font = 'bold 11px system-ui, sans-serif'
    context.textAlign = 'center'
    context.textBaseline = 'middle'
    context.lineWidth = 1.5
    for (let slot = 0; slot < bins.length; slot++) {
      const x = bins.x[slot]!
      const y = bins.y[slot]!
      context.beginPath()
      context.arc(x, y, binRadius(bins.counts[slot]!, bins.largest), 0, Math.PI * 2)
      context.globalAlpha = 0.85
      context.fillStyle = colours.point
      context.fill()
      context.globalAlpha = 1
      context.strokeStyle = colours.onPoint
      context.stroke()
      context.fillStyle = colours.onPoint
      context.fillText(this.countText(bins.counts[slot]!), x, y)
    }
  }

  /** The counted cell under a place in the map's box: its centre and count; null when none or not binned. */
  binAt(x: number, y: number): { x: number; y: number; count: number } | null {
    const bins = this.bins
    const slot = bins ? binAt(bins, x, y) : -1
    return bins && slot >= 0 ? { x: bins.x[slot]!, y: bins.y[slot]!, count: bins.counts[slot]! } : null
  }

  /** The point nearest a place in the map's box (within `reach` pixels), or -1. */
  nearest(x: number, y: number, reach = 8): number {
    // counted cells stand for their points: none is picked out under them
    if (this.bins) return -1
    let best = -1
    let bestDistance = reach * reach
    for (let slot = 0; slot < this.drawnCount; slot++) {
      const dx = this.screenX[slot]! - x
      const dy = this.screenY[slot]! - y
      const distance = dx * dx + dy * dy
      if (distance <= bestDistance) {
        bestDistance = distance
        best = this.drawn[slot]!
      }
    }
    return best
  }
}

/**
 * Raster tiles fetched and painted on a canvas each. `onResult` tells each tile's success, so the map
 * can say that the tiles failed (the outline under them still shows).
 */
export function fetchedTiles(template: string, onResult: (ok: boolean) => void): L.GridLayer {
  const Layer = L.GridLayer.extend({
    createTile(coords: L.Coords, done: L.DoneCallback) {
      const tile = L.DomUtil.create('canvas', 'leaflet-tile') as HTMLCanvasElement
      tile.width = 256
      tile.height = 256
      const url = L.Util.template(template, { ...coords, s: 'a' })
      fetch(url, { credentials: 'omit', referrerPolicy: 'strict-origin-when-cross-origin' })
        .then((response) =>
          response.ok ? response.blob() : Promise.reject(new Error(String(response.status))),
        )
        .then((blob) => createImageBitmap(blob))
        .then((bitmap) => {
          tile.getContext('2d')?.drawImage(bitmap, 0, 0, 256, 256)
          onResult(true)
          done(undefined, tile)
        })
        .catch((error: unknown) => {
          onResult(false)
          done(error instanceof Error ? error : new Error(String(error)), tile)
        })
      return tile
    },
  }) as unknown as new (options: L.GridLayerOptions) => L.GridLayer
  return new Layer({ maxZoom: 19, tileSize: 256 })
}

/** The world's land and borders (Natural Earth 1:110m), on a canvas in a pane under the tiles. */
export async function outlineLayer(map: L.Map, colours: MapColours): Promise<L.Layer> {
  const [{ feature, mesh }, land, countries] = await Promise.all([
    import('topojson-client'),
    import('world-atlas/land-110m.json'),
    import('world-atlas/countries-110m.json'),
  ])
  type Topology = Parameters<typeof feature>[0]
  const landTopology = land.default as unknown as Topology
  const countriesTopology = countries.default as unknown as Topology
  const pane = map.getPane('dseOutline') ?? map.createPane('dseOutline')
  pane.style.zIndex = '150'
  const renderer = L.canvas({ pane: 'dseOutline', padding: 0.5 })
  const landShape = feature(landTopology, landTopology.objects.land!)
  const borders = mesh(countriesTopology, countriesTopology.objects.countries as never, (a, b) => a !== b)
  return L.layerGroup([
    // filled only: the land's edges along the antimeridian and the pole would draw as lines
    L.geoJSON(
      landShape as never,
      {
        interactive: false,
        renderer,
        style: { stroke: false, fillColor: colours.land, fillOpacity: 0.7 },
      } as L.GeoJSONOptions,
    ),
    L.geoJSON(
      borders as never,
      {
        interactive: false,
        renderer,
        style: { color: colours.border, weight: 0.6, opacity: 0.8, fill: false },
      } as L.GeoJSONOptions,
    ),
  ])
}
