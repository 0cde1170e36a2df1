// `npm start` on a fresh clone, as a new user runs it: nothing built, nothing loaded. It must build
// and serve everything the README names: the app, the embed demo, the <datastore-explorer> element
// and the iframe page, with every script and style sheet they load, and say nothing on the way that
// looks like a failure.
import { execFile } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { copyFile, mkdir, mkdtemp, rm, symlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { initialScripts, staticImports } from '../../bench/lib/initial-js.ts'
import { startServer, type RunningServer } from './start-server.ts'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
const run = promisify(execFile)

async function git(args: string[], cwd: string): Promise<string> {
  return (await run('git', args, { cwd, maxBuffer: 16 * 1024 * 1024 })).stdout
}

/**
 * A clone of this repository, with this checkout's uncommitted changes on top (so that it is what
 * the next commit would give), and this checkout's node_modules (as `npm install` would give).
 */
async function freshClone(into: string): Promise<string> {
  const clone = path.join(into, 'repo')
  await git(['clone', '--quiet', '--depth', '1', `file://${repoRoot}`, clone], into)
  const changed = await git(['ls-files', '--modified', '--others', '--exclude-standard', '-z'], repoRoot)
  for (const file of changed.split('\0').filter(Boolean)) {
    if (existsSync(path.join(repoRoot, file))) {
      await mkdir(path.dirname(path.join(clone, file)), { recursive: true })
      await copyFile(path.join(repoRoot, file), path.join(clone, file))
    } else {
      await rm(path.join(clone, file), { force: true })
    }
  }
  await symlink(path.join(repoRoot, 'node_modules'), path.join(clone, 'node_modules'), 'junction')
  return clone
}

/** The flags `npm start` gives server/main.ts, from the clone's package.json. */
function startFlags(clone: string): string[] {
  const { scripts } = JSON.parse(readFileSync(path.join(clone, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>
  }
  const command = 'node --import tsx server/main.ts'
  expect(scripts.start!.startsWith(command)).toBe(true)
  return scripts.start!.slice(command.length).split(' ').filter(Boolean)
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
}

const TYPES: Record<string, string> = {
  '.html': 'text/html;charset=utf-8',
  '.js': 'text/javascript;charset=utf-8',
  '.css': 'text/css;charset=utf-8',
  '.png': 'image/png',
  '.json': 'application/json;charset=utf-8',
}

/** The same-origin scripts, style sheets, icons and frames an HTML page names. */
function pageReferences(html: string): string[] {
  return [...html.matchAll(/\b(?:src|href)="(\/[^"]*)"/g)].map((match) => match[1]!.replaceAll('&amp;', '&'))
}

let scratch: string
let clone: string
let server: RunningServer

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'fresh-clone-'))
  clone = await freshClone(scratch)
  server = await startServer(
    [...startFlags(clone), '--rows', '300', '--quiet'],
    {},
    { cwd: clone, whenListening: true, startTimeoutMs: 280_000 },
  )
}, 300_000)

afterAll(async () => {
  await server?.stop()
  if (scratch) await rm(scratch, { recursive: true, force: true })
})

/** Fetches a path of the clone's server: it must answer 200 with the type its extension calls for. */
async function served(urlPath: string): Promise<string> {
  const response = await fetch(new URL(urlPath, server.url))
  expect(response.status, urlPath).toBe(200)
  const extension = path.extname(new URL(urlPath, server.url).pathname)
  expect(response.headers.get('content-type'), urlPath).toBe(TYPES[extension || '.html'])
  return response.text()
}

describe('npm start on a fresh clone', () => {
  it('builds the app and the embed, calmly: no warning, nothing that reads like an error', () => {
    expect(server.output).toContain(
      'Building the app and the embed with `npm run build` (dist/index.html is missing)…',
    )
    expect(server.output).toMatch(/Built the app and the embed in [\d.]+ s\./)
    expect(server.output).not.toMatch(/warn|error|\(!\)|PLUGIN_TIMINGS|larger than/i)
  })

  it('serves the app and the scripts it starts with', async () => {
    const page = await served('/')
    const scripts = initialScripts(page)
    expect(scripts.length).toBeGreaterThan(0)
    for (const script of scripts) await served(`/${script}`)
  })

  it('serves the embed demo, the iframe page, and every script, style sheet and icon they name', async () => {
    const demo = pageReferences(await served('/embed-demo.html'))
    expect(demo).toEqual(expect.arrayContaining(['/embed/datastore-explorer.js', '/embed-demo.js']))
    const frame = pageReferences(await served('/embed.html'))
    expect(frame).toContain('/embed/frame.js')
    for (const reference of [...demo, ...frame]) await served(reference)
  })

  it('serves the whole element bundle: every file of dist/embed, and every module the entries import', async () => {
    const files = filesUnder(path.join(clone, 'dist', 'embed'))
    expect(files).toEqual(expect.arrayContaining(['datastore-explorer.js', 'frame.js']))
    expect(files.some((file) => file.endsWith('.css'))).toBe(true)
    for (const file of files) await served(`/embed/${file}`)
    // the entries' static imports all resolve to files that were built (and so are served)
    const seen = new Set<string>()
    const visit = (file: string): void => {
      if (seen.has(file)) return
      seen.add(file)
      expect(files, `imported by the element: ${file}`).toContain(file)
      const code = readFileSync(path.join(clone, 'dist', 'embed', file), 'utf8')
      for (const specifier of staticImports(code)) visit(path.posix.join(path.posix.dirname(file), specifier))
    }
    visit('datastore-explorer.js')
    visit('frame.js')
    expect(seen.size).toBeGreaterThan(2)
  })
})
