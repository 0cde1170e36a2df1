import { chromium } from '@playwright/test'
import { installProbe, type Painted } from './in-page-probe.ts'
const PROBE_SCRIPT = `var __name = (target) => target;\n(${installProbe.toString()})();`
const url = process.argv[2]!
const runs = Number(process.argv[3] ?? 5)
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' })
const totals = new Map<string, number>()
const gaps: number[] = []
const inclusive = new Map<string, number>()
const callers = new Map<string, number>()
for (let run = 0; run < runs; run++) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1 })
  await context.addInitScript({ content: PROBE_SCRIPT })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 })
  await cdp.send('Profiler.start')
  await page.goto(`${url}/?resource_id=generated-cities&limit=all`)
  const painted = (await page.evaluate(() =>
    (window as any).__probe.waitFor({ kind: 'first' }, 30_000),
  )) as Painted
  const nowPage = await page.evaluate(() => performance.now())
  const { profile } = (await cdp.send('Profiler.stop')) as any
  const responseEnd = await page.evaluate(
    (seen) =>
      performance
        .getEntriesByType('resource')
        .filter((e) => e.name.includes('datastore_search'))
        .map((e) => (e as PerformanceResourceTiming).responseEnd)
        .filter((end) => end > 0 && end <= seen)
        .sort((a, b) => b - a)[0] ?? NaN,
    painted.detectedAt,
  )
  const chunks = await page.evaluate(
    (r) =>
      performance
        .getEntriesByType('resource')
        .filter((e) => e.startTime > r - 200)
        .map(
          (e) =>
            `${e.name.split('/').pop()!.slice(0, 30)}@${Math.round(e.startTime - r)}..${Math.round((e as PerformanceResourceTiming).responseEnd - r)}`,
        ),
    responseEnd,
  )
  gaps.push(painted.paintedAt - responseEnd)
  console.log(
    `run ${run}: response ${responseEnd.toFixed(0)} detected +${(painted.detectedAt - responseEnd).toFixed(1)} painted +${(painted.paintedAt - responseEnd).toFixed(1)}; ${chunks.join(' ')}`,
  )
  const nodes = new Map<number, any>(profile.nodes.map((n: any) => [n.id, n]))
  const parent = new Map<number, number>()
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  const offset = profile.endTime / 1000 - nowPage
  let t = profile.startTime
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i]
    const ms = t / 1000 - offset
    if (ms < responseEnd || ms > painted.paintedAt) continue
    const f = nodes.get(profile.samples[i])!.callFrame
    const key = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}`
    const dt = (profile.timeDeltas[i + 1] ?? 100) / 1000
    totals.set(key, (totals.get(key) ?? 0) + dt)
    if (/getBoundingClientRect|scrollWidth|clientHeight|offset/.test(key) || key.startsWith('preload ')) {
      const chain: string[] = []
      let pid = parent.get(profile.samples[i])
      for (let d = 0; d < 4 && pid !== undefined; d++) {
        const cf = nodes.get(pid)!.callFrame
        chain.push(`${cf.functionName || '(anon)'}:${cf.lineNumber}`)
        pid = parent.get(pid)
      }
      const ck = key + ' <- ' + chain.join(' <- ')
      callers.set(ck, (callers.get(ck) ?? 0) + dt)
    }
    const seen = new Set<string>()
    {
      let id2: number | undefined = profile.samples[i]
      const chain: string[] = []
      let hit = false
      while (id2 !== undefined) {
        const cf = nodes.get(id2)!.callFrame
        const n = `${cf.functionName || '(anon)'}:${cf.lineNumber}`
        if (hit && chain.length < 5) chain.push(n)
        if (cf.functionName === 'preload') hit = true
        id2 = parent.get(id2)
      }
      if (hit) {
        const ck = 'PRELOAD <- ' + chain.join(' <- ')
        callers.set(ck, (callers.get(ck) ?? 0) + dt)
      }
    }
    let id: number | undefined = profile.samples[i]
    while (id !== undefined) {
      const cf = nodes.get(id)!.callFrame
      const k = `${cf.functionName || '(anon)'} ${cf.url.split('/').pop()}:${cf.lineNumber}`
      if (!seen.has(k)) {
        seen.add(k)
        inclusive.set(k, (inclusive.get(k) ?? 0) + dt)
      }
      id = parent.get(id)
    }
  }
  await context.close()
}
console.log('gaps', gaps.map((g) => g.toFixed(1)).join(' '))
if (0)
  for (const [k, v] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, 40))
    console.log((v / runs).toFixed(2).padStart(8), k)
for (const [k, v] of [...callers].sort((a, b) => b[1] - a[1]).slice(0, 8))
  console.log('CALLER', (v / runs).toFixed(2), k)
console.log('--- inclusive')
for (const [k, v] of [...inclusive]
  .filter(([k]) => /^[A-Z]|^use|format|check|measure|text|width/i.test(k))
  .sort((a, b) => b[1] - a[1])
  .slice(0, 50))
  console.log((v / runs).toFixed(2).padStart(8), k)
await browser.close()
