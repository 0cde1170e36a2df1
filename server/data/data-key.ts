// The key of a loaded database under .data/: everything that decides its content (the data sources,
// the generator's parameters and the code that lays out the tables). A second start with the same
// key skips loading entirely.
import { createHash } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'

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
