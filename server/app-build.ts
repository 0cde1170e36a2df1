// Whether the built app is out of date, for `npm start` (server/main.ts --build-if-needed), which then
// runs `npm run build`: the one place that says how the app and the embed are built.
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'

/**
 * What `npm run build` makes and the README names: the app (dist/index.html, with public/'s pages
 * such as embed-demo.html) and the embed (dist/embed/: the element and the iframe page's script).
 */
export const BUILT = ['dist/index.html', 'dist/embed/datastore-explorer.js', 'dist/embed/frame.js']

/** What the builds are made from (package.json holds the build script, its lock the libraries). */
export const BUILD_SOURCES = [
  'src',
  'index.html',
  'public',
  'vite.config.ts',
  'vite.embed.config.ts',
  'package.json',
  'package-lock.json',
]

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0
  const info = statSync(target)
  if (!info.isDirectory()) return info.mtimeMs
  return Math.max(0, ...readdirSync(target).map((name) => newestMtime(path.join(target, name))))
}

/** Why the build in `root` is out of date, or '' when it is not: an output missing, or older than a source. */
export function buildStaleness(root: string): string {
  const missing = BUILT.find((file) => !existsSync(path.join(root, file)))
  if (missing) return `${missing} is missing`
  const builtAt = Math.min(...BUILT.map((file) => statSync(path.join(root, file)).mtimeMs))
  const changed = BUILD_SOURCES.find((source) => newestMtime(path.join(root, source)) > builtAt)
  return changed ? `${changed} changed since the last build` : ''
}
