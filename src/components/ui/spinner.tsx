import { mainCatalogue } from '../../i18n/catalogues/main'
import { useMessages } from '../../i18n/i18n-context'

/** A small animated indicator with text; the text is what assistive technology reads. */
export function Spinner({ label }: { label?: string }) {
  const t = useMessages(mainCatalogue)
  return (
    <span className="dse-spinner">
      <span className="dse-spinner__wheel" aria-hidden="true" />
      <span>{label ?? t('ui.loading')}</span>
    </span>
  )
}
