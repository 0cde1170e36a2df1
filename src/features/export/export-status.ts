// Why an export failed, as the dialog says it: the portal's side (api/ckan/view-stream.ts
// streamFailure), or the file's. Pure.
import { streamFailure, type StreamFailure } from '../../api/ckan/view-stream'

export type FailureReason = StreamFailure | { kind: 'disk'; detail: string }

/** Why an export failed, as the dialog says it. */
export function failureReason(error: unknown): FailureReason {
  // else the file system (a full disk, a file taken away) or the workbook library
  return (
    streamFailure(error) ?? { kind: 'disk', detail: error instanceof Error ? error.message : String(error) }
  )
}
