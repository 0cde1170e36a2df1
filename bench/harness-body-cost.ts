// Does the test harness itself put a long task on the page's main thread when a large download ends?
// Playwright attaches DevTools' Network domain to every page, and DevTools keeps a copy of each
// response and decodes it as text when it finishes loading (Blink's inspector network agent,
// "maybeDecodeDataToContent"), on the main thread. The summary and the map stream a 16 MiB dump.
// This bench reads a 16 MiB JSON download the way the explorer does (fetch, then the body's reader)
// in a page with nothing else, and records the page's long tasks:
//   - under Playwright (DevTools' Network domain on), as every other bench;
//   - under a bare DevTools connection that enables only Runtime (no Network domain), as a reader's
//     browser is;
//   - under the same bare connection with the Network domain enabled: the one difference.
// With --app, the same three ways run the explorer's own summary of the generated table (by country,
// count and total population: the dump of two columns) and record the long tasks from the dump's
// request to "Covers every record".
// A benchmark: it prints what it saw and never fails.
//
//   node --import tsx bench/harness-body-cost.ts [--runs 5] [--mib 16]
//   node --import tsx bench/harness-body-cost.ts --app http://127.0.0.1:4499 [--runs 5]
//   (a running `npm start -- --rows 1000000`)
import { chromium } from '@playwright/test'
import { spawn } from 'node:child_process'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtempSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { resolveChromium } from '../e2e/browser.ts'
import { summarize } from './lib/stats.ts'

interface BareSocket {
  once(event: 'open', listener: () => void): void
  on(event: 'message', listener: (data: Buffer) => void): void
  send(text: string): void
  close(): void
}
// the WebSocket client that Playwright ships (Node 20 has none of its own)
const { ws: WebSocket } = createRequire(import.meta.url)('playwright-core/lib/utilsBundle') as {
  ws: new (url: string) => BareSocket
}

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`)
  return index >= 0 ? process.argv[index + 1]! : fallback
}
const runs = Number(option('runs', '5'))
const mib = Number(option('mib', '16'))
const app = option('app', '')

// rows like the dump's: [country, population], as JSON
const row = '["Country name",1234567],'
const body = Buffer.from(`[${row.repeat(Math.floor((mib * 2 ** 20) / row.length))}["end",0]]`)
const PAGE = `<!doctype html><title>body cost</title><script type="module">
const tasks = []
new PerformanceObserver((list) => { for (const e of list.getEntries()) tasks.push(Math.round(e.duration)) })
  .observe({ type: 'longtask', buffered: true })
window.readBody = async () => {
  tasks.length = 0
  const started = performance.now()
  const response = await fetch('/big.json', { cache: 'no-store' })
  const reader = response.body.getReader()
  let bytes = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    bytes += value.length
  }
  // a moment for a task queued at the end of the load to run and be observed
  await new Promise((resolve) => setTimeout(resolve, 300))
  return { bytes, seconds: (performance.now() - started) / 1000, longTasks: [...tasks] }
}
</script>`
const server = createServer((request, response) => {
  if (request.url === '/big.json') {
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length })
    response.end(body)
  } else {
    response.writeHead(200, { 'content-type': 'text/html' })
    response.end(PAGE)
  }
})
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
const url = app
  ? `${app}/?resource_id=generated-cities&view=summary&group=country&show=count,sum:population`
  : `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
// In the explorer: waits for the summary to cover every record, then reads the long tasks (kept by
// the browser from the page's start: buffered) from the dump's request on.
const APP_READ = `new Promise((resolve) => {
  const tasks = []
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) tasks.push({ start: e.startTime, duration: Math.round(e.duration) })
  }).observe({ type: 'longtask', buffered: true })
  const check = () => {
    const done = [...document.querySelectorAll('[role="tabpanel"] [role="status"]')]
      .some((node) => /^Covers every/.test(node.textContent || ''))
    if (!done) return setTimeout(check, 100)
    setTimeout(() => {
      const dump = performance.getEntriesByType('resource').find((e) => e.name.includes('/datastore/dump/'))
      const since = dump ? dump.startTime : 0
      resolve({
        bytes: dump ? dump.decodedBodySize : 0,
        seconds: (performance.now() - since) / 1000,
        longTasks: tasks.filter((task) => task.start >= since).map((task) => task.duration),
      })
    }, 300)
  }
  check()
})`
const READ = app ? APP_READ : 'window.readBody()'
const READY = app ? `document.readyState === 'complete'` : `'readBody' in window`
const executablePath = resolveChromium() ?? 'chromium'

