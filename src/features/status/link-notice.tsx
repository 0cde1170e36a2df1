import { Notice } from '../../components/ui/notice'
import { statusText } from './status-messages'

/** "Some parts of the link were ignored: …", one reason per line, dismissible. */
export function LinkNotice({ ignored, onDismiss }: { ignored: readonly string[]; onDismiss: () => void }) {
  if (ignored.length === 0) return null
  return (
    <Notice tone="warning" onDismiss={onDismiss}>
      <p className="dse-notice__title">{statusText('ignoredTitle')}</p>
      <ul className="dse-notice__list">
        {ignored.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
    </Notice>
  )
}
