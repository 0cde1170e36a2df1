// Pure helpers of the record cards: which column names a record, what a card shows after it, and which
// cards a scroll position shows (in a scroll space capped for a million records).
import type { ViewColumn } from '../../model/fields'

/** A column's name that reads as a record's name or title, in the languages of the portals we meet. */
const LABEL_NAME = /(^|[^a-z])(name|title|label|nom|titre|libell|nombre|titulo|titel|bezeichnung)/i

const TEXT_TYPE = /^(text|varchar|string|citext)$/i

/**
 * The column a card starts with: the first text column whose id or label reads as a name or title,
 * else the first text column, else the first column (undefined when no column is shown).
 */
export function labelColumn(columns: readonly ViewColumn[]): ViewColumn | undefined {
  const text = columns.filter((column) => TEXT_TYPE.test(column.type))
  return (
    text.find((column) => LABEL_NAME.test(column.id) || LABEL_NAME.test(column.label ?? '')) ??
    text[0] ??
    columns[0]
  )
}

/** The columns a card shows after its label, in the view's order: the next ones, as many as fit two lines. */
export function cardFields(
  columns: readonly ViewColumn[],
  label: ViewColumn | undefined,
  max = 6,
): ViewColumn[] {
  return columns.filter((column) => column !== label).slice(0, max)
}

/** Above this height the list's scroll space is capped, and a scroll position maps onto every card. */
export const MAX_CARDS_SCROLL_HEIGHT = 8_000_000

export interface CardWindow {
  /** The spacer's height: the cards' natural height, or the cap. */
  scrollHeight: number
  /** Cards to draw (0-based, inclusive; first > last when none). */
  first: number
  last: number
  /** Cards on screen (what the record window loads first). */
  firstVisible: number
  lastVisible: number
  /** Where card `first` starts, in the scroll content's coordinates. */
  firstTop: number
}

/** The cards a list of `count` cards of `cardHeight` px shows at `scrollTop` in a box `viewport` px high. */
export function cardWindow(
  count: number,
  cardHeight: number,
  scrollTop: number,
  viewport: number,
  overscan: number,
  cap = MAX_CARDS_SCROLL_HEIGHT,
): CardWindow {
  const natural = Math.max(0, count) * cardHeight
  const scrollHeight = Math.min(natural, cap)
  if (count <= 0)
    return { scrollHeight: 0, first: 0, last: -1, firstVisible: 0, lastVisible: -1, firstTop: 0 }
  const view = Math.max(1, viewport)
  const realMax = Math.max(0, scrollHeight - view)
  const top = Math.min(Math.max(0, scrollTop), realMax)
  // the natural offset at the top of the box: scrollTop itself, or its share of the natural range
  const offset = natural > scrollHeight && realMax > 0 ? (top * (natural - view)) / realMax : top
  const firstVisible = Math.min(count - 1, Math.floor(offset / cardHeight))
  const lastVisible = Math.min(count - 1, Math.max(firstVisible, Math.ceil((offset + view) / cardHeight) - 1))
  const first = Math.max(0, firstVisible - overscan)
  const last = Math.min(count - 1, lastVisible + overscan)
  return { scrollHeight, first, last, firstVisible, lastVisible, firstTop: top + first * cardHeight - offset }
}
