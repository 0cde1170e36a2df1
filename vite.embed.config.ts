// The embeddable explorer: dist/embed/datastore-explorer.js (the <datastore-explorer> element) and
// dist/embed/frame.js (the iframe mode of /embed.html). Every chunk, stylesheet and asset is loaded
// relative to the script's own URL (base './'), so a page on any origin can load it.
import { createHash } from 'node:crypto'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { defineConfig, mergeConfig, type Plugin } from 'vite'
import packageJson from './package.json' with { type: 'json' }
import appConfig from './vite.config.ts'

/** The entry scripts a page loads by name; their chunks are named by their content. */
const ENTRIES = ['datastore-explorer', 'frame']

/**
 * dist/embed/release.json: the release's version and the Subresource Integrity hash of each entry
 * script. The server serves the release under /embed/v<version>/ (cached for good), and "Embed this
 * view" writes both into its snippet. Each entry names its chunks by their content hash, so the
 * entry's hash pins them too.
 */
function releaseManifest(): Plugin {
  return {
    name: 'embed-release-manifest',
    apply: 'build',
    async writeBundle(options) {
      const outDir = options.dir!
      const integrity: Record<string, string> = {}
      for (const entry of ENTRIES) {
        const code = await readFile(path.join(outDir, `${entry}.js`))
        integrity[`${entry}.js`] = `sha384-${createHash('sha384').update(code).digest('base64')}`
      }
      const release = { version: packageJson.version, integrity }
      await writeFile(path.join(outDir, 'release.json'), `${JSON.stringify(release, null, 2)}\n`)
    },
  }
}

export default mergeConfig(
  appConfig,
  defineConfig({
    base: './',
    publicDir: false,
    plugins: [releaseManifest()],
    build: {
      outDir: 'dist/embed',
      emptyOutDir: true,
      // no <link rel=modulepreload> added to the host's <head>: an embed changes nothing outside itself
      modulePreload: false,
      rolldownOptions: {
        input: Object.fromEntries(ENTRIES.map((entry) => [entry, `src/embed/${entry}.ts`])),
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