interface Reading {
  bytes: number
  seconds: number
  longTasks: number[]
}

async function underPlaywright(): Promise<Reading[]> {
  const browser = await chromium.launch({ executablePath })
  const readings: Reading[] = []
  for (let run = 0; run < runs; run++) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    await page.goto(url)
    await page.waitForFunction(READY)
    readings.push((await page.evaluate(READ)) as Reading)
    await page.close()
  }
  await browser.close()
  return readings
}

/** A bare DevTools connection: Target and Runtime only; with `network`, Network.enable too. */
async function underBareDevTools(network: boolean): Promise<Reading[]> {
  const child = spawn(
    executablePath,
    [
      '--headless=new',
      '--no-sandbox',
      '--remote-debugging-port=0',
      '--no-first-run',
      '--window-size=1280,800',
      `--user-data-dir=${mkdtempSync(path.join(tmpdir(), 'harness-body-cost-'))}`,
      'about:blank',
    ],
    { detached: true },
  )
  const endpoint = await new Promise<string>((resolve, reject) => {
    let text = ''
    child.stderr.on('data', (chunk: Buffer) => {
      text += chunk.toString()
      const match = /DevTools listening on (ws:\/\/\S+)/.exec(text)
      if (match) resolve(match[1]!)
    })
    child.on('exit', () => reject(new Error(`chromium exited: ${text.slice(-500)}`)))
  })
  const socket = new WebSocket(endpoint)
  await new Promise<void>((resolve) => socket.once('open', resolve))
  let nextId = 1
  const pending = new Map<number, (message: { result?: unknown; error?: unknown }) => void>()
  socket.on('message', (data: Buffer) => {
    const message = JSON.parse(data.toString()) as { id?: number; result?: unknown; error?: unknown }
    if (message.id !== undefined) pending.get(message.id)?.(message)
  })
  const send = (method: string, params: object = {}, sessionId?: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const id = nextId++
      pending.set(id, (message) =>
        message.error ? reject(new Error(JSON.stringify(message.error))) : resolve(message.result as never),
      )
      socket.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }))
    })
  const evaluate = async (sessionId: string, expression: string) =>
    (
      (await send(
        'Runtime.evaluate',
        { expression, awaitPromise: true, returnByValue: true },
        sessionId,
      )) as {
        result: { value: unknown }
      }
    ).result.value
  const readings: Reading[] = []
  for (let run = 0; run < runs; run++) {
    const { targetId } = (await send('Target.createTarget', { url })) as { targetId: string }
    const { sessionId } = (await send('Target.attachToTarget', { targetId, flatten: true })) as {
      sessionId: string
    }
    if (network) await send('Network.enable', {}, sessionId)
    while ((await evaluate(sessionId, READY)) !== true)
      await new Promise((resolve) => setTimeout(resolve, 50))
    readings.push((await evaluate(sessionId, READ)) as Reading)
    await send('Target.closeTarget', { targetId })
  }
  socket.close()
  // the whole group: Debian's chromium is a shell script that starts the browser
  process.kill(-child.pid!)
  return readings
}

function report(label: string, readings: Reading[]): void {
  const longest = readings.map((reading) => Math.max(0, ...reading.longTasks))
  const over50 = readings.filter((reading) => reading.longTasks.some((duration) => duration > 50)).length
  const stats = summarize(longest)!
  console.log(
    `${label}: ${(readings[0]!.bytes / 2 ** 20).toFixed(1)} MiB read in ${summarize(readings.map((r) => r.seconds))!.median.toFixed(2)} s; ` +
      `longest task median ${stats.median} ms (${stats.min}–${stats.max}); runs with a task over 50 ms: ${over50} of ${readings.length}; ` +
      `tasks: ${readings.map((reading) => `[${reading.longTasks.join(', ')}]`).join(' ')}`,
  )
}

try {
  report('Playwright (DevTools Network domain on)', await underPlaywright())
  report('bare DevTools connection (no Network domain)', await underBareDevTools(false))
  report('the same bare connection with Network.enable', await underBareDevTools(true))
} finally {
  server.close()
}
