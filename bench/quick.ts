// `npm run bench:quick`: the guard against a slower page. The explorer and Glide Data Grid only,
// 1,000 and 1,000,000 rows, 3 runs (about 5 minutes once bench/data/ holds the tables); prints ours ÷
// Glide on first rows and sort, and exits 1 when ours is slower on any of them. Not in CI (it times
// things): run it before resolving an issue that touches the page, and record the run in
// bench/RESULTS.md (`--record` appends it to "Quick guard runs").
//
//   node --import tsx bench/quick.ts [--record] [--runs 3] [--before DIR]
import { appendFileSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { main } from './browser-bench.ts'
import { guardVerdicts, renderGuardRun } from './lib/guard.ts'
import { repoRoot } from './servers.ts'

const argv = process.argv.slice(2)
const record = argv.includes('--record')
const runsAt = argv.indexOf('--runs')
const runs = runsAt >= 0 ? argv[runsAt + 1]! : '3'
const beforeAt = argv.indexOf('--before')
const before = beforeAt >= 0 ? ['--before', argv[beforeAt + 1]!] : []
const grids = before.length > 0 ? 'ours,before,glide' : 'ours,glide'

const report = await main([
  '--grids',
  grids,
  '--sizes',
  '1000,1000000',
  '--runs',
  runs,
  '--no-write',
  ...before,
])
const verdicts = guardVerdicts(report)
const text = renderGuardRun(report, verdicts)
process.stdout.write(`\n${text}\n`)
if (record) {
  const file = path.join(repoRoot, 'bench', 'RESULTS.md')
  const heading = '## Quick guard runs (`npm run bench:quick`)'
  const current = readFileSync(file, 'utf8')
  appendFileSync(file, `${current.includes(heading) ? '' : `\n${heading}\n`}\n${text}\n`)
  process.stdout.write('Appended to bench/RESULTS.md.\n')
}
process.exit(verdicts.every((verdict) => verdict.ok) ? 0 : 1)
