// The npm package of the element (scripts/pack-element.ts builds it twice with this config):
//   ELEMENT_PACKAGE_ENTRY=element  dist/datastore-explorer.js: the element, React inside it;
//   ELEMENT_PACKAGE_ENTRY=react    dist/react/datastore-explorer-react.js: the element and a React
//                                  component, on the host's own React 19 (left out of the bundle).
// Chunks load relative to the entry (base './'); the stylesheet is adopted from the script's own text
// (explorer-stylesheet-inline.ts), so a bundler that moves the files cannot lose it.
import path from 'node:path'
import { defineConfig, mergeConfig } from 'vite'
import appConfig from './vite.config.ts'

const react = process.env.ELEMENT_PACKAGE_ENTRY === 'react'
const packageDir = process.env.ELEMENT_PACKAGE_DIR ?? 'dist/element-package'

export default mergeConfig(
  appConfig,
  defineConfig({
    base: './',
    publicDir: false,
    resolve: {
      alias: [
        {
          find: /^\.\/explorer-stylesheet$/,
          replacement: path.resolve('src/embed/explorer-stylesheet-inline.ts'),
        },
      ],
    },
    build: {
      outDir: path.join(packageDir, react ? 'dist/react' : 'dist'),
      emptyOutDir: true,
      modulePreload: false,
      rolldownOptions: {
        input: react
          ? { 'datastore-explorer-react': 'src/embed/react.tsx' }
          : { 'datastore-explorer': 'src/embed/datastore-explorer.ts' },
        external: react ? [/^react(-dom)?(\/.*)?$/] : [],
        output: {
          entryFileNames: '[name].js',
          chunkFileNames: 'chunks/[name]-[hash].js',
          assetFileNames: 'assets/[name]-[hash][extname]',
        },
        preserveEntrySignatures: 'exports-only',
      },
    },
  }),
)
