// Every matching record of a view, folded (a summary, the map's points): the view is streamed
// (api/ckan/view-stream.ts: the dump, or pages; retries, resumption) into a fold (fold-host.ts: a
// worker, or slices on the page), and what is folded so far is handed out as it grows: the first
// snapshot as soon as the first records are in, then every so often, then the whole. A cancel or a
// failure keeps what was folded, and says how many records that is.
import { isCancelled, streamView, type StreamProgress, type ViewStreamJob } from '../../api/ckan/view-stream'
import type { FoldHandle } from './fold-host'

/** How often the folded records are shown while more come. */
export const SNAPSHOT_EVERY_MS = 400

export interface FoldProgress<Snapshot> extends StreamProgress {
  /** What was folded, from `folded` records (the records read so far, or a little fewer). */
  snapshot: Snapshot
  folded: number
}

export type FoldEnd =
  { status: 'done'; via: 'dump' | 'pages' } | { status: 'cancelled' } | { status: 'failed'; error: unknown }

export type FoldOutcome<Snapshot> = FoldProgress<Snapshot> & FoldEnd

/** A stream of the view's records (its portal, search, dump, signal…), folded into `fold`. */
export interface FoldViewJob<Snapshot> extends Omit<
  ViewStreamJob,
  'sink' | 'onProgress' | 'limit' | 'knownTotal'
> {
  fold: FoldHandle<Snapshot>
  /** The snapshot's own count of the records it folded. */
  records(snapshot: Snapshot): number
  onProgress?(progress: FoldProgress<Snapshot>): void
  /** Tests set a shorter one. */
  snapshotEveryMs?: number
}

/**
 * Streams and folds; resolves with the last snapshot and how it ended: done, cancelled (by the
 * job's signal) or failed (the portal, beyond the retries). It never rejects for those. The fold
 * is closed at the end.
 */
export async function foldView<Snapshot>(job: FoldViewJob<Snapshot>): Promise<FoldOutcome<Snapshot>> {
  const { fold, records, onProgress, snapshotEveryMs, ...stream } = job
  const every = snapshotEveryMs ?? SNAPSHOT_EVERY_MS
  let read: StreamProgress = { done: 0, total: undefined }
  let last: { snapshot: Snapshot; folded: number } | null = null
  let asking: Promise<void> | null = null
  let shownAt = 0
  let ended = false

  const ask = (): Promise<void> => {
    asking ??= fold
      .snapshot()
      .then((snapshot) => {
        last = { snapshot, folded: records(snapshot) }
        if (!ended) onProgress?.({ ...read, ...last })
      })
      .finally(() => {
        asking = null
      })
    return asking
  }
  // the first records as soon as they are in, then every so often, and the last ones read even
  // when the reading then waits (a slow page): a step too soon is taken when its time comes
  let later: ReturnType<typeof setTimeout> | undefined
  const maybeAsk = () => {
    if (later !== undefined || ended) return
    const wait = last ? every - (performance.now() - shownAt) : 0
    if (asking || wait > 0) {
      later = setTimeout(
        () => {
          later = undefined
          maybeAsk()
        },
        Math.max(wait, 10),
      )
      return
    }
    shownAt = performance.now()
    ask().catch(() => undefined)
  }

  let end: FoldEnd
  try {
    const outcome = await streamView({
      ...stream,
      sink: {
        csvRaw: {
          begin: () => fold.begin(),
          bytes: async (chunk) => {
            const answered = await fold.bytes(chunk)
            maybeAsk()
            return answered
          },
          end: () => fold.end(),
        },
        rows: async (rows) => {
          await fold.rows(rows)
          maybeAsk()
        },
      },
      onProgress: (progress) => {
        read = progress
      },
    })
    read = { done: outcome.records, total: outcome.total }
    end = { status: 'done', via: outcome.via }
  } catch (error) {
    end = isCancelled(error, job.signal) ? { status: 'cancelled' } : { status: 'failed', error }
  }
  try {
    // everything read is folded by the time this answers
    const pending = asking as Promise<void> | null
    await pending?.catch(() => undefined)
    await ask()
  } catch (error) {
    // the fold itself failed (its worker stopped): what was shown last is all there is
    if (end.status === 'done' || !last) end = { status: 'failed', error }
  } finally {
    ended = true
    clearTimeout(later)
    fold.close()
  }
  if (!last) throw end.status === 'failed' ? end.error : new Error('Nothing was folded')
  return { ...read, ...(last as { snapshot: Snapshot; folded: number }), ...end }
}
