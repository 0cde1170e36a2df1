import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    // e2e/*.spec.ts belong to Playwright; keep them out of Vitest.
    include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
  },
})
