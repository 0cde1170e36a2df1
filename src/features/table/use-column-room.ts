// The room the grid has beyond its columns, given to the ones cut short (columns-fns withRoom): measured
// once the first rows are painted (never before them: no layout read, no second render on the first
// rows' path), then whenever the grid's size changes.
import { useEffect, useMemo, useState, type RefObject } from 'react'
import type { CkanRecord } from '../../api/ckan/types'
import { wantedWidths, withRoom } from './columns-fns'
import type { ShownColumn } from './grid-types'
import { useKeptColumns } from './use-kept-columns'

export function useColumnRoom({
  scrollRef,
  columns,
  records,
  reservedWidth,
  painted,
}: {
  scrollRef: RefObject<HTMLElement | null>
  columns: readonly ShownColumn[]
  /** The records shown: the longest value of each column in them. */
  records: readonly CkanRecord[]
  /** The row numbers' width, which the columns cannot use. */
  reservedWidth: number
  /** The first rows are painted: the grid may be measured. */
  painted: boolean
}): readonly ShownColumn[] {
  const [gridWidth, setGridWidth] = useState<number | null>(null)
  useEffect(() => {
    const grid = scrollRef.current
    if (!painted || !grid) return
    const observer = new ResizeObserver(() => setGridWidth(grid.clientWidth))
    observer.observe(grid)
    return () => observer.disconnect()
  }, [painted, scrollRef])
  const specs = useMemo(() => columns.map((column) => column.spec), [columns])
  const wanted = useMemo(() => wantedWidths(specs, records), [specs, records])
  const roomy = useMemo(
    () => (gridWidth === null ? columns : withRoom(columns, gridWidth - reservedWidth, wanted)),
    [columns, gridWidth, reservedWidth, wanted],
  )
  // a new result whose values give the same widths changes nothing
  return useKeptColumns(roomy)
}
