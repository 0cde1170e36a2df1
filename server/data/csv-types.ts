// Types CSV columns the way CKAN's DataPusher does (messytables type guessing): a column is
// int/numeric/timestamp only when every non-empty cell parses as such; otherwise text. One
// deliberate difference: a column with a number written with a leading zero (`00501`) stays
// text, because those are codes (zip codes, ids), not quantities. (XLoader would load every
// column as text; we prefer typed columns so sorting and filters behave as users expect.)
import type { Json } from '../ckan/types.ts'

export type CsvColumnType = 'int4' | 'int8' | 'numeric' | 'timestamp' | 'date' | 'text'

const INTEGER = /^[-+]?\d+$/
const DECIMAL = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/
const LEADING_ZERO = /^[-+]?0\d/
const DATE = /^\d{4}-\d{2}-\d{2}$/
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/

const INT4_MAX = 2_147_483_647

function isValidDate(text: string): boolean {
  const time = Date.parse(`${text.slice(0, 10)}T00:00:00Z`)
  return Number.isFinite(time) && new Date(time).toISOString().startsWith(text.slice(0, 10))
}

/** The narrowest type that fits every non-empty value. */
export function guessColumnType(values: readonly string[]): CsvColumnType {
  let candidates: CsvColumnType[] = ['int4', 'int8', 'numeric', 'date', 'timestamp']
  let sawValue = false
  for (const raw of values) {
    const value = raw.trim()
    if (value === '') continue
    sawValue = true
    if (LEADING_ZERO.test(value)) return 'text'
    candidates = candidates.filter((type) => {
      switch (type) {
        case 'int4':
          return INTEGER.test(value) && Math.abs(Number(value)) <= INT4_MAX
        case 'int8':
          return (
            INTEGER.test(value) &&
            BigInt(value) <= 9223372036854775807n &&
            BigInt(value) >= -9223372036854775808n
          )
        case 'numeric':
          return DECIMAL.test(value)
        case 'date':
          return DATE.test(value) && isValidDate(value)
        case 'timestamp':
          return (DATE.test(value) || TIMESTAMP.test(value)) && isValidDate(value)
        case 'text':
          return true
      }
    })
    if (candidates.length === 0) return 'text'
  }
  return sawValue ? candidates[0]! : 'text'
}

/** A cell as the value to load: empty cells become NULL for typed columns (as DataPusher does). */
export function cellValue(raw: string, type: CsvColumnType): Json {
  if (type === 'text') return raw
  const value = raw.trim()
  return value === '' ? null : value
}
