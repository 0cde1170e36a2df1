// Fails when the initial JavaScript of the production build exceeds its gzip budget.
// Size is deterministic, so unlike speed it can be a CI test. Run after `npm run build`.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

export const INITIAL_JS_GZIP_BUDGET = 160 * 1024

/** The JS files the page loads before anything else: module scripts and modulepreloads in index.html. */
export function initialScripts(indexHtml: string): string[] {
  const found = new Set<string>()
  for (const match of indexHtml.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="([^"]+\.js)"/g)) {
    if (match[1]) found.add(match[1].replace(/^\//, ''))
  }
  return [...found]
}

const dist = 'dist'
const html = readFileSync(join(dist, 'index.html'), 'utf8')
const scripts = initialScripts(html)
let total = 0
for (const file of scripts) {
  const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length
  total += size
  console.log(`${file}: ${(size / 1024).toFixed(1)} KB gzip`)
}
const verdict = total <= INITIAL_JS_GZIP_BUDGET ? 'within' : 'OVER'
console.log(
  `initial JS: ${(total / 1024).toFixed(1)} KB gzip, ${verdict} the ${INITIAL_JS_GZIP_BUDGET / 1024} KB budget`,
)
if (scripts.length === 0) {
  console.error('no script found in dist/index.html')
  process.exit(1)
}
process.exit(total <= INITIAL_JS_GZIP_BUDGET ? 0 : 1)
