// A histogram whose bars are buttons: a click, a tap or Enter on one bar filters on its range, and a
// drag across bars (mouse, pen or touch) on the range they cover together. The drag is a shortcut,
// never the only way: every bar is its own button (WCAG 2.5.7).
import { useRef, useState } from 'react'
import type { Bin } from './profile-fns'
import { barAt } from './profile-fns'

export interface HistogramBarsProps {
  bins: readonly Bin[]
  /** The group's name, said before its bars ("Filter elevation on a range"). */
  label: string
  /** The id of the sentence that says what the bars show. */
  describedBy?: string
  /** One bar's name: its range and count, and that choosing it filters. */
  barLabel: (bin: Bin) => string
  /** Bins `first` to `last` were chosen (a drag goes either way). */
  onChoose: (first: number, last: number) => void
}

export function HistogramBars({ bins, label, describedBy, barLabel, onChoose }: HistogramBarsProps) {
  const most = Math.max(1, ...bins.map((bin) => bin.count))
  const rowRef = useRef<HTMLDivElement>(null)
  // the bars a drag covers so far (null: no drag)
  const [drag, setDrag] = useState<{ from: number; to: number; pointer: number } | null>(null)
  // a drag ends with a click on the bar where it started: that click is the drag's, not a choice
  const dragEnded = useRef(false)

  const barUnder = (clientX: number) => {
    const row = rowRef.current
    if (!row) return 0
    const box = row.getBoundingClientRect()
    return barAt(clientX, box.left, box.width, bins.length, getComputedStyle(row).direction === 'rtl')
  }

  return (
    <div
      ref={rowRef}
      className="dse-histogram"
      role="group"
      aria-label={label}
      aria-describedby={describedBy}
      onPointerDown={(event) => {
        if (event.button !== 0) return
        const bar = barUnder(event.clientX)
        dragEnded.current = false
        setDrag({ from: bar, to: bar, pointer: event.pointerId })
        // keep the moves coming while the pointer leaves the bars (and on touch, where they stay with the first bar)
        event.currentTarget.setPointerCapture?.(event.pointerId)
      }}
      onPointerMove={(event) => {
        if (!drag || drag.pointer !== event.pointerId) return
        const bar = barUnder(event.clientX)
        if (bar !== drag.to) setDrag({ ...drag, to: bar })
      }}
      onPointerUp={(event) => {
        if (!drag || drag.pointer !== event.pointerId) return
        setDrag(null)
        if (drag.from !== drag.to) {
          dragEnded.current = true
          setTimeout(() => (dragEnded.current = false), 0)
          onChoose(drag.from, drag.to)
        }
      }}
      onPointerCancel={() => setDrag(null)}
    >
      {bins.map((bin, index) => {
        const inDrag =
          drag !== null && index >= Math.min(drag.from, drag.to) && index <= Math.max(drag.from, drag.to)
        return (
          <button
            key={index}
            type="button"
            className={`dse-histogram__bar${inDrag ? ' dse-histogram__bar--chosen' : ''}`}
            aria-label={barLabel(bin)}
            title={barLabel(bin)}
            onClick={() => {
              if (dragEnded.current) {
                dragEnded.current = false
                return
              }
              onChoose(index, index)
            }}
          >
            <span className="dse-histogram__fill" style={{ blockSize: `${(bin.count / most) * 100}%` }} />
          </button>
        )
      })}
    </div>
  )
}
