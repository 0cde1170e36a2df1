// One server per database directory: the lock is claimed atomically, a stale one is taken over by
// exactly one server, and a second server exits with a plain message instead of crashing PGlite.
import { existsSync, readFileSync } from 'node:fs'
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { claimDataDir, LOCK_FILE, lockPid, takeoverFile, type LockOwner } from '../data/data-dir-lock.ts'
import { startServer, type RunningServer } from './start-server.ts'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))

async function freshDir(): Promise<string> {
  return mkdtemp(path.join(tmpdir(), 'dir-lock-'))
}

function lockedBy(dir: string): number | undefined {
  return lockPid(readFileSync(path.join(dir, LOCK_FILE), 'utf8'))
}

/** Many would-be owners in this process, each with its own pid; `live` says which pids exist. */
function owners(count: number, firstPid: number): LockOwner[] {
  return Array.from({ length: count }, (_, i) => ({ pid: firstPid + i, token: `owner-${i}` }))
}

describe('claimDataDir', () => {
  it('gives a fresh directory to exactly one of many claimants at once, and the lock names it', async () => {
    const dir = await freshDir()
    const claimants = owners(24, 1000)
    const live = new Set(claimants.map((owner) => owner.pid))
    const claims = await Promise.all(
      claimants.map((owner) => claimDataDir(dir, { owner, isAlive: (pid) => live.has(pid) })),
    )
    const winners = claimants.filter((_, i) => claims[i]!.held)
    expect(winners).toHaveLength(1)
    expect(lockedBy(dir)).toBe(winners[0]!.pid)
    for (const claim of claims) if (!claim.held) expect(claim.holder).toBe(winners[0]!.pid)
    // nothing left behind but the lock
    expect(await readdir(dir)).toEqual([LOCK_FILE])
    await rm(dir, { recursive: true })
  })

  it('lets exactly one of many claimants take over a lock whose process is gone', async () => {
    for (const stale of ['999\nold-token\n', '999', '']) {
      const dir = await freshDir()
      await writeFile(path.join(dir, LOCK_FILE), stale)
      const claimants = owners(24, 2000)
      const live = new Set(claimants.map((owner) => owner.pid))
      const claims = await Promise.all(
        claimants.map((owner) => claimDataDir(dir, { owner, isAlive: (pid) => live.has(pid) })),
      )
      const winners = claimants.filter((_, i) => claims[i]!.held)
      expect(winners, JSON.stringify(stale)).toHaveLength(1)
      expect(lockedBy(dir)).toBe(winners[0]!.pid)
      expect(await readdir(dir)).toEqual([LOCK_FILE])
      await rm(dir, { recursive: true })
    }
  })

  it('refuses a lock whose process lives, and leaves it as it was', async () => {
    const dir = await freshDir()
    const [holder, other] = owners(2, 3000)
    const alive = (): boolean => true
    expect(await claimDataDir(dir, { owner: holder!, isAlive: alive })).toEqual({ held: true })
    const before = readFileSync(path.join(dir, LOCK_FILE), 'utf8')
    expect(await claimDataDir(dir, { owner: other!, isAlive: alive })).toEqual({ held: false, holder: 3000 })
    expect(readFileSync(path.join(dir, LOCK_FILE), 'utf8')).toBe(before)
    await rm(dir, { recursive: true })
  })

  it('takes over a stale lock whose last taker was killed in the middle of taking it over', async () => {
    const dir = await freshDir()
    const stale = '4000\nt0\n'
    await writeFile(path.join(dir, LOCK_FILE), stale)
    // what process 4001 left when it was killed right after it won the takeover of that lock
    await writeFile(takeoverFile(path.join(dir, LOCK_FILE), stale), '4001\nt1\n')
    const claimants = owners(8, 4100)
    const claims = await Promise.all(
      claimants.map((owner) => claimDataDir(dir, { owner, isAlive: (pid) => pid >= 4100 })),
    )
    const winners = claimants.filter((_, i) => claims[i]!.held)
    expect(winners).toHaveLength(1)
    expect(lockedBy(dir)).toBe(winners[0]!.pid)
    expect(await readdir(dir)).toEqual([LOCK_FILE])
    await rm(dir, { recursive: true })
  })
})

