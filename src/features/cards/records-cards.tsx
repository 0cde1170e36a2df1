// The records as cards, for a narrow screen: each card its label column first, then the next fields as
// "label: value" on two lines at most; a tap opens the whole record. The cards are windowed as the grid
// is (queries/use-record-window.ts): only those near the screen are drawn, and only their pages loaded.
import { useLayoutEffect, useMemo, useRef, useState } from 'react'
import type { CkanRecord, Portal, SearchRequest, SearchResult } from '../../api/ckan/types'
import { Dialog } from '../../components/ui/dialog'
import { useCellLocale } from '../../components/ui/use-cell-locale'
import { cardsCatalogue } from '../../i18n/catalogues/cards'
import { useMessages } from '../../i18n/i18n-context'
import { useEnvironment } from '../../instance/environment'
import { formatCell, type CellLocale } from '../../lib/format'
import type { ExplorerState } from '../../model/explorer-state'
import { shownColumns, viewColumns, type ViewColumn } from '../../model/fields'
import { useFoundRowCount } from '../../queries/found-row-count'
import { visibleRowCount } from '../../queries/page-plan'
import type { useRecordWindow } from '../../queries/use-record-window'
import { cardFields, cardWindow, labelColumn } from './cards-fns'

/** A card's height in px (two lines and their padding): the CSS's --dse-card-height. */
export const CARD_HEIGHT = 40
/** Cards drawn beyond each edge of the screen. */
const OVERSCAN = 4

export interface RecordsCardsProps {
  portal: Portal
  state: ExplorerState
  firstPage: SearchResult
  firstPageRequest: SearchRequest
  /** The first page is the previous result, shown while the new one loads: load no more pages for it. */
  stale?: boolean
  /**
   * The grid's windowed loading (queries/use-record-window.ts), handed over by the view: imported here,
   * it made the bundler split TanStack Query out of the page's first script into chunks of their own
   * (3 KB more gzip before the first rows).
   */
  useWindow: typeof useRecordWindow
}

function cellText(record: CkanRecord, column: ViewColumn, locale: CellLocale): string {
  const value = Object.hasOwn(record, column.id) ? record[column.id] : undefined
  return formatCell(value, column.type, locale).text
}

export function RecordsCards(props: RecordsCardsProps) {
  const { portal, state, firstPage, firstPageRequest, stale, useWindow } = props
  const t = useMessages(cardsCatalogue)
  const locale = useCellLocale()
  const { api } = useEnvironment()
  const columns = useMemo(
    () => shownColumns(firstPage.fields, state.hidden, state.columns, state.pinned),
    [firstPage.fields, state.hidden, state.columns, state.pinned],
  )
  const label = labelColumn(columns)
  const fields = cardFields(columns, label)
  const total = useFoundRowCount(firstPage)?.rows ?? firstPage.total
  const count = visibleRowCount(state.limit, total, firstPage.records.length)

  const scrollRef = useRef<HTMLDivElement>(null)
  // a new result starts at its first card
  const requestKey = JSON.stringify(firstPageRequest)
  const [scroll, setScroll] = useState({ top: 0, height: 0, key: requestKey })
  if (scroll.key !== requestKey) setScroll({ ...scroll, top: 0, key: requestKey })
  // A new result starts at the top. Not on the first: a new box is there already, and setting
  // scrollTop forces a layout of the whole page inside the commit that brings the first cards.
  const shownKey = useRef(requestKey)
  useLayoutEffect(() => {
    if (shownKey.current === requestKey) return
    shownKey.current = requestKey
    if (scrollRef.current) scrollRef.current.scrollTop = 0
  }, [requestKey])
  useLayoutEffect(() => {
    const element = scrollRef.current
    if (!element) return
    // called once at once with the box's size, then on every change of it
    const observer = new ResizeObserver(() =>
      setScroll((old) =>
        old.height === element.clientHeight ? old : { ...old, height: element.clientHeight },
      ),
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [])

  // before the box is measured, the cards a phone's screen holds
  const window = cardWindow(count, CARD_HEIGHT, scroll.top, scroll.height || 12 * CARD_HEIGHT, OVERSCAN)
  const records = useWindow({
    api,
    portal,
    firstPage,
    firstPageRequest,
    limit: state.limit,
    rowCount: count,
    first: window.firstVisible,
    last: window.lastVisible,
    enabled: true,
    fetchMore: !stale,
    totalWasEstimated: firstPage.totalWasEstimated,
  })
  const [open, setOpen] = useState<CkanRecord | null>(null)

  const cards = []
  for (let index = window.first; index <= window.last; index++) {
    const row = records.getRow(index)
    if (row.status === 'missing') continue
    const top = window.firstTop + (index - window.first) * CARD_HEIGHT
    cards.push(
      <li
        key={index}
        className="dse-card-item"
        style={{ insetBlockStart: top }}
        aria-setsize={count}
        aria-posinset={index + 1}
      >
        {row.status === 'loaded' ? (
          <button type="button" className="dse-card" onClick={() => setOpen(row.record)}>
            <span className="dse-card__label" dir="auto">
              {label ? cellText(row.record, label, locale) : ''}
            </span>
            <span className="dse-card__fields">
              {fields.map((column) => (
                <span key={column.id} className="dse-card__field">
                  <bdi className="dse-card__name">{column.label ?? column.id}</bdi>
                  {': '}
                  <bdi>{cellText(row.record, column, locale)}</bdi>
                </span>
              ))}
            </span>
          </button>
        ) : (
          <div className="dse-card dse-card--pending" aria-busy="true">
            {row.status === 'error' ? t('cards.failed') : t('cards.loading')}
          </div>
        )}
      </li>,
    )
  }

  return (
    <div
      className="dse-cards"
      ref={scrollRef}
      onScroll={(event) => {
        const top = event.currentTarget.scrollTop
        setScroll((old) => ({ ...old, top }))
      }}
    >
      <ul className="dse-cards__list" aria-label={t('cards.list')} style={{ blockSize: window.scrollHeight }}>
        {cards}
      </ul>
      {records.hasError && (
        <div className="dse-table__error" role="alert">
          <span>{t('cards.failed')}</span>
          <button type="button" className="dse-button dse-button--secondary" onClick={records.retry}>
            {t('cards.retry')}
          </button>
        </div>
      )}
      <Dialog
        open={open !== null}
        onClose={() => setOpen(null)}
        title={open && label ? cellText(open, label, locale) || t('cards.record') : t('cards.record')}
      >
        {open && (
          <dl className="dse-record">
            {viewColumns(firstPage.fields, state.columns).map((column) => (
              <div key={column.id} className="dse-record__field">
                <dt>{column.label ?? column.id}</dt>
                <dd dir="auto">{cellText(open, column, locale)}</dd>
              </div>
            ))}
          </dl>
        )}
      </Dialog>
    </div>
  )
}
