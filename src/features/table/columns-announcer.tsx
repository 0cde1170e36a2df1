// Says what the last arrangement of the columns did ("city moved to place 2 of 9."), in a polite live
// region that stays in the DOM so that a change is announced: a move from the keyboard or a drag, a
// pin, a reset.
import type { MainMessages } from '../../i18n/catalogues/main'
import type { Translate } from '../../i18n/translate'
import type { ColumnAnnouncement } from './use-records-table'

export function ColumnsAnnouncer({
  announcement,
  t,
}: {
  announcement: ColumnAnnouncement | null
  t: Translate<MainMessages>
}) {
  return (
    <p className="dse-sr-only" aria-live="polite">
      {announcement === null
        ? null
        : announcement.kind === 'moved'
          ? t('table.columns.moved', announcement)
          : announcement.kind === 'reset'
            ? t('table.columns.reset')
            : t(
                announcement.kind === 'pinned' ? 'table.columns.pinned' : 'table.columns.unpinned',
                announcement,
              )}
    </p>
  )
}
