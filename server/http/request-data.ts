// Builds an action's data dict from an HTTP request exactly as CKAN's `_get_request_data`
// (ckan/views/api.py, 2.9–2.11) does. Pure: the server reads the body, this decides.
import type { DataDict, Json } from '../ckan/types.ts'

export interface RawRequest {
  method: string
  /** The `Content-Type` header, if any. */
  contentType: string | undefined
  /** The raw query string without `?` (may be empty). */
  query: string
  body: Buffer
  /** False for actions with side effects: CKAN then ignores URL parameters. */
  tryUrlParams: boolean
}

export type RequestDataResult =
  | { ok: true; data: DataDict }
  /**
   * A pre-action error: CKAN answers with a bare JSON string, "Bad request" and this detail (the
   * prefix changed in CKAN 2.12: server.ts adds it).
   */
  | { ok: false; status: 400; detail: string }
  /** Werkzeug 3 refuses `get_json()` on a non-JSON content type: CKAN 2.11 shows its HTML error page. */
  | { ok: false; status: 415; html: true }

const JSON_ERROR = 'JSON Error: '

/** Parses `a=1&b=2&a=3` into CKAN's flat dict: a key given once → string, repeated → list. */
export function multiDictToFlat(params: URLSearchParams): DataDict {
  const data: DataDict = {}
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key)
    data[key] = values.length === 1 ? (values[0] as string) : values
  }
  return data
}

function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase()
}

/** Python's repr of a decoded JSON value, used in CKAN's "decoded to … but it needs to be a dictionary". */
export function pythonRepr(value: Json, depth = 0): string {
  if (value === null) return 'None'
  if (value === true) return 'True'
  if (value === false) return 'False'
  if (typeof value === 'number') return String(value)
  if (typeof value === 'string') return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`
  // a body nested thousands deep: its start is enough to name it (and no stack overflows)
  if (depth >= REPR_DEPTH) return '...'
  if (Array.isArray(value)) return `[${value.map((item) => pythonRepr(item, depth + 1)).join(', ')}]`
  return `{${Object.entries(value)
    .map(([k, v]) => `${pythonRepr(k)}: ${pythonRepr(v, depth + 1)}`)
    .join(', ')}}`
}

const REPR_DEPTH = 32

function isDict(value: Json): value is { [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function notADict(value: Json): RequestDataResult {
  return {
    ok: false,
    status: 400,
    detail: `${JSON_ERROR}Request data JSON decoded to ${pythonRepr(value)} but it needs to be a dictionary.`,
  }
}

function parseJson(text: string): { ok: true; value: Json } | { ok: false; error: string } {
  try {
    return { ok: true, value: JSON.parse(text) as Json }
  } catch (error) {
    return { ok: false, error: (error as Error).message }
  }
}

/** Form posts: the legacy trick of one field named by a JSON document, or a flat dict. */
function fromForm(form: URLSearchParams): RequestDataResult {
  const keys = [...form.keys()]
  const onlyValue = form.get(keys[0] ?? '')
  if (keys.length === 1 && (onlyValue === '' || onlyValue === '1')) {
    const parsed = parseJson(keys[0]!)
    if (!parsed.ok) {
      return { ok: false, status: 400, detail: `${JSON_ERROR}Error decoding JSON data.` }
    }
    return isDict(parsed.value) ? { ok: true, data: parsed.value } : notADict(parsed.value)
  }
  return { ok: true, data: multiDictToFlat(form) }
}

export function getRequestData(request: RawRequest): RequestDataResult {
  const type = mediaType(request.contentType)
  const isWrite = request.method === 'POST' || request.method === 'PUT'
  const text = request.body.toString('utf8')
  if (!request.tryUrlParams && request.method === 'GET') {
    return {
      ok: false,
      status: 400,
      detail: `${JSON_ERROR}Invalid request. Please use POST method for your request`,
    }
  }

  // 1. Form fields on POST/PUT (multipart is not supported here: treated as no form).
  if (isWrite && type === 'application/x-www-form-urlencoded' && text.length > 0) {
    return fromForm(new URLSearchParams(text))
  }
  // 2. URL parameters win over any JSON body.
  if (request.tryUrlParams && request.query.length > 0) {
    return { ok: true, data: multiDictToFlat(new URLSearchParams(request.query)) }
  }
  // 3. A raw body, read as JSON.
  if (text.trim().length === 0) return { ok: true, data: {} }
  if (type !== 'application/json' && !type.endsWith('+json')) {
    // Behave like CKAN 2.11 (Werkzeug 3 raises 415 Unsupported Media Type).
    return { ok: false, status: 415, html: true }
  }
  const parsed = parseJson(text)
  if (!parsed.ok) {
    return {
      ok: false,
      status: 400,
      detail: `${JSON_ERROR}Error decoding JSON data. Error: ${parsed.error} JSON data extracted from the request: ${text.slice(0, 200)}`,
    }
  }
  return isDict(parsed.value) ? { ok: true, data: parsed.value } : notADict(parsed.value)
}
