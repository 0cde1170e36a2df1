import { readConfig, type RuntimeConfig } from '../instance/config'

const CONFIG_TIMEOUT_MS = 3000

/** Fetches `/config.json`; any failure (no server, 404, bad JSON) means the page's own origin. */
export async function loadRuntimeConfig(origin: string): Promise<RuntimeConfig> {
  try {
    // no custom header: the request must match index.html's preload of it to reuse that answer
    const response = await fetch('/config.json', { signal: AbortSignal.timeout(CONFIG_TIMEOUT_MS) })
    if (!response.ok) return readConfig(undefined, origin)
    return readConfig(await response.json(), origin)
  } catch {
    return readConfig(undefined, origin)
  }
}
