// The embed's release as this server built it (dist/embed/release.json): its version, for the
// versioned script path, and each entry script's Subresource Integrity hash. Pure, validated.
import type { EmbedRelease } from './embed-snippet'

/** Where the build writes the release, under the explorer's address. */
export const RELEASE_PATH = '/embed/release.json'

const VERSION = /^[0-9A-Za-z.+-]{1,40}$/
const INTEGRITY = /^sha(256|384|512)-[A-Za-z0-9+/]+={0,2}$/

/** The release in `body`, or null when it is not one (then the snippet uses the unversioned path). */
export function readRelease(body: unknown): EmbedRelease | null {
  if (typeof body !== 'object' || body === null) return null
  const { version, integrity } = body as { version?: unknown; integrity?: unknown }
  if (typeof version !== 'string' || !VERSION.test(version)) return null
  if (typeof integrity !== 'object' || integrity === null) return null
  const hashes: Record<string, string> = {}
  for (const [file, hash] of Object.entries(integrity)) {
    if (typeof hash === 'string' && INTEGRITY.test(hash)) hashes[file] = hash
  }
  return { version, integrity: hashes }
}

/** Fetches the release of the explorer at `origin`; null when it has none (an unbuilt app, an old server). */
export async function fetchRelease(origin: string, signal: AbortSignal): Promise<EmbedRelease | null> {
  try {
    const response = await fetch(new URL(RELEASE_PATH, origin), { signal })
    return response.ok ? readRelease(await response.json()) : null
  } catch (error) {
    if (signal.aborted) throw error
    return null
  }
}
