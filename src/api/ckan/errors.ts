import type { CkanErrorKind } from './types'
import { pageOrigin as currentPageOrigin } from './page-address'

export type { CkanErrorKind } from './types'

export interface CkanErrorOptions {
  status?: number
  fieldErrors?: Record<string, string[]>
  detail?: string
  cause?: unknown
  /** How long the call ran before it failed (set for network failures). */
  elapsedMs?: number
  /** For 'operators-unsupported': the records the other filters let through, and how many one answer holds. */
  tooMany?: { matching: number | undefined; cap: number }
}

/** Every failure of a CKAN call, classified so the UI can explain it and decide whether to retry. */
export class CkanError extends Error {
  readonly kind: CkanErrorKind
  readonly status?: number
  /** CKAN's per-parameter messages of a `Validation Error`, e.g. `{ filters: ['invalid value "x"'] }`. */
  readonly fieldErrors?: Record<string, string[]>
  /** Technical details for a folded "details" section (server message, body excerpt). */
  readonly detail?: string
  /** How long the call ran before it failed: a failure after a long wait is not worth repeating. */
  readonly elapsedMs?: number
  /** For 'operators-unsupported': why the browser could not filter either (undefined: it cannot at all). */
  readonly tooMany?: { matching: number | undefined; cap: number }

  constructor(kind: CkanErrorKind, message: string, options: CkanErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.name = 'CkanError'
    this.kind = kind
    if (options.status !== undefined) this.status = options.status
    if (options.fieldErrors !== undefined) this.fieldErrors = options.fieldErrors
    if (options.detail !== undefined) this.detail = options.detail
    if (options.elapsedMs !== undefined) this.elapsedMs = options.elapsedMs
    if (options.tooMany !== undefined) this.tooMany = options.tooMany
  }
}

export function isCkanError(error: unknown): error is CkanError {
  return error instanceof CkanError
}

/** Time limit used by the client; kept here so the message can name it. */
export const REQUEST_TIMEOUT_MS = 30_000

const BODY_EXCERPT_CHARS = 500

function excerpt(text: string): string {
  const trimmed = text.trim()
  return trimmed.length > BODY_EXCERPT_CHARS ? `${trimmed.slice(0, BODY_EXCERPT_CHARS)}…` : trimmed
}

function looksLikeHtml(contentType: string | null, body: string): boolean {
  if (contentType && /\bhtml\b/i.test(contentType)) return true
  return body.trimStart().startsWith('<')
}

