// CKAN 2.12's `filters` (ckanext/datastore/filters.py and backend/postgres.py `build_clause` on
// branch dev-v2.12; ../shared/ckan-datastore-api.md §12.1–12.2):
//
//   {"f": v}                    equals            {"f": [v1, v2]}              any of
//   {"f": {"gte": a, "lte": b}} every operator    {"f": [v, {"lt": 1}]}        OR of each part
//   {"$or": [{…}, {…}]}         OR of the dicts   [{…}, {…}]                    the same, at the top
//   {"$and": [{…}, {…}]}        AND               {"$$AUD": 1}                 the field `$AUD`
//
// with the operators eq, in, gt, gte, lt, lte. Older portals (CKAN 2.9–2.11) know only the first
// two forms; `splitForOldPortal` separates what they can apply from what the browser must.
// Pure and without React: the explorer's URL, its requests, the dump and the browser's own filtering
// (lib/filter-match.ts) all read filters through here.
/** A value a filter compares with. */
export type FilterScalar = string | number | boolean

/** A JSON value as a filter holds it. */
export type FilterJson = null | boolean | number | string | FilterJson[] | { [key: string]: FilterJson }

/**
 * `filters` as the explorer sends it: always a JSON object (a top-level list is sent as `$or`, which
 * means the same), fields ANDed.
 */
export type CkanFilters = { [key: string]: FilterJson }

/** Sets an own property, also for names like `__proto__` that plain assignment would misread. */
export function setOwn<T>(target: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
}

export function isPlainFilterObject(value: unknown): value is CkanFilters {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function isFilterScalar(value: unknown): value is FilterScalar {
  return (
    typeof value === 'string' ||
    typeof value === 'boolean' ||
    (typeof value === 'number' && Number.isFinite(value))
  )
}

/** A key that is one of CKAN's own operators (`$or`, `$and`, or an unknown `$…`), not a field. */
export function isOperatorKey(key: string): boolean {
  return key.startsWith('$') && !key.startsWith('$$')
}

/** The field a key names: `$$AUD` is the field `$AUD`. */
export function fieldOfKey(key: string): string {
  return key.startsWith('$$') ? key.slice(1) : key
}

/** The key that names a field: a field starting with `$` is written `$$…`. */
export function keyOfField(field: string): string {
  return field.startsWith('$') ? `$${field}` : field
}

/** A one-key object `{key: value}`, safely. */
export function entry(key: string, value: FilterJson): CkanFilters {
  const object: CkanFilters = {}
  setOwn(object, key, value)
  return object
}

/**
 * `a` and `b`, both to hold: keys merged, and where both name the same key (the same field, or two
 * `$or`), the later one goes into `$and`, as 2.12 reads it.
 */
export function andFilters(...parts: readonly (CkanFilters | null | undefined)[]): CkanFilters | null {
  const out: CkanFilters = {}
  const and: FilterJson[] = []
  let keys = 0
  for (const part of parts) {
    if (!part) continue
    for (const [key, value] of Object.entries(part)) {
      if (key === '$and' && Array.isArray(value) && value.every(isPlainFilterObject)) and.push(...value)
      else if (Object.hasOwn(out, key)) and.push(entry(key, value))
      else {
        setOwn(out, key, value)
        keys++
      }
    }
  }
  if (and.length > 0) setOwn(out, '$and', and)
  return keys > 0 || and.length > 0 ? out : null
}

/** Whether a field's value is one an old portal applies the same way: a value, or a list of values. */
function isPlainFieldValue(value: FilterJson): value is FilterScalar | FilterScalar[] {
  return isFilterScalar(value) || (Array.isArray(value) && value.length > 0 && value.every(isFilterScalar))
}

/** `{"eq": v}` and `{"in": [...]}` in the old form (`v`, `[...]`), else null. */
function asPlainFieldValue(value: FilterJson): FilterScalar | FilterScalar[] | null {
  if (isPlainFieldValue(value)) return value
  if (!isPlainFilterObject(value)) return null
  const keys = Object.keys(value)
  if (keys.length !== 1) return null
  const inner = value[keys[0]!]!
  if (keys[0] === 'eq' && isFilterScalar(inner)) return inner
  if (keys[0] === 'in' && Array.isArray(inner) && inner.length > 0 && inner.every(isFilterScalar))
    return inner
  return null
}

/** Whether `filters` needs CKAN 2.12: an operator, an OR, or a field written `$$…`. */
export function needsOperators(filters: CkanFilters | null | undefined): boolean {
  if (!filters) return false
  return splitForOldPortal(filters).browser !== null
}

/**
 * What a portal without operators (CKAN 2.9–2.11) can apply itself, in its syntax (a value or a list
 * per field: fields ANDed), and the rest, which only the browser can apply (null: nothing). Both must
 * hold, so the portal's part narrows what the browser then filters.
 */
export function splitForOldPortal(filters: CkanFilters): {
  portal: Record<string, FilterScalar | FilterScalar[]> | null
  browser: CkanFilters | null
} {
  const portal: Record<string, FilterScalar | FilterScalar[]> = {}
  const browser: CkanFilters = {}
  let portalKeys = 0
  let browserKeys = 0
  for (const [key, value] of Object.entries(filters)) {
    const plain = isOperatorKey(key) ? null : asPlainFieldValue(value)
    // `$$x` means the field `$x` in 2.12; an old portal reads the key as the name itself
    if (plain !== null && !key.startsWith('$')) {
      setOwn(portal, key, plain)
      portalKeys++
    } else {
      setOwn(browser, key, value)
      browserKeys++
    }
  }
  return { portal: portalKeys > 0 ? portal : null, browser: browserKeys > 0 ? browser : null }
}
