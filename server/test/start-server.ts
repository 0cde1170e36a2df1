// Starts the real datastore server as a child process, for tests and benchmarks that talk HTTP; or
// its HTTP layer in this process, for tests that give it their own actions or database.
import { spawn } from 'node:child_process'
import { mkdtemp } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createDatastoreServer, type ServerOptions } from '../http/server.ts'

/** What server/main.ts prints once every table can be searched (not imported: main.ts runs itself). */
export const ALL_READY = 'All tables are ready.'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
const defaultStartTimeoutMs = 180_000

export interface RunningServer {
  /** Base URL without trailing slash, e.g. `http://127.0.0.1:41234`. */
  url: string
  /** The server's process id (undefined for startInProcess: this process). */
  pid?: number
  /** What it printed (stdout and stderr) until it started. */
  output?: string
  stop(): Promise<void>
}

/**
 * The HTTP layer in this process on a free port, with these actions, database, tokens and log, and
 * test defaults for the rest (CKAN's row limits, an empty folder as the app, 1 KB request bodies).
 */
export async function startInProcess(
  options: Pick<ServerOptions, 'db' | 'actions' | 'tokens' | 'log'> &
    Partial<Pick<ServerOptions, 'maxClientRequests' | 'debugErrors' | 'staticRoot'>>,
): Promise<RunningServer> {
  const server = createDatastoreServer({
    config: { rowsDefault: 100, rowsMax: 32000, defaultFtsLang: 'english' },
    staticRoot: await mkdtemp(path.join(tmpdir(), 'no-app-')),
    maxBodyBytes: 1024,
    ...options,
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

/** Runs `node --import tsx server/main.ts ...args` to its end (a refusal, --help): its code and output. */
export function runServer(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', ...args], { cwd: repoRoot })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('exit', (code) => resolve({ code, stdout, stderr }))
  })
}

/**
 * Spawns `node --import tsx server/main.ts --port 0 ...args` and resolves with the URL it prints,
 * once every table is loaded (the big generated one loads while the server already answers), or as
 * soon as it listens with `whenListening`. Rejects with the server's output when it exits first or
 * does not start in time.
 */
export function startServer(
  args: string[],
  env: NodeJS.ProcessEnv = {},
  {
    startTimeoutMs = defaultStartTimeoutMs,
    whenListening = false,
    cwd = repoRoot,
  }: {
    startTimeoutMs?: number
    whenListening?: boolean
    /** The checkout whose server/main.ts runs (default: this one). */
    cwd?: string
  } = {},
): Promise<RunningServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', '--port', '0', ...args], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  let stdoutText = ''
  let exited = false
  const exitedPromise = new Promise<void>((resolve) => {
    child.once('exit', () => {
      exited = true
      resolve()
    })
  })

  // Never leave an orphaned server behind when the test or bench process exits.
  const killOnExit = (): void => void child.kill('SIGKILL')
  process.once('exit', killOnExit)
  void exitedPromise.then(() => process.removeListener('exit', killOnExit))

  const stop = async (): Promise<void> => {
    if (exited) return
    child.kill('SIGTERM')
    const killTimer = setTimeout(() => child.kill('SIGKILL'), 5000)
    await exitedPromise
    clearTimeout(killTimer)
  }

  return new Promise((resolve, reject) => {
    let settled = false
    const timer = setTimeout(() => {
      if (settled) return
      settled = true
      void stop()
      reject(new Error(`server did not start within ${startTimeoutMs} ms. Output:\n${output}`))
    }, startTimeoutMs)
    const onData = (chunk: Buffer): void => {
      if (settled) return // keep draining, stop collecting once started
      output += chunk.toString('utf8')
      stdoutText += chunk.toString('utf8')
      const match = /http:\/\/[^\s/]+/.exec(stdoutText)
      if (match && (whenListening || stdoutText.includes(ALL_READY))) {
        settled = true
        clearTimeout(timer)
        resolve({ url: match[0], pid: child.pid, output, stop })
      }
    }
    child.stdout.on('data', onData)
    // Keep draining stderr so the child never blocks on a full pipe; it is part of the error output.
    child.stderr.on('data', (chunk: Buffer) => {
      if (!settled) output += chunk.toString('utf8')
    })
    child.once('exit', (code, signal) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      reject(new Error(`server exited (code ${code}, signal ${signal}) before listening. Output:\n${output}`))
    })
  })
}
