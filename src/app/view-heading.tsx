// The top of an open table: its name, and the toolbar. On a narrow screen one compact line (its
// filters and options in a sheet, view-sheet.tsx); on a wide one the name, its dataset and the toolbar.
import { lazy, Suspense, type ComponentProps } from 'react'
import type { ResourceSummary } from '../api/ckan/types'
import { mainCatalogue } from '../i18n/catalogues/main'
import { useMessages } from '../i18n/i18n-context'
import type { ExplorerState } from '../model/explorer-state'
import type { ChangeView } from './use-explorer-state'
import { ViewToolbar } from './view-toolbar'

// Loaded on a narrow screen only (a wide one never needs it), at once: the one-line toolbar.
const CompactToolbar = lazy(() =>
  import('./compact-toolbar').then((module) => ({ default: module.CompactToolbar })),
)

export function ViewHeading({
  compact,
  titleId,
  summary,
  state,
  change,
  sheetOpen,
  onOpenSheet,
  toolbar,
}: {
  compact: boolean
  titleId: string
  summary: ResourceSummary | undefined
  state: ExplorerState
  change: ChangeView
  sheetOpen: boolean
  onOpenSheet(): void
  /** The wide toolbar's own choices (the view and its change come from above). */
  toolbar: Omit<ComponentProps<typeof ViewToolbar>, 'state' | 'change'>
}) {
  const t = useMessages(mainCatalogue)
  const name = summary?.name ?? state.resourceId
  if (compact)
    return (
      // until it arrives (with the first page), a line of its height keeps the records in place
      <Suspense fallback={<div className="dse-compact-bar" />}>
        <CompactToolbar
          title={
            // dir="auto": a Latin name in a right-to-left page is shortened at its own end
            <h2 id={titleId} className="dse-view__title" dir="auto">
              {name}
            </h2>
          }
          state={state}
          change={change}
          sheetOpen={sheetOpen}
          onOpenSheet={onOpenSheet}
        />
      </Suspense>
    )
  return (
    <>
      <div className="dse-view__heading">
        <h2 id={titleId} className="dse-view__title">
          {name}
        </h2>
        {summary?.datasetTitle && (
          <p className="dse-hint">{t('app.inDataset', { title: summary.datasetTitle })}</p>
        )}
      </div>
      <ViewToolbar state={state} change={change} {...toolbar} />
    </>
  )
}