/** Starts a server that listens, or resolves with how it exited. */
async function attempt(args: string[]): Promise<RunningServer | { exit: string }> {
  try {
    return await startServer(args, {}, { whenListening: true })
  } catch (error) {
    return { exit: (error as Error).message }
  }
}

const REFUSED =
  /server exited \(code 2, signal null\) before listening\. Output:\nerror: another Datastore Explorer server \(process (\d+)\) is using (.+): stop it first, or give this one --port and --data-dir of its own\n$/

/** A search of one row of `table`: its status. */
async function searchOne(server: RunningServer, table: string): Promise<number> {
  const response = await fetch(`${server.url}/api/3/action/datastore_search?resource_id=${table}&limit=1`)
  return response.status
}

/** A one-row table to --load (a quick start), in `dir`. */
async function tinyTable(dir: string, id: string): Promise<string> {
  const file = path.join(dir, `${id}.json`)
  await writeFile(
    file,
    JSON.stringify({ resource_id: id, fields: [{ id: 'x', type: 'int' }], records: [{ x: 1 }] }),
  )
  return file
}

describe('two servers on one database directory', () => {
  it.each([
    ['a fresh --data-dir', true],
    ['the default data directory (.data/pgdata-<key>)', false],
  ])(
    'started at once on %s: one serves, the other exits with the message, and the lock names the live one',
    async (_, ownDir) => {
      const scratch = await freshDir()
      const dataDir = path.join(scratch, 'db')
      // --data-dir: a file of one row loads at once; the default data has a seed of its own, so its
      // directory is this test's alone
      const [args, table] = ownDir
        ? [['--load', await tinyTable(scratch, 'tiny'), '--data-dir', dataDir, '--quiet'], 'tiny']
        : [['--rows', '300', '--seed', String(process.pid), '--quiet'], 'penguins']
      const [a, b] = await Promise.all([attempt(args), attempt(args)])
      const running = [a, b].filter((result): result is RunningServer => 'url' in result)
      const exits = [a, b].flatMap((result) => ('exit' in result ? [result.exit] : []))
      let usedDir: string | undefined
      try {
        expect(running).toHaveLength(1)
        expect(exits).toHaveLength(1)
        const live = running[0]!
        const refusal = REFUSED.exec(exits[0]!)
        expect(refusal, exits[0]).not.toBeNull()
        expect(Number(refusal![1])).toBe(live.pid)
        usedDir = refusal![2]!
        if (ownDir) expect(usedDir).toBe(dataDir)
        else expect(path.dirname(usedDir)).toBe(path.join(repoRoot, '.data'))
        expect(lockedBy(usedDir)).toBe(live.pid)
        expect(await searchOne(live, table)).toBe(200)

        // stopped, it leaves its lock behind with a process id that is gone: the next start takes it over
        await live.stop()
        const next = await startServer(args, {}, { whenListening: true })
        try {
          expect(lockedBy(usedDir)).toBe(next.pid)
          expect(await searchOne(next, table)).toBe(200)
        } finally {
          await next.stop()
        }
      } finally {
        await Promise.all(running.map((server) => server.stop()))
        if (!ownDir && usedDir) await rm(usedDir, { recursive: true, force: true })
        await rm(scratch, { recursive: true, force: true })
      }
    },
    240_000,
  )

  it('started one after the other, with other data: the second exits and never empties the first one’s directory', async () => {
    const scratch = await freshDir()
    const dataDir = path.join(scratch, 'db')
    // the default data: its big tables load while it serves, so it has no key file for a while
    const first = await startServer(
      ['--rows', '300', '--data-dir', dataDir, '--quiet'],
      {},
      { whenListening: true },
    )
    try {
      const second = await attempt([
        '--load',
        await tinyTable(scratch, 'other'),
        '--data-dir',
        dataDir,
        '--quiet',
      ])
      if ('url' in second) await second.stop()
      expect('exit' in second && REFUSED.exec(second.exit)?.[1]).toBe(String(first.pid))
      expect(lockedBy(dataDir)).toBe(first.pid)
      expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true)
      expect(await searchOne(first, 'penguins')).toBe(200)
    } finally {
      await first.stop()
      await rm(scratch, { recursive: true, force: true })
    }
  }, 180_000)
})
