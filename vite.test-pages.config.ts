// The pages only the e2e suite uses (test-pages/*.html, e.g. two explorers on one page), built apart
// from the app into dist/test-build/ so that the app's own build and chunks stay exactly as shipped.
import { defineConfig, mergeConfig } from 'vite'
import appConfig from './vite.config.ts'

export default mergeConfig(
  appConfig,
  defineConfig({
    base: '/test-build/',
    build: {
      outDir: 'dist/test-build',
      emptyOutDir: true,
      rolldownOptions: { input: { 'two-explorers': 'test-pages/two-explorers.html' } },
    },
  }),
)
