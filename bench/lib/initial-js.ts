// Initial JavaScript of a built page, the same way scripts/check-bundle-size.ts counts it for the
// explorer: the module scripts and modulepreloads its HTML names, each gzipped at level 9.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

/** The budgets (KB gzip) of scripts/check-bundle-size.ts and of the browser bench's report. */
export const INITIAL_JS_BUDGET_KB = 130
export const EMBED_JS_BUDGET_KB = 135

/** JS files a page loads before anything else, relative to the page's folder. */
export function initialScripts(html: string): string[] {
  const found = new Set<string>()
  for (const match of html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="([^"]+\.js)"/g)) {
    if (match[1]) found.add(match[1].replace(/^\.?\//, ''))
  }
  return [...found]
}

/** Total gzip bytes of the initial scripts of `htmlFile`. */
export function initialJsGzipBytes(htmlFile: string): { bytes: number; files: string[] } {
  const dir = path.dirname(htmlFile)
  const files = initialScripts(readFileSync(htmlFile, 'utf8'))
  const bytes = files.reduce(
    (sum, file) => sum + gzipSync(readFileSync(path.join(dir, file)), { level: 9 }).length,
    0,
  )
  return { bytes, files }
}

/** The relative modules a built ES module imports statically (`import … from './x.js'`, `export … from`). */
export function staticImports(code: string): string[] {
  const found = new Set<string>()
  for (const match of code.matchAll(
    /(?:^|[;}\s])(?:import|export)\s*(?:[^'"()]*?\bfrom\s*)?["'](\.{1,2}\/[^"']+)["']/g,
  )) {
    if (match[1]) found.add(match[1])
  }
  return [...found]
}

/**
 * Total gzip bytes of `entryFile` and every module it imports statically, transitively: the
 * JavaScript a page fetches before the entry runs (dynamic imports excluded).
 */
export function moduleGraphGzipBytes(entryFile: string): { bytes: number; files: string[] } {
  const seen = new Set<string>()
  const visit = (file: string): void => {
    if (seen.has(file)) return
    seen.add(file)
    for (const specifier of staticImports(readFileSync(file, 'utf8')))
      visit(path.resolve(path.dirname(file), specifier))
  }
  visit(path.resolve(entryFile))
  const files = [...seen]
  const bytes = files.reduce((sum, file) => sum + gzipSync(readFileSync(file), { level: 9 }).length, 0)
  return { bytes, files }
}
