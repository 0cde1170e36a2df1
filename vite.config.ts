import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// The API server (server/main.ts) serves the built app and the CKAN API from one origin.
// In development, Vite serves the app and proxies the API paths to that server.
const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8080'
const proxy = {
  '^/([a-zA-Z_]{2,10}/)?api/': { target: apiTarget, changeOrigin: true },
  '/config.json': { target: apiTarget, changeOrigin: true },
}

export default defineConfig({
  plugins: [react()],
  server: { proxy },
  preview: { proxy },
  build: {
    target: 'es2022',
    // no inline module-preload polyfill script: the app must run under `script-src 'self'`
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    // the one big chunk is exceljs (about 930 kB), loaded only when a reader saves an .xlsx: the
    // bundle budget (scripts/check-bundle-size.ts) watches what a page loads first
    chunkSizeWarningLimit: 1000,
    rolldownOptions: {
      // Rolldown's timing report reads like a failure on a first `npm start`, on a slow computer
      checks: { bundlerTimings: false },
    },
  },
})
