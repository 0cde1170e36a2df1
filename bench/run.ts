// `npm run bench`: the server benchmark (bench/server-bench.ts, when present) and then the browser
// benchmark, one after the other so they never compete for the two cores, then a short summary.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { repoRoot } from './servers.ts'

const passThrough = process.argv.slice(2)
const steps = [
  { name: 'server benchmark', file: 'bench/server-bench.ts', args: [] as string[] },
  { name: 'browser benchmark', file: 'bench/browser-bench.ts', args: passThrough },
]

const summary: string[] = []
let failed = false
for (const step of steps) {
  if (!existsSync(path.join(repoRoot, step.file))) {
    summary.push(`${step.name}: skipped (${step.file} not found)`)
    continue
  }
  process.stdout.write(`\n=== ${step.name} (${step.file}) ===\n`)
  const started = Date.now()
  const result = spawnSync(process.execPath, ['--import', 'tsx', step.file, ...step.args], {
    cwd: repoRoot,
    stdio: 'inherit',
  })
  const seconds = ((Date.now() - started) / 1000).toFixed(0)
  if (result.status === 0) summary.push(`${step.name}: done in ${seconds} s`)
  else {
    failed = true
    summary.push(`${step.name}: FAILED (exit ${result.status ?? result.signal}) after ${seconds} s`)
  }
}
process.stdout.write(
  `\n=== summary ===\n${summary.join('\n')}\nResults: bench/RESULTS.md; README table: bench/README-table.md\n`,
)
process.exit(failed ? 1 : 0)
