// The open table's dialogs: filter, column profile, copy as code, download and embed. One of them is open at a
// time; each is loaded and mounted when it is first opened, and then stays mounted so that closing it
// runs its close logic (focus goes back to the opener).
import { lazy, Suspense, type ReactNode } from 'react'
import type { CkanField, FilterScalar, Portal, ResourceSummary, SearchRequest } from '../api/ckan/types'
import { useEverTrue } from '../components/ui/use-ever-true'
import type { ExplorerState } from '../model/explorer-state'
import type { FilterCondition } from '../model/filters'
import type { ViewDialogKind, ViewDialogsHandle } from './use-view-dialogs'

// Loaded on first use: no dialog is needed to show the first rows (initial JS budget).
const FilterBuilder = lazy(() =>
  import('../features/filters/filter-builder').then((module) => ({ default: module.FilterBuilder })),
)
const ProfilePanel = lazy(() =>
  import('../features/profile/profile-panel').then((module) => ({ default: module.ProfilePanel })),
)
const CopyCodeDialog = lazy(() =>
  import('../features/copy-code/copy-code-dialog').then((module) => ({ default: module.CopyCodeDialog })),
)
const EmbedCodeDialog = lazy(() =>
  import('../features/embed-code/embed-code-dialog').then((module) => ({ default: module.EmbedCodeDialog })),
)
const ExportDialog = lazy(() =>
  import('../features/export/export-dialog').then((module) => ({ default: module.ExportDialog })),
)

/** Mounts its dialog on first open (loading its code), then keeps it mounted. */
function LazyDialog({ open, children }: { open: boolean; children: ReactNode }) {
  const mounted = useEverTrue(open)
  return mounted ? <Suspense fallback={null}>{children}</Suspense> : null
}

export interface ViewDialogsProps extends Pick<ViewDialogsHandle, 'dialogs' | 'closeDialog'> {
  portal: Portal
  state: ExplorerState
  request: SearchRequest | null
  fields: readonly CkanField[]
  summary: ResourceSummary | undefined
  /** The total of the view (exact once the table found where an estimated one ends). */
  total: number | undefined
  /** Whether `total` is the portal's estimate. */
  totalEstimated: boolean
  /** The view's exact count (the filter dialog counts each value in the browser when they are few). */
  viewTotal: number | undefined
  /** Puts `condition` at `index` (undefined: adds it; null condition: removes the one at `index`). */
  putCondition(index: number | undefined, condition: FilterCondition | null): void
  filterOnValue(field: string, value: FilterScalar): void
  /** A range from a histogram: one new condition. */
  filterOnRange(condition: FilterCondition): void
}

export function ViewDialogs(props: ViewDialogsProps) {
  const { dialogs, closeDialog, portal, state, request, fields } = props
  const isOpen = (kind: ViewDialogKind) => dialogs.open === kind
  return (
    <>
      <LazyDialog open={isOpen('filter')}>
        <FilterBuilder
          open={isOpen('filter')}
          onClose={closeDialog}
          portal={portal}
          view={request ?? { resourceId: state.resourceId!, limit: 0 }}
          fields={fields}
          filters={state.filters}
          start={dialogs.filterStart}
          viewTotal={props.viewTotal}
          onApply={props.putCondition}
        />
      </LazyDialog>
      {request && (
        <LazyDialog open={isOpen('profile')}>
          <ProfilePanel
            // opened for another column: a new panel starts on it
            key={dialogs.fields.profile ?? ''}
            initialField={dialogs.fields.profile}
            open={isOpen('profile')}
            onClose={closeDialog}
            portal={portal}
            view={request}
            fields={fields}
            onFilter={props.filterOnValue}
            onFilterRange={props.filterOnRange}
          />
        </LazyDialog>
      )}
      <LazyDialog open={isOpen('copy-code')}>
        <CopyCodeDialog
          open={isOpen('copy-code')}
          onClose={closeDialog}
          portal={portal}
          state={state}
          fields={fields}
        />
      </LazyDialog>
      {request && (
        <LazyDialog open={isOpen('download')}>
          <ExportDialog
            open={isOpen('download')}
            onClose={closeDialog}
            portal={portal}
            view={request}
            limit={state.limit}
            fields={fields}
            layout={state}
            name={props.summary?.name}
            total={props.total}
            totalEstimated={props.totalEstimated}
          />
        </LazyDialog>
      )}
      <LazyDialog open={isOpen('embed-code')}>
        <EmbedCodeDialog
          open={isOpen('embed-code')}
          onClose={closeDialog}
          portal={portal}
          state={state}
          tableName={props.summary?.name ?? state.resourceId!}
        />
      </LazyDialog>
    </>
  )
}
