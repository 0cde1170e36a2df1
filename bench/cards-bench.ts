// Issue 27's budgets for the record cards, on a 375×667 phone with touch: the time from the first
// page's response to the first cards painted (≤ 50 ms), and scrolling the cards through 100,000
// records (60 fps, at most 40 cards in the DOM). A benchmark: it prints medians and never fails.
//
//   node --import tsx bench/cards-bench.ts --url http://127.0.0.1:4471 [--runs 5]
//   (a running `npm start -- --rows 100000`, or any server with the generated table of 100,000 rows)
import { chromium } from '@playwright/test'
import { resolveChromium } from '../e2e/browser.ts'
import { summarize } from './lib/stats.ts'
import { option } from './lib/cli.ts'

const url = option('url', 'http://127.0.0.1:8080')
// `--show table` measures the grid's first rows the same way, for comparison on the same machine;
// `--show floor` measures a page that does nothing but fetch the same first page and write its first
// records as plain buttons: the least any page can take on this machine, from response to paint
const show = option('show', 'cards')
const FIRST = show === 'table' ? '.dse-table-region > .dse-table .dse-grid__row' : 'button.dse-card'
// the floor page: served at the explorer's origin by the page's routing, one fetch, no framework
const FLOOR_PAGE = `<!doctype html><meta name="viewport" content="width=device-width"><title>floor</title>
<main></main><script type="module">
const response = await fetch('/api/3/action/datastore_search?resource_id=TABLE&limit=100')
const { result } = await response.json()
const main = document.querySelector('main')
for (const record of result.records.slice(0, 17)) {
  const card = document.createElement('button')
  card.className = 'dse-card'
  // as many fields as a card shows (its label and six more), as text
  const fields = Object.entries(record).filter(([key]) => key !== '_id').slice(0, 7)
  card.textContent = fields.map(([key, value]) => key + ': ' + value).join(' · ')
  card.style.cssText = 'display:block;width:100%;min-height:56px;text-align:start'
  main.append(card)
}
</script>`
const runs = Number(option('runs', '5'))
// the generated table's names are in many scripts (Arabic, Hebrew, Chinese…), whose fonts a fresh
// browser finds on first use; `--table seattle-weather` measures a table in Latin letters only
const table = option('table', 'generated-cities')
const executablePath = resolveChromium()
const browser = await chromium.launch(executablePath ? { executablePath } : {})

// In the page: the first page's response end (Resource Timing) to the frame after the first card
// is in the DOM (a MutationObserver, then the next frame and a task: the paint).
const FIRST_CARDS = () => `window.__firstCards = new Promise((resolve) => {
  function finish() {
    requestAnimationFrame(() => setTimeout(() => {
      const entry = performance.getEntriesByType('resource').find((e) => e.name.includes('datastore_search'))
      resolve({ painted: performance.now(), responseEnd: entry ? entry.responseEnd : NaN })
    }, 0))
  }
  if (document.querySelector('${FIRST}')) return finish()
  const observer = new MutationObserver(() => {
    if (!document.querySelector('${FIRST}')) return
    observer.disconnect()
    finish()
  })
  observer.observe(document, { subtree: true, childList: true })
})`

// Scrolls the cards from the first record to the last in `frames` frames, one step per frame, and
// reports the frames' durations and the most cards in the DOM at once.
const SCROLL = `new Promise((resolve) => {
  const box = document.querySelector('.dse-cards')
  const frames = 600
  const step = (box.scrollHeight - box.clientHeight) / frames
  const times = []
  let most = 0
  let last = performance.now()
  let frame = 0
  function tick(now) {
    times.push(now - last)
    last = now
    most = Math.max(most, box.querySelectorAll('.dse-card-item').length)
    if (++frame > frames) return resolve({ times: times.slice(1), most, top: box.scrollTop })
    box.scrollTop = Math.round(frame * step)
    requestAnimationFrame(tick)
  }
  requestAnimationFrame(tick)
})`

const firstCards: number[] = []
const frameTimes: number[] = []
let mostCards = 0
for (let run = 0; run < runs; run++) {
  const context = await browser.newContext({
    viewport: { width: 375, height: 667 },
    hasTouch: true,
    isMobile: true,
  })
  const page = await context.newPage()
  await page.addInitScript(FIRST_CARDS())
  if (show === 'floor') {
    await page.route(`${url}/floor.html`, (route) =>
      route.fulfill({ contentType: 'text/html', body: FLOOR_PAGE.replace('TABLE', table) }),
    )
    await page.goto(`${url}/floor.html`)
  } else await page.goto(`${url}/?resource_id=${table}&limit=all&view=${show}`)
  const { painted: at, responseEnd } = (await page.evaluate('window.__firstCards')) as {
    painted: number
    responseEnd: number
  }
  firstCards.push(at - responseEnd)
  if (show !== 'cards' || table !== 'generated-cities') {
    await context.close()
    continue
  }
  const scroll = (await page.evaluate(SCROLL)) as { times: number[]; most: number }
  frameTimes.push(...scroll.times)
  mostCards = Math.max(mostCards, scroll.most)
  await context.close()
}
await browser.close()

console.log(
  `${table}: response → first ${show} painted: ${JSON.stringify(summarize(firstCards))} ms (budget ≤ 50 ms)`,
)
const frames = summarize(frameTimes)
if (!frames) process.exit(0)
const fps = 1000 / frames.median
const slow = frameTimes.filter((time) => time > 1000 / 50).length
console.log(
  `scrolling 100,000 records in 600 frames: median frame ${frames.median.toFixed(1)} ms (${fps.toFixed(0)} fps), ` +
    `${slow} of ${frameTimes.length} frames over 20 ms; at most ${mostCards} cards in the DOM (budget ≤ 40)`,
)
