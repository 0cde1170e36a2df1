// Serialises an API response the way CKAN's `_finish` does (simplejson: `", "` and `": "` separators,
// non-ASCII escaped as \uXXXX), splicing RawJson values verbatim like CKAN's LazyJSONObject.
import { pythonJsonDumps } from './python-compat.ts'
import { RawJson, type Json } from './types.ts'

type Serialisable = Json | RawJson | undefined

function isRawJson(value: unknown): value is RawJson {
  return value instanceof RawJson
}

/** JSON text of `value`; RawJson objects anywhere inside are written as their text, unchanged. */
export function toCkanJson(value: Serialisable): string {
  if (value === undefined) return 'null'
  if (isRawJson(value)) return value.text
  if (value === null || typeof value !== 'object') return pythonJsonDumps(value)
  if (Array.isArray(value))
    return '[' + value.map((item) => toCkanJson(item as Serialisable)).join(', ') + ']'
  const parts: string[] = []
  for (const [key, item] of Object.entries(value as Record<string, Serialisable>)) {
    if (item === undefined) continue
    parts.push(`${pythonJsonDumps(key)}: ${toCkanJson(item)}`)
  }
  return '{' + parts.join(', ') + '}'
}

/** Sets an own enumerable property, also for keys like `__proto__` that plain assignment would misroute. */
export function setOwn<T>(target: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
}

/** Replaces RawJson values by their parsed form (for callers that want plain objects, e.g. tests). */
export function resolveRawJson(value: Serialisable): Json {
  if (value === undefined) return null
  if (isRawJson(value)) return value.parse()
  if (value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) return value.map((item) => resolveRawJson(item as Serialisable))
  const out: Record<string, Json> = {}
  for (const [key, item] of Object.entries(value as Record<string, Serialisable>))
    setOwn(out, key, resolveRawJson(item))
  return out
}
