// Which of the open table's dialogs is open (one at a time), and what each was last opened on.
import { useCallback, useState } from 'react'

export type ViewDialogKind = 'filter' | 'profile' | 'copy-code' | 'download' | 'embed-code'

/** Where the filter dialog starts: a new condition on a column, or one of the view's conditions to edit. */
export type FilterDialogStart = { field: string } | { index: number }

export interface ViewDialogsState {
  /** The dialog open now, if any. */
  open: ViewDialogKind | null
  /** The column each dialog was last opened on (a closed dialog keeps its own). */
  fields: Partial<Record<ViewDialogKind, string>>
  /** The filter dialog's start: a chip's condition, or a column; none for "Add filter". */
  filterStart?: FilterDialogStart | undefined
}

export interface ViewDialogsHandle {
  dialogs: ViewDialogsState
  /** Opens a dialog, on a column or none ("Add filter", the first profiled column). */
  openDialog(kind: ViewDialogKind, field?: string): void
  /** Opens the filter dialog on one of the view's conditions (a chip), by its place in the list. */
  editFilter(index: number): void
  closeDialog(): void
}

const NONE_OPEN: ViewDialogsState = { open: null, fields: {} }

export function useViewDialogs(): ViewDialogsHandle {
  const [dialogs, setDialogs] = useState<ViewDialogsState>(NONE_OPEN)
  const openDialog = useCallback(
    (kind: ViewDialogKind, field?: string) =>
      setDialogs((old) => ({
        open: kind,
        fields: { ...old.fields, [kind]: field },
        filterStart: kind === 'filter' ? (field === undefined ? undefined : { field }) : old.filterStart,
      })),
    [],
  )
  const editFilter = useCallback(
    (index: number) => setDialogs((old) => ({ ...old, open: 'filter', filterStart: { index } })),
    [],
  )
  const closeDialog = useCallback(() => setDialogs((old) => ({ ...old, open: null })), [])
  return { dialogs, openDialog, editFilter, closeDialog }
}
