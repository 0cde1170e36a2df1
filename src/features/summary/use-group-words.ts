// The words and formats a summary's labels need, in the explorer's language.
import { useMemo } from 'react'
import { useCellLocale } from '../../components/ui/use-cell-locale'
import { summaryCatalogue } from '../../i18n/catalogues/summary'
import { useFormats, useMessages } from '../../i18n/i18n-context'
import { intlLocale } from '../../i18n/locale-formats'
import { formatCell } from '../../lib/format'
import type { GroupWords } from './summary-fns'

export function useGroupWords(): GroupWords {
  const t = useMessages(summaryCatalogue)
  const formats = useFormats()
  const cellLocale = useCellLocale()
  return useMemo(() => {
    const monthFormat = new Intl.DateTimeFormat(intlLocale(formats.locale), {
      year: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    })
    const number = formats.number(null)
    return {
      number: (value) => number.format(Number(value.toPrecision(12))),
      date: (text, type) => formatCell(text, type, cellLocale).text,
      month: (year, month) => monthFormat.format(Date.UTC(year, month - 1, 1)),
      quarter: (year, quarter) => t('summary.quarter', { quarter, year: String(year) }),
      range: (from, to) => t('summary.range', { from, to }),
      empty: t('summary.empty'),
      other: t('summary.other'),
      unreadable: t('summary.unreadable'),
      yes: formatCell(true, 'bool', cellLocale).text,
      no: formatCell(false, 'bool', cellLocale).text,
    }
  }, [t, formats, cellLocale])
}
