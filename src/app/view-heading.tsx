// The top of an open table: its name, and the toolbar. On a narrow screen one compact line, whose
// filters and options open in a sheet (view-sheet.tsx); on a wide one the name, its dataset and the
// toolbar (view-toolbar.tsx).
import { lazy, Suspense, useCallback, useState } from 'react'
import type { CkanField, ResourceSummary } from '../api/ckan/types'
import { useEverTrue } from '../components/ui/use-ever-true'
import { mainCatalogue } from '../i18n/catalogues/main'
import { useMessages } from '../i18n/i18n-context'
import type { ExplorerState } from '../model/explorer-state'
import type { ChangeView } from './use-explorer-state'
import type { ViewSheetProps } from './view-sheet'
import type { ViewTabIds } from './view-tabs'
import { ViewToolbar } from './view-toolbar'

// Loaded on a narrow screen only (a wide one never needs it), at once: the one-line toolbar.
const CompactToolbar = lazy(() =>
  import('./compact-toolbar').then((module) => ({ default: module.CompactToolbar })),
)
// Loaded when first opened: the compact toolbar's sheet of filters and options.
const ViewSheet = lazy(() => import('./view-sheet').then((module) => ({ default: module.ViewSheet })))

/** What the wide toolbar and the compact sheet both offer. */
export type ViewChoices = Pick<
  ViewSheetProps,
  'canDownload' | 'shownAs' | 'views' | 'onShownAsChange' | 'stripShown' | 'onStripShownChange' | 'openDialog'
>

/** The sheet's own list of the view's filters. */
export type SheetFilterEdits = Pick<ViewSheetProps, 'onRemoveFilter' | 'onRemoveFilters' | 'onEditFilter'>

export function ViewHeading({
  compact,
  titleId,
  summary,
  state,
  change,
  fields,
  choices,
  tabIds,
  filterEdits,
}: {
  compact: boolean
  titleId: string
  summary: ResourceSummary | undefined
  state: ExplorerState
  change: ChangeView
  fields: readonly CkanField[]
  choices: ViewChoices
  tabIds: ViewTabIds
  filterEdits: SheetFilterEdits
}) {
  const t = useMessages(mainCatalogue)
  const [sheetOpen, setSheetOpen] = useState(false)
  const sheetMounted = useEverTrue(sheetOpen)
  const closeSheet = useCallback(() => setSheetOpen(false), [])
  const name = summary?.name ?? state.resourceId
  return (
    <>
      {compact ? (
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
            onOpenSheet={() => setSheetOpen(true)}
          />
        </Suspense>
      ) : (
        <>
          <div className="dse-view__heading">
            <h2 id={titleId} className="dse-view__title">
              {name}
            </h2>
            {summary?.datasetTitle && (
              <p className="dse-hint">{t('app.inDataset', { title: summary.datasetTitle })}</p>
            )}
          </div>
          <ViewToolbar
            state={state}
            change={change}
            hasFields={fields.length > 0}
            tabIds={tabIds}
            {...choices}
          />
        </>
      )}
      {sheetMounted && (
        <Suspense fallback={null}>
          <ViewSheet
            open={sheetOpen}
            onClose={closeSheet}
            state={state}
            change={change}
            fields={fields}
            {...choices}
            {...filterEdits}
          />
        </Suspense>
      )}
    </>
  )
}
