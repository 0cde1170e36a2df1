// One server per database directory: two embedded PostgreSQL instances on one directory corrupt it
// (the second aborts inside PGlite). The lock is a file in the directory, `datastore-explorer.pid`,
// holding the owner's process id and a random token. It is never checked and then written: every
// change of it is one atomic file-system step that only one process can win.
//
// - A free directory is claimed by hard-linking a fully written temporary file to the lock's name:
//   link() fails when the name exists, so of two servers started together exactly one gets it, and
//   nobody ever reads a half-written lock.
// - A stale lock (its process is gone: killed, crashed, or stopped; a clean stop leaves the file,
//   which also marks the directory as ours) is replaced by rename(), which is atomic but would let
//   two servers replace the same stale lock one after the other. So only the winner of the stale
//   lock's *successor* may replace it: a file named after the stale lock's content, claimed the same
//   way (recursively, in case a winner died right there). The winner checks that the lock still
//   holds what it judged stale before renaming its own over it. The lock file is never deleted
//   while a directory is in use, so a fresh claim (link) and a takeover (rename) cannot interleave.
import { createHash, randomBytes } from 'node:crypto'
import { link, readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'

export const LOCK_FILE = 'datastore-explorer.pid'

export interface LockOwner {
  pid: number
  /** Tells this owner's files apart from an earlier process that had the same id. */
  token: string
}

export type Claim = { held: true } | { held: false; holder: number }

export interface ClaimOptions {
  owner?: LockOwner
  isAlive?: (pid: number) => boolean
}

/** Whether a process exists (EPERM: it does, as another user's). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

const thisProcess: LockOwner = { pid: process.pid, token: randomBytes(8).toString('hex') }

/** The process id a lock's text names, if any (a lock of an earlier version holds the id alone). */
export function lockPid(text: string): number | undefined {
  const pid = Number(text.split('\n', 1)[0])
  return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined
}

async function readIfPresent(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}

/** The file whose winner alone may replace the lock `file` while it holds `text`. */
export function takeoverFile(file: string, text: string): string {
  return `${file}.${createHash('sha256').update(text).digest('hex').slice(0, 16)}`
}

/** Successors of successors: each level needs a process killed inside the takeover before it. */
const MAX_DEPTH = 8
const ATTEMPTS = 40

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

async function acquire(
  file: string,
  owner: LockOwner,
  alive: (pid: number) => boolean,
  depth: number,
): Promise<Claim> {
  if (depth > MAX_DEPTH) {
    throw new Error(`cannot take over the lock ${file}: remove the files ${path.basename(file)}* by hand`)
  }
  const content = `${owner.pid}\n${owner.token}\n`
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const temp = `${file}.tmp-${owner.pid}-${randomBytes(6).toString('hex')}`
    await writeFile(temp, content, { flag: 'wx' })
    try {
      try {
        await link(temp, file)
        return { held: true }
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      }
      const seen = await readIfPresent(file)
      if (seen === undefined) continue // a successor file its winner has just removed
      if (seen === content) return { held: true }
      const pid = lockPid(seen)
      // our own id in a lock we did not write: an earlier process that had it (a container restart)
      if (pid !== undefined && pid !== owner.pid && alive(pid)) return { held: false, holder: pid }
      const successor = takeoverFile(file, seen)
      const takeover = await acquire(successor, owner, alive, depth + 1)
      if (!takeover.held) {
        // a live process is taking this stale lock over right now: see what it becomes
        await pause(5 * (attempt + 1))
        continue
      }
      try {
        if ((await readIfPresent(file)) === seen) {
          await rename(temp, file)
          return { held: true }
        }
      } finally {
        // safe to remove: a later winner of it finds the lock changed and gives up
        await rm(successor, { force: true })
      }
    } finally {
      await rm(temp, { force: true })
    }
  }
  throw new Error(`cannot take over the lock ${file}: it keeps changing`)
}

/**
 * Claims `dir` for this process: held, or refused with the live holder's process id. Atomic, and a
 * lock whose process is gone is taken over (by exactly one of the servers that try at once).
 */
export function claimDataDir(dir: string, options: ClaimOptions = {}): Promise<Claim> {
  const { owner = thisProcess, isAlive: alive = isAlive } = options
  return acquire(path.join(dir, LOCK_FILE), owner, alive, 0)
}

/** The lock's own files (the lock, and the temporary and successor files of a claim under way). */
export function isLockFile(name: string): boolean {
  return name === LOCK_FILE || name.startsWith(`${LOCK_FILE}.`)
}
