// A figure's name: "Number of records", "Total population", "Average score".
import { useCallback } from 'react'
import type { CkanField } from '../../api/ckan/types'
import { summaryCatalogue } from '../../i18n/catalogues/summary'
import { useMessages } from '../../i18n/i18n-context'
import type { Measure } from '../../lib/summary/summary-spec'
import { fieldLabel } from '../../model/fields'

export function useMeasureLabel(fields: readonly CkanField[]): (measure: Measure) => string {
  const t = useMessages(summaryCatalogue)
  return useCallback(
    (measure: Measure) => {
      if (measure.kind === 'count') return t('summary.kind.count')
      const field = fields.find((candidate) => candidate.id === measure.field)
      const column = field ? fieldLabel(field, field.id) : measure.field
      return t(`summary.figure.${measure.kind}`, { column })
    },
    [t, fields],
  )
}
