// What the summary's chart and table call its groupings, groups and figures, as values that stay
// the same while the summary does (the chart and table are memoised: a progress step redraws them
// only when their groups change).
import { useCallback, useMemo } from 'react'
import type { CkanField } from '../../api/ckan/types'
import type { SummaryRow } from '../../lib/summary/summary-rows'
import type { SummarySpec } from '../../lib/summary/summary-spec'
import { fieldLabel } from '../../model/fields'
import { groupLabel, isNumericGrouping } from './summary-fns'
import { useGroupWords } from './use-group-words'
import { useMeasureLabel } from './use-measure-label'

export function useSummaryLabels(spec: SummarySpec, fields: readonly CkanField[]) {
  const words = useGroupWords()
  const measureOf = useMeasureLabel(fields)
  const measureLabel = useCallback((index: number) => measureOf(spec.measures[index]!), [measureOf, spec])
  const shape = useMemo(() => {
    const fieldOf = (id: string) => fields.find((field) => field.id === id)
    const groupNames = spec.groups.map((grouping) => {
      const field = fieldOf(grouping.field)
      return field ? fieldLabel(field, field.id) : grouping.field
    })
    const numeric = spec.groups.map((grouping) => isNumericGrouping(grouping, fieldOf(grouping.field)))
    const ordered = spec.groups.map((grouping, index) => grouping.by !== 'value' || numeric[index]!)
    const types = spec.groups.map((grouping) => fieldOf(grouping.field)?.type ?? 'text')
    return { groupNames, numeric, ordered, types }
  }, [spec, fields])
  const label = useCallback(
    (row: SummaryRow, index: number) =>
      groupLabel(row.keys[index]!, spec.groups[index]!, shape.types[index]!, words),
    [spec, shape, words],
  )
  const firstBy = spec.groups[0]!.by
  const timeLabel = useCallback(
    (time: number) => {
      const date = new Date(time)
      const year = date.getUTCFullYear()
      const month = date.getUTCMonth() + 1
      if (firstBy === 'year') return String(year)
      if (firstBy === 'quarter') return words.quarter(year, Math.ceil(month / 3))
      if (firstBy === 'month') return words.month(year, month)
      return words.date(date.toISOString().slice(0, 10), 'date')
    },
    [firstBy, words],
  )
  return { ...shape, words, label, timeLabel, measureLabel }
}
