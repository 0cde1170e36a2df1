// How one explorer reaches each portal: directly, or through its own server's read-only proxy once
// the browser has blocked a direct call (most portals send no CORS headers). Learnt per portal origin
// and kept for the explorer's life (the tab), so every later change costs one request again.

/** The proxy endpoint and the portal origins reached through it. */
export interface PortalRoutes {
  /** Absolute URL of the bundled server's proxy (`…/proxy`), or undefined when there is none. */
  readonly proxyUrl: string | undefined
  throughProxy(portalOrigin: string): boolean
  rememberProxy(portalOrigin: string): void
}

export function createPortalRoutes(proxyUrl: string | undefined): PortalRoutes {
  const proxied = new Set<string>()
  return {
    proxyUrl,
    throughProxy: (origin) => proxyUrl !== undefined && proxied.has(origin),
    rememberProxy: (origin) => {
      if (proxyUrl !== undefined) proxied.add(origin)
    },
  }
}

/** `/proxy` + a portal's action URL → `/proxy?url=<the action URL, encoded>` (the server's contract). */
export function proxiedUrl(proxyUrl: string, targetUrl: string): string {
  const url = new URL(proxyUrl)
  url.searchParams.set('url', targetUrl)
  return url.href
}
