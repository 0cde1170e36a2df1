// The embeddable explorer: dist/embed/datastore-explorer.js (the <datastore-explorer> element) and
// dist/embed/frame.js (the iframe mode of /embed.html). Every chunk, stylesheet and asset is loaded
// relative to the script's own URL (base './'), so a page on any origin can load it.
import { defineConfig, mergeConfig } from 'vite'
import appConfig from './vite.config.ts'

export default mergeConfig(
  appConfig,
  defineConfig({
    base: './',
    publicDir: false,
    build: {
      outDir: 'dist/embed',
      emptyOutDir: true,
      // no <link rel=modulepreload> added to the host's <head>: an embed changes nothing outside itself
      modulePreload: false,
      rolldownOptions: {
        input: {
          'datastore-explorer': 'src/embed/datastore-explorer.ts',
          frame: 'src/embed/frame.ts',
        },
        output: {
          entryFileNames: '[name].js',
          chunkFileNames: 'chunks/[name]-[hash].js',
          assetFileNames: 'assets/[name]-[hash][extname]',
        },
        // an entry's exports are its public surface: keep them
        preserveEntrySignatures: 'exports-only',
      },
    },
  }),
)
