import { Notice } from '../components/ui/notice'
import { LinkNotice } from '../features/status/link-notice'
import { mainCatalogue } from '../i18n/catalogues/main'
import { useFormats, useMessages } from '../i18n/i18n-context'
import type { IgnoredSetting } from '../instance/environment'
import type { IgnoredPart } from '../model/url-codec'

/** A notice the explorer raised about how a choice was read (a pasted link, a portal address). */
export type InfoNotice =
  | { kind: 'portal-locale-added'; url: string }
  | { kind: 'link'; otherPortalHost?: string; noLocale?: boolean; notTakenOver?: string[] }

/** The notices above the table: the link's ignored parts, a dropped token, information, a failed refresh. */
export function ExplorerNotices({
  ignored,
  onDismissIgnored,
  tokenDropped,
  onDismissTokenDropped,
  info,
  onDismissInfo,
  backgroundError,
  onDismissBackgroundError,
  embedded,
}: {
  ignored: readonly (IgnoredPart | IgnoredSetting)[]
  onDismissIgnored: () => void
  tokenDropped: boolean
  onDismissTokenDropped: () => void
  info: InfoNotice | null
  onDismissInfo: () => void
  backgroundError: boolean
  onDismissBackgroundError: () => void
  embedded: boolean
}) {
  const t = useMessages(mainCatalogue)
  const formats = useFormats()
  const infoText = (notice: InfoNotice): string => {
    if (notice.kind === 'portal-locale-added') return t('app.portalLocaleAdded', { url: notice.url })
    const parts: string[] = []
    if (notice.noLocale) parts.push(t('picker.note.noLocale'))
    if (notice.notTakenOver)
      parts.push(t('picker.note.notTakenOver', { names: formats.list(notice.notTakenOver, 'conjunction') }))
    if (notice.otherPortalHost) parts.push(t('app.otherPortal', { host: notice.otherPortalHost }))
    return parts.join(' ')
  }
  return (
    <div className="dse-notices">
      {ignored.length > 0 && (
        <LinkNotice ignored={ignored} onDismiss={onDismissIgnored} embedded={embedded} />
      )}
      {tokenDropped && <Notice onDismiss={onDismissTokenDropped}>{t('app.tokenDropped')}</Notice>}
      {info && <Notice onDismiss={onDismissInfo}>{infoText(info)}</Notice>}
      {backgroundError && (
        <Notice tone="warning" onDismiss={onDismissBackgroundError}>
          {t('app.backgroundError')}
        </Notice>
      )}
    </div>
  )
}
