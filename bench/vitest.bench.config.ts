import { defineConfig } from 'vitest/config'

// The repository's vitest config covers src/, server/ and scripts/; the benchmark's own unit tests
// run with `npx vitest run --config bench/vitest.bench.config.ts`.
export default defineConfig({
  test: { include: ['bench/**/*.test.ts'], environment: 'node', pool: 'forks', maxWorkers: 1 },
})
