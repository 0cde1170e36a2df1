// CKAN answers routing errors (and 2.11's 415) with an HTML page, not JSON.

const REASONS: Record<number, string> = {
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  413: 'Request Entity Too Large',
  415: 'Unsupported Media Type',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
}

export function reasonPhrase(status: number): string {
  return REASONS[status] ?? 'Error'
}

const HTML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&#34;',
  "'": '&#39;',
}

/** Escapes like Python's markupsafe.escape (what CKAN uses for the JSONP callback name). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ENTITIES[c]!)
}

export function errorPage(status: number, detail = ''): string {
  const title = `${status} ${reasonPhrase(status)}`
  return `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>${title}</title></head>
<body>
<h1>${title}</h1>
<p>${escapeHtml(detail)}</p>
</body>
</html>
`
}
