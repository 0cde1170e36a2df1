// `npm test`: runs every suite CI runs and ends with one line, "N passed, N failed".
// Static checks (typecheck, lint, format, build, bundle budget) count as one test each;
// Vitest and Playwright contribute their own test counts.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

let passed = 0
let failed = 0
const failures: string[] = []

function run(label: string, command: string, args: string[], env: Record<string, string> = {}): boolean {
  console.log(`\n=== ${label}: ${command} ${args.join(' ')}`)
  const started = Date.now()
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  const ok = result.status === 0
  console.log(`=== ${label}: ${ok ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  return ok
}

function check(label: string, command: string, args: string[]): void {
  if (run(label, command, args)) passed++
  else {
    failed++
    failures.push(label)
  }
}

/** Counts from a Vitest JSON report. */
function vitestCounts(file: string): { passed: number; failed: number } | null {
  if (!existsSync(file)) return null
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    numPassedTests: number
    numFailedTests: number
    numTotalTestSuites: number
    numFailedTestSuites: number
  }
  return { passed: report.numPassedTests, failed: report.numFailedTests + report.numFailedTestSuites }
}

/** Counts from a Playwright JSON report. */
function playwrightCounts(file: string): { passed: number; failed: number } | null {
  if (!existsSync(file)) return null
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number }
    errors?: unknown[]
  }
  const s = report.stats
  return { passed: s.expected + s.flaky, failed: s.unexpected + (report.errors?.length ?? 0) }
}

function suite(
  label: string,
  command: string,
  args: string[],
  counts: () => { passed: number; failed: number } | null,
  env: Record<string, string> = {},
): void {
  const ok = run(label, command, args, env)
  const c = counts()
  if (c) {
    passed += c.passed
    failed += c.failed
    if (!ok && c.failed === 0) failed++ // the runner failed outside any test
  } else {
    failed++
  }
  if (!ok || (c && c.failed > 0)) failures.push(label)
}

const out = mkdtempSync(join(tmpdir(), 'dse-test-'))
const npx = 'npx'

check('typecheck', 'npm', ['run', '-s', 'typecheck'])
check('lint', 'npm', ['run', '-s', 'lint'])
check('format', 'npm', ['run', '-s', 'format:check'])
check('build', 'npm', ['run', '-s', 'build'])
check('bundle size budget', 'node', ['--import', 'tsx', 'scripts/check-bundle-size.ts'])

const vitestReport = join(out, 'vitest.json')
suite(
  'unit and server tests (vitest)',
  npx,
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
  () => vitestCounts(vitestReport),
)

const playwrightReport = join(out, 'playwright.json')
suite(
  'end-to-end tests (playwright)',
  npx,
  ['playwright', 'test', '--reporter=list,json'],
  () => playwrightCounts(playwrightReport),
  {
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
  },
)

if (failures.length) console.log(`\nFailed: ${failures.join('; ')}`)
console.log(`${passed} passed, ${failed} failed`)
process.exit(failed > 0 ? 1 : 0)
