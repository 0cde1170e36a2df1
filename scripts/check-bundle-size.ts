// Fails when the JavaScript a page loads before anything else exceeds its gzip budget. Size is
// deterministic, so unlike speed it can be a CI test. Run after `npm run build`.
//   - the standalone page: the module scripts and modulepreloads in dist/index.html;
//   - an embed: dist/embed/datastore-explorer.js and every module it imports statically;
// and when a chunk would make Vite print its size warning.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { initialJsGzipBytes, moduleGraphGzipBytes } from '../bench/lib/initial-js.ts'
import appConfig from '../vite.config.ts'

export const INITIAL_JS_GZIP_BUDGET = 120 * 1024
export const EMBED_JS_GZIP_BUDGET = 125 * 1024

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

// Vite warns about any chunk above its limit; on a first `npm start` the warning reads like a failure.
// The limit (vite.config.ts) sits above the one big lazy chunk, exceljs: a bigger chunk must say so here.
const warningLimitBytes = (appConfig.build?.chunkSizeWarningLimit ?? 500) * 1000
const chunks = ['assets', 'embed/chunks'].flatMap((folder) =>
  readdirSync(join('dist', folder))
    .filter((name) => name.endsWith('.js'))
    .map((name) => ({ name: `${folder}/${name}`, bytes: statSync(join('dist', folder, name)).size })),
)
const biggest = chunks.reduce((a, b) => (b.bytes > a.bytes ? b : a))
if (biggest.bytes > warningLimitBytes) over = true
console.log(
  `biggest chunk: ${biggest.name}, ${kb(biggest.bytes)}, ${biggest.bytes > warningLimitBytes ? 'OVER' : 'within'} Vite's warning limit of ${kb(warningLimitBytes)}`,
)
process.exit(over ? 1 : 0)
