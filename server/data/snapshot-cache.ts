// A cache of loaded databases (PGlite `dumpDataDir` tarballs) under .data/, keyed by everything
// that decides their content: the data sources, the generator's parameters and the code that lays
// out the tables. A second start with the same key skips loading entirely.
import { createHash } from 'node:crypto'
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'

export async function sourceFingerprint(dirs: string[]): Promise<string> {
  const hash = createHash('sha256')
  for (const dir of dirs) {
    const names = (await readdir(dir))
      .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
      .sort()
    for (const name of names) {
      hash.update(name)
      hash.update(await readFile(path.join(dir, name)))
    }
  }
  return hash.digest('hex')
}

export function cacheKey(parts: Record<string, string | number>): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 16)
}

const KEEP = 3

export class SnapshotCache {
  constructor(private readonly dir: string) {}

  private file(key: string): string {
    return path.join(this.dir, `pglite-snapshot-${key}.tar`)
  }

  async read(key: string): Promise<ArrayBuffer | undefined> {
    try {
      const buffer = await readFile(this.file(key))
      return buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer
    } catch {
      return undefined
    }
  }

  /** Writes atomically and removes all but the newest few snapshots, so .data/ stays small. */
  async write(key: string, snapshot: ArrayBuffer): Promise<void> {
    await mkdir(this.dir, { recursive: true })
    const target = this.file(key)
    const temporary = `${target}.${process.pid}.tmp`
    await writeFile(temporary, new Uint8Array(snapshot))
    await rename(temporary, target)
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
