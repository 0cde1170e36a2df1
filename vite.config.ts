import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { chunkSizeLimits, EXCELJS_CHUNK_LIMIT_KB } from './scripts/chunk-size-limits.ts'

// The API server (server/main.ts) serves the built app and the CKAN API from one origin.
// In development, Vite serves the app and proxies the API paths to that server.
const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8080'
const proxy = {
  '^/([a-zA-Z_]{2,10}/)?api/': { target: apiTarget, changeOrigin: true },
  '/config.json': { target: apiTarget, changeOrigin: true },
}

export default defineConfig({
  plugins: [react(), chunkSizeLimits()],
  server: { proxy },
  preview: { proxy },
  build: {
    target: 'es2022',
    // no inline module-preload polyfill script: the app must run under `script-src 'self'`
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    // per chunk, in chunkSizeLimits(); Vite's own warning stays for anything over the largest limit
    chunkSizeWarningLimit: EXCELJS_CHUNK_LIMIT_KB,
    rolldownOptions: {
      // Rolldown's report of the time spent in plugins (Vite's own, for CSS) is about the build's
      // speed, not its output, and reads like a failure on a first `npm start`
      checks: { bundlerTimings: false },
    },
  },
})
