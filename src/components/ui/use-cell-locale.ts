import { useMemo } from 'react'
import { mainCatalogue } from '../../i18n/catalogues/main'
import { useI18n, useMessages } from '../../i18n/i18n-context'
import { createCellLocale, type CellLocale } from '../../lib/format'

/** What cell formatting needs of the instance's language, one object per language. */
export function useCellLocale(): CellLocale {
  const { formats } = useI18n()
  const t = useMessages(mainCatalogue)
  return useMemo(() => createCellLocale(formats, t), [formats, t])
}
