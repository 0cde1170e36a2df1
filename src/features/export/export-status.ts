// What the progress dialog says: time left from the pace so far, and a failure in plain words. Pure.
import { CkanError } from '../../api/ckan/errors'
import { IncompleteStreamError } from '../../api/ckan/view-stream'

/** Seconds left at the pace so far; undefined until there is a pace to go by. */
export function secondsLeft(done: number, total: number | undefined, elapsedMs: number): number | undefined {
  if (total === undefined || done <= 0 || elapsedMs < 1000 || done >= total) return undefined
  return Math.max(1, Math.round(((total - done) * elapsedMs) / done / 1000))
}

/** Under two minutes in seconds (rounded to 5 above 10 s), then in minutes. */
export function timeLeft(seconds: number): { unit: 'seconds' | 'minutes'; count: number } {
  if (seconds < 120) return { unit: 'seconds', count: seconds <= 10 ? seconds : Math.round(seconds / 5) * 5 }
  return { unit: 'minutes', count: Math.round(seconds / 60) }
}

export type FailureReason =
  | { kind: 'network' }
  | { kind: 'server' }
  | { kind: 'busy' }
  | { kind: 'incomplete'; records: number; total: number }
  | { kind: 'refused'; detail: string }
  | { kind: 'disk'; detail: string }

/** Why an export failed, as the dialog says it. */
export function failureReason(error: unknown): FailureReason {
  if (error instanceof IncompleteStreamError)
    return { kind: 'incomplete', records: error.records, total: error.expected }
  if (error instanceof CkanError) {
    if (error.status === 429) return { kind: 'busy' }
    if (error.kind === 'network' || error.kind === 'cors' || error.kind === 'slow-portal')
      return { kind: 'network' }
    if (error.kind === 'server' || error.kind === 'timeout' || error.kind === 'broken-answer')
      return { kind: 'server' }
    const detail = error.fieldErrors
      ? Object.entries(error.fieldErrors)
          .map(([key, messages]) => `${key}: ${messages.join('; ')}`)
          .join(', ')
      : error.message
    return { kind: 'refused', detail }
  }
  // the file system (a full disk, a file taken away) or the workbook library
  return { kind: 'disk', detail: error instanceof Error ? error.message : String(error) }
}