function looksLikeJson(contentType: string | null, body: string): boolean {
  if (contentType && /\bjson\b/i.test(contentType)) return true
  return /^[[{]/.test(body.trimStart())
}

/** An object that is not an array or null (a JSON object). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Keeps CKAN's `field -> [messages]` entries; nested objects (`info` with SQL) go to the details text. */
function splitValidationBody(error: Record<string, unknown>): {
  fieldErrors: Record<string, string[]>
  extra: Record<string, unknown>
} {
  const fieldErrors: Record<string, string[]> = {}
  const extra: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(error)) {
    if (key === '__type') continue
    if (Array.isArray(value) && value.every((item) => typeof item === 'string')) {
      Object.defineProperty(fieldErrors, key, { value, enumerable: true, writable: true, configurable: true })
    } else if (typeof value === 'string') {
      Object.defineProperty(fieldErrors, key, {
        value: [value],
        enumerable: true,
        writable: true,
        configurable: true,
      })
    } else {
      extra[key] = value
    }
  }
  return { fieldErrors, extra }
}

function statusKind(status: number): CkanErrorKind {
  if (status === 504) return 'timeout'
  if (status >= 500) return 'server'
  if (status === 404) return 'not-found'
  if (status === 403 || status === 401) return 'forbidden'
  if (status === 409) return 'validation'
  return 'bad-request'
}

/**
 * Turns a non-successful answer (or a `success: false` body) into a CkanError.
 * Branches on the body first (CKAN's `__type`), then on the HTTP status, because proxies and
 * pre-action errors do not use CKAN's envelope.
 */
export function errorFromResponse(status: number, contentType: string | null, body: string): CkanError {
  if (looksLikeHtml(contentType, body)) {
    // A gateway that gave up waiting for CKAN: the search was too slow, not the wrong address.
    if (status === 504) return new CkanError('timeout', 'Gateway timeout', { status, detail: excerpt(body) })
    if (status >= 500) return new CkanError('server', `HTTP ${status}`, { status, detail: excerpt(body) })
    return new CkanError('not-ckan', `HTML answer (HTTP ${status})`, { status, detail: excerpt(body) })
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(body)
  } catch {
    // cut off on the way (a dropped connection, a size limit): JSON that does not end
    if (status < 300 && looksLikeJson(contentType, body)) {
      return new CkanError('broken-answer', `Incomplete JSON (HTTP ${status})`, {
        status,
        detail: excerpt(body),
      })
    }
    if (status >= 500)
      return new CkanError(statusKind(status), `HTTP ${status}`, { status, detail: excerpt(body) })
    return new CkanError('not-ckan', `Not JSON (HTTP ${status})`, { status, detail: excerpt(body) })
  }
  // Errors raised before the action runs: a bare JSON string, e.g. "Bad request - Action name not known: x".
  if (typeof parsed === 'string') {
    const kind = status >= 500 ? 'server' : 'bad-request'
    return new CkanError(kind, parsed, { status, detail: parsed })
  }
  if (isPlainObject(parsed) && parsed.success === false && isPlainObject(parsed.error)) {
    return errorFromCkanBody(status, parsed.error)
  }
  if (status >= 200 && status < 300) {
    return new CkanError('contract', 'Unexpected answer', { status, detail: excerpt(body) })
  }
  return new CkanError(statusKind(status), `HTTP ${status}`, { status, detail: excerpt(body) })
}

/** The `__type` of the bundled server's proxy errors (a refusal, a timeout, an unreachable portal). */
export const PROXY_ERROR_TYPE = 'Proxy Error'

function errorFromCkanBody(status: number, error: Record<string, unknown>): CkanError {
  const type = typeof error.__type === 'string' ? error.__type : ''
  const message = typeof error.message === 'string' ? error.message : ''
  switch (type) {
    case 'Not Found Error':
      return new CkanError('not-found', message || type, { status, detail: message || type })
    case 'Authorization Error':
      return new CkanError('forbidden', message || type, { status, detail: message || type })
    case 'Internal Server Error':
      return new CkanError('server', message || type, { status, detail: message || type })
    case 'Integrity Error':
      return new CkanError('bad-request', message || type, { status, detail: message || type })
    case 'Validation Error':
      return validationError(status, error)
    // the explorer's own server refusing to fetch (see server/proxy): its message is meant for people
    case PROXY_ERROR_TYPE:
      return new CkanError('proxy-refused', message || type, { status, detail: message || type })
    default: {
      const detail = JSON.stringify(error)
      if (type === '' && status === 409) return validationError(status, error)
      return new CkanError(statusKind(status), message || type || `HTTP ${status}`, { status, detail })
    }
  }
}

function validationError(status: number, error: Record<string, unknown>): CkanError {
  const { fieldErrors, extra } = splitValidationBody(error)
  const detailParts = Object.entries(fieldErrors).map(([key, list]) => `${key}: ${list.join('; ')}`)
  if (Object.keys(extra).length > 0) detailParts.push(JSON.stringify(extra))
  const detail = detailParts.join('\n')
  const query = fieldErrors.query ?? []
  if (query.some((text) => /took too long/i.test(text))) {
    return new CkanError('timeout', 'Search took too long', { status, fieldErrors, detail })
  }
  if (query.some((text) => /invalid query/i.test(text))) {
    return new CkanError('invalid-query', 'Invalid query', { status, fieldErrors, detail })
  }
  return new CkanError('validation', detailParts[0] ?? 'Validation Error', { status, fieldErrors, detail })
}

/** Classifies a thrown fetch failure. Browsers report a CORS refusal and an unreachable host alike. */
export function errorFromFetchFailure(
  failure: unknown,
  requestUrl: string,
  pageOrigin: string | undefined = currentPageOrigin(),
  elapsedMs?: number,
): CkanError {
  if (failure instanceof CkanError) return failure
  if (isAbortError(failure)) return new CkanError('aborted', 'Request cancelled', { cause: failure })
  const detail = failure instanceof Error ? `${failure.name}: ${failure.message}` : String(failure)
  let crossOrigin: boolean
  try {
    crossOrigin = pageOrigin !== undefined && new URL(requestUrl).origin !== pageOrigin
  } catch {
    crossOrigin = false
  }
  const options = elapsedMs === undefined ? { detail, cause: failure } : { detail, cause: failure, elapsedMs }
  if (failure instanceof TypeError && crossOrigin) {
    return new CkanError('cors', 'Blocked or unreachable', options)
  }
  return new CkanError('network', 'Network error', options)
}

export function isAbortError(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'name' in error &&
    ((error as { name: unknown }).name === 'AbortError' ||
      (error as { name: unknown }).name === 'TimeoutError')
  )
}

/** Finds which column CKAN refused: `{"filters": ["invalid value \"nope\""]}` → filters / nope. */
export function invalidField(fieldErrors: Record<string, string[]> | undefined): {
  part: 'filters' | 'sort' | 'fields' | 'q'
  field: string
} | null {
  if (!fieldErrors) return null
  for (const part of ['filters', 'sort', 'fields', 'q'] as const) {
    const list = Object.hasOwn(fieldErrors, part) ? fieldErrors[part] : undefined
    for (const text of list ?? []) {
      // 2.9–2.11: `invalid value "x"`; 2.12 names an unknown filter column `Unknown field: x`
      const match =
        /invalid value "(.*)"$/s.exec(text) ??
        (part === 'filters' ? /^Unknown field: (.*)$/s.exec(text) : null)
      if (!match?.[1] || (part === 'filters' && match[1].startsWith('$'))) continue
      let field = match[1]
      // CKAN reports the whole sort clause ("year desc"): keep the column name only.
      if (part === 'sort') field = stripSortDirection(field)
      return { part, field }
    }
  }
  return null
}

function stripSortDirection(clause: string): string {
  const match = /^(.+?)( +(asc|desc))?( nulls +(first|last) *)?$/i.exec(clause.trim())
  let field = match?.[1] ?? clause
  if (field.length >= 2 && field.startsWith('"') && field.endsWith('"')) field = field.slice(1, -1)
  return field
}
