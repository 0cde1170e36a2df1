// The address of the page the explorer runs in, read here and nowhere else outside the entries (a lint
// rule fences the rest): the API client needs it twice, and Embed this view names this server's script. A relative portal address ("/en") means the
// page's own server, and a call to another origin than the page's that the browser blocks may be a
// CORS refusal rather than a network failure. Undefined without a page (Node, tests).

export function pageHref(): string | undefined {
  return globalThis.location?.href
}

export function pageOrigin(): string | undefined {
  return globalThis.location?.origin
}
