import type { MainMessages } from '../../i18n/catalogues/main'
import type { Translate } from '../../i18n/translate'
import type { IgnoredSetting } from '../../instance/environment'
import type { IgnoredPart } from '../../model/url-codec'

/** One ignored part of a link, or setting of the host (an embed's `tiles`), in words. */
export function ignoredText(part: IgnoredPart | IgnoredSetting, t: Translate<MainMessages>): string {
  switch (part.reason) {
    case 'filters.badJson':
      return t('ignored.filters.badJson')
    case 'filters.notObject':
      return t('ignored.filters.notObject')
    case 'hidden.bad':
      return t('ignored.hidden.bad')
    case 'columns.bad':
      return t('ignored.columns.bad')
    case 'pinned.bad':
      return t('ignored.pinned.bad')
    case 'place.bad':
      return t('ignored.place.bad')
    case 'unsupported':
      return t('ignored.unsupported', { name: part.name })
    default:
      return t(`ignored.${part.reason}`, { value: part.value })
  }
}
