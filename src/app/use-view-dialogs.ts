// Which of the open table's dialogs is open (one at a time), and the column each was last opened on.
import { useCallback, useState } from 'react'

export type ViewDialogKind = 'filter' | 'profile' | 'copy-code' | 'embed' | 'download'

export interface ViewDialogsState {
  /** The dialog open now, if any. */
  open: ViewDialogKind | null
  /** The column each dialog was last opened on (a closed dialog keeps its own). */
  fields: Partial<Record<ViewDialogKind, string>>
}

export interface ViewDialogsHandle {
  dialogs: ViewDialogsState
  /** Opens a dialog, on a column or none ("Add filter", the first profiled column). */
  openDialog(kind: ViewDialogKind, field?: string): void
  closeDialog(): void
}

const NONE_OPEN: ViewDialogsState = { open: null, fields: {} }

export function useViewDialogs(): ViewDialogsHandle {
  const [dialogs, setDialogs] = useState<ViewDialogsState>(NONE_OPEN)
  const openDialog = useCallback(
    (kind: ViewDialogKind, field?: string) =>
      setDialogs((old) => ({ open: kind, fields: { ...old.fields, [kind]: field } })),
    [],
  )
  const closeDialog = useCallback(() => setDialogs((old) => ({ ...old, open: null })), [])
  return { dialogs, openDialog, closeDialog }
}
