// A cache of loaded databases (PGlite `dumpDataDir` tarballs) under .data/, keyed by everything
// that decides their content: the data sources, the generator's parameters and the code that lays
// out the tables. A second start with the same key skips loading entirely.
import { createHash } from 'node:crypto'
import { copyFile, link, mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'

const KEEP = 3

/** A hash of source files: those in `dirs` (tests excluded) and single `files`. */
export async function sourceFingerprint(dirs: string[], files: string[] = []): Promise<string> {
  const hash = createHash('sha256')
  const all = [...files]
  for (const dir of dirs) {
    const names = (await readdir(dir)).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    all.push(...names.map((name) => path.join(dir, name)))
  }
  for (const file of all.sort()) {
    hash.update(path.basename(file))
    hash.update(await readFile(file))
  }
  return hash.digest('hex')
}

export function cacheKey(parts: Record<string, string | number>): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 16)
}

/** Hard-links (same file system, instant, no extra space) or else copies. */
async function linkOrCopy(from: string, to: string): Promise<void> {
  await rm(to, { force: true })
  try {
    await link(from, to)
  } catch {
    const temporary = `${to}.${process.pid}.tmp`
    await copyFile(from, temporary)
    await rename(temporary, to)
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

export class SnapshotCache {
  constructor(private readonly dir: string) {}

  private file(key: string): string {
    return path.join(this.dir, `pglite-snapshot-${key}.tar`)
  }

  /**
   * A private directory for this process's live snapshots (`.data/run-<pid>`), on the cache's file
   * system so they can be hard-linked. Directories of processes that are gone are removed.
   */
  async runDir(): Promise<string> {
    await mkdir(this.dir, { recursive: true })
    for (const name of await readdir(this.dir)) {
      const pid = /^run-(\d+)$/.exec(name)?.[1]
      if (pid && Number(pid) !== process.pid && !isAlive(Number(pid))) {
        await rm(path.join(this.dir, name), { recursive: true, force: true })
      }
    }
    const dir = path.join(this.dir, `run-${process.pid}`)
    await mkdir(dir, { recursive: true })
    return dir
  }

  /** Links the cached snapshot into `runDir`, so pruning by another process cannot remove it. */
  async checkout(key: string, runDir: string): Promise<string | undefined> {
    try {
      await stat(this.file(key))
    } catch {
      return undefined
    }
    const target = path.join(runDir, 'cached.tar')
    await linkOrCopy(this.file(key), target)
    return target
  }

  /** Stores a snapshot under `key` and removes all but the newest few. */
  async store(key: string, snapshotFile: string): Promise<void> {
    await linkOrCopy(snapshotFile, this.file(key))
    const snapshots = await Promise.all(
      (await readdir(this.dir))
        .filter((name) => name.startsWith('pglite-snapshot-') && name.endsWith('.tar'))
        .map(async (name) => ({
          file: path.join(this.dir, name),
          mtime: (await stat(path.join(this.dir, name))).mtimeMs,
        })),
    )
    snapshots.sort((a, b) => b.mtime - a.mtime)
    for (const old of snapshots.slice(KEEP)) await rm(old.file, { force: true })
  }
}
