// Fails when the JavaScript a page loads before anything else exceeds its gzip budget. Size is
// deterministic, so unlike speed it can be a CI test. Run after `npm run build`.
//   - the standalone page: the module scripts and modulepreloads in dist/index.html;
//   - an embed: dist/embed/datastore-explorer.js and every module it imports statically.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { initialJsGzipBytes, moduleGraphGzipBytes } from '../bench/lib/initial-js.ts'

export const INITIAL_JS_GZIP_BUDGET = 130 * 1024
export const EMBED_JS_GZIP_BUDGET = 135 * 1024

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
let over = false

function report(label: string, result: { bytes: number; files: string[] }, budget: number): void {
  const verdict = result.bytes <= budget ? 'within' : 'OVER'
  if (result.bytes > budget || result.files.length === 0) over = true
  console.log(
    `${label}: ${kb(result.bytes)} gzip in ${result.files.length} files, ${verdict} the ${kb(budget)} budget`,
  )
}

readFileSync(join('dist', 'index.html'))
report('initial JS of the page', initialJsGzipBytes(join('dist', 'index.html')), INITIAL_JS_GZIP_BUDGET)
report(
  'JS of an embed before it runs',
  moduleGraphGzipBytes(join('dist', 'embed', 'datastore-explorer.js')),
  EMBED_JS_GZIP_BUDGET,
)
process.exit(over ? 1 : 0)
