// Builds the peer pages of the browser benchmark (bench/peers/*.html) into bench/.peers-dist/,
// minified like a production app, apart from the explorer's own build in dist/.
import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

const root = fileURLToPath(new URL('./peers', import.meta.url))
const page = (name: string): string => fileURLToPath(new URL(`./peers/${name}.html`, import.meta.url))

export default defineConfig({
  root,
  base: './',
  plugins: [react()],
  logLevel: 'warn',
  build: {
    target: 'es2022',
    outDir: fileURLToPath(new URL('./.peers-dist', import.meta.url)),
    emptyOutDir: true,
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 4000,
    // PEERS_MINIFY=0 keeps names readable when profiling a peer page
    minify: process.env.PEERS_MINIFY !== '0',
    rollupOptions: {
      input: { 'ag-grid': page('ag-grid'), glide: page('glide'), datatables: page('datatables') },
    },
  },
})
