import { Notice } from '../../components/ui/notice'
import { mainCatalogue } from '../../i18n/catalogues/main'
import { useMessages } from '../../i18n/i18n-context'
import type { IgnoredSetting } from '../../instance/environment'
import type { IgnoredPart } from '../../model/url-codec'
import { ignoredText } from './ignored-text'

/** "Some parts of the link were ignored: …", one reason per line, dismissible. */
export function LinkNotice({
  ignored,
  onDismiss,
  embedded = false,
}: {
  ignored: readonly (IgnoredPart | IgnoredSetting)[]
  onDismiss: () => void
  /** In an embed the view comes from the element's settings, not from a link. */
  embedded?: boolean
}) {
  const t = useMessages(mainCatalogue)
  if (ignored.length === 0) return null
  return (
    <Notice tone="warning" onDismiss={onDismiss}>
      <p className="dse-notice__title">{t(embedded ? 'ignored.titleEmbed' : 'ignored.title')}</p>
      <ul className="dse-notice__list">
        {ignored.map((part) => {
          const text = ignoredText(part, t)
          return <li key={text}>{text}</li>
        })}
      </ul>
    </Notice>
  )
}
