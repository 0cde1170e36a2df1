// Serves the built app (dist/). Client-side routes fall back to index.html.
import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html;charset=utf-8',
  '.js': 'text/javascript;charset=utf-8',
  '.mjs': 'text/javascript;charset=utf-8',
  '.css': 'text/css;charset=utf-8',
  '.json': 'application/json;charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain;charset=utf-8',
  '.map': 'application/json;charset=utf-8',
  '.webmanifest': 'application/manifest+json',
}

export interface StaticFile {
  body: Buffer
  contentType: string
  /** Hashed build output never changes, so it can be cached for a year. */
  immutable: boolean
  isHtml: boolean
}

async function readIfFile(file: string): Promise<Buffer | undefined> {
  try {
    if (!(await stat(file)).isFile()) return undefined
    return await readFile(file)
  } catch {
    return undefined
  }
}

/**
 * The embed's release, written by its build (vite.embed.config.ts): its version, and the Subresource
 * Integrity hash of each entry script, which "Embed this view" prints in its snippet.
 */
export const EMBED_RELEASE_FILE = 'embed/release.json'

/** `/embed/v1.2.3/<file>`: a file of that release of the embed. */
const VERSIONED_EMBED = /^\/embed\/v([0-9A-Za-z.+-]{1,40})\/(.+)$/

async function embedVersion(root: string): Promise<string | undefined> {
  try {
    const release = JSON.parse((await readFile(path.join(root, EMBED_RELEASE_FILE))).toString()) as unknown
    const version = (release as { version?: unknown } | null)?.version
    return typeof version === 'string' ? version : undefined
  } catch {
    return undefined
  }
}

/**
 * Finds the file for a URL path inside `root`. Paths that escape `root` are refused; a missing
 * file whose name has no extension gets index.html (client routing); a missing asset gets nothing.
 * `/embed/v<version>/…` is the embed of the built release, cached for good (a release's files never
 * change); another version is not here.
 */
export async function findStaticFile(root: string, urlPath: string): Promise<StaticFile | undefined> {
  const versioned = VERSIONED_EMBED.exec(urlPath)
  if (versioned) {
    if (versioned[1] !== (await embedVersion(root))) return undefined
    const file = await findStaticFile(root, `/embed/${versioned[2]!}`)
    return file && !file.isHtml ? { ...file, immutable: true } : undefined
  }
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    return undefined
  }
  if (decoded.includes('\0')) return undefined
  const resolvedRoot = path.resolve(root)
  const file = path.resolve(resolvedRoot, `.${path.posix.normalize(`/${decoded}`)}`)
  if (file !== resolvedRoot && !file.startsWith(resolvedRoot + path.sep)) return undefined

  const ext = path.extname(file).toLowerCase()
  const body = file === resolvedRoot ? undefined : await readIfFile(file)
  if (body) {
    return {
      body,
      contentType: CONTENT_TYPES[ext] ?? 'application/octet-stream',
      immutable: /^\/(?:embed\/)?(?:assets|chunks)\//.test(urlPath),
      isHtml: ext === '.html',
    }
  }
  if (ext !== '' && ext !== '.html') return undefined
  const index = await readIfFile(path.join(resolvedRoot, 'index.html'))
  return index
    ? { body: index, contentType: CONTENT_TYPES['.html']!, immutable: false, isHtml: true }
    : undefined
}
