// On a table wider than the screen, the offer to keep its label column (a name, a title) in view while
// scrolling sideways: a button, never done unasked, that goes away once used or declined.
// Loaded when first offered (not needed for the first rows), with the label column's detection.
import { useMemo, useState } from 'react'
import type { CkanRecord } from '../../api/ckan/types'
import type { MainMessages } from '../../i18n/catalogues/main'
import type { Translate } from '../../i18n/translate'
import type { ColumnSpec } from './columns-fns'
import { labelColumn } from './label-column'

export function PinOffer({
  specs,
  records,
  hidden,
  onPin,
  t,
}: {
  specs: readonly ColumnSpec[]
  records: readonly CkanRecord[]
  /** Hidden columns are not offered. */
  hidden: readonly string[]
  onPin(fieldId: string): void
  t: Translate<MainMessages>
}) {
  const column = useMemo(() => labelColumn(specs, records), [specs, records])
  // declined for this column: not offered again while the table is shown
  const [declined, setDeclined] = useState<string | null>(null)
  if (!column || declined === column.id || hidden.includes(column.id)) return null
  return (
    <p className="dse-pin-offer">
      <button
        type="button"
        className="dse-button dse-button--secondary"
        title={t('table.columns.offerPinHint')}
        onClick={() => onPin(column.id)}
      >
        {t('table.columns.offerPin', { column: column.label })}
      </button>
      <button type="button" className="dse-button dse-button--quiet" onClick={() => setDeclined(column.id)}>
        {t('table.columns.dismissOffer')}
      </button>
    </p>
  )
}
