// What a reader types in a number box of the filter dialog: a number in their language's way of
// writing it ("1,234.5" in English, "1 234,5" in French, "1.234,5" in German), or a comparison:
//
//   >40   >= 40   ≥40   <2014   <= 2014   ≤2014   =40     one side
//   10-20   10..20   10 – 20   -5..5   -5--1                both sides, both included
//
// A comparison becomes that comparison (never an exact value); anything else is refused with a
// reason the dialog words. A hyphen between two numbers is a range ("10-20"), a hyphen before a
// number is its sign ("-5"): the text is read as a single number first, then as a range.
import type { FilterScalar } from '../../api/ckan/types'

export type TypedNumber = { ok: true; value: FilterScalar } | { ok: false; problem: NumberProblem }

export type NumberProblem =
  /** Nothing typed. */
  | 'empty'
  /** Not a number, nor a comparison. */
  | 'number'
  /** A separator in the wrong place for the language ("1,5" in English, "1.5.3"). */
  | 'separator'
  /** A range whose first number is above its second. */
  | 'order'

export type TypedCriterion =
  | { kind: 'value'; value: FilterScalar }
  | {
      kind: 'range'
      lower?: { value: FilterScalar; inclusive: boolean }
      upper?: { value: FilterScalar; inclusive: boolean }
    }

/** How a language writes numbers: its group and decimal separators. */
function separators(locale: string): { group: string; decimal: string } {
  try {
    const parts = new Intl.NumberFormat(locale).formatToParts(12345.6)
    return {
      group: parts.find((part) => part.type === 'group')?.value ?? ',',
      decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
    }
  } catch {
    return { group: ',', decimal: '.' }
  }
}

const GROUPED = (separator: string) =>
  new RegExp(`^[+-]?\\d{1,3}(?:${separator.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\d{3})+(?:\\.\\d*)?$`)
const PLAIN = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i

/**
 * One number as the reader's language writes it; spaces of any kind inside are ignored (French
 * groups digits with them). Integers beyond double precision stay exact digits (a string), as the
 * portal compares them exactly.
 */
export function readTypedNumber(raw: string, locale: string): TypedNumber {
  let text = raw.trim().replace(/\u2212/g, '-')
  if (text === '') return { ok: false, problem: 'empty' }
  text = text.replace(/[\s\u00a0\u202f']/g, '')
  const { group, decimal } = separators(locale)
  if (decimal === ',') {
    // "1.234,5" (German) or "1 234,5" (French); a lone point is a decimal point where it is not a group
    if (text.includes(',')) {
      const [whole, fraction, more] = text.split(',')
      if (more !== undefined) return { ok: false, problem: 'separator' }
      let digits = whole ?? ''
      if (group === '.' && digits.includes('.')) {
        if (!GROUPED('.').test(digits)) return { ok: false, problem: 'separator' }
        digits = digits.replaceAll('.', '')
      }
      text = `${digits}.${fraction ?? ''}`
    } else if (group === '.' && /\.\d{3}(?!\d)/.test(text) && GROUPED('.').test(text)) {
      text = text.replaceAll('.', '')
    }
  } else if (text.includes(',')) {
    // English: commas group thousands, and only there
    if (!GROUPED(',').test(text)) return { ok: false, problem: 'separator' }
    text = text.replaceAll(',', '')
  }
  if (!PLAIN.test(text)) return { ok: false, problem: 'number' }
  const value = Number(text)
  if (!Number.isFinite(value)) return { ok: false, problem: 'number' }
  if (Number.isInteger(value) && !Number.isSafeInteger(value) && !/e/i.test(text))
    return { ok: true, value: text.replace(/^\+/, '') }
  return { ok: true, value }
}

const ONE_SIDE: ReadonlyArray<[RegExp, 'gt' | 'gte' | 'lt' | 'lte' | 'eq']> = [
  [/^(?:>=|=>|≥)(.*)$/, 'gte'],
  [/^(?:<=|=<|≤)(.*)$/, 'lte'],
  [/^>(.*)$/, 'gt'],
  [/^<(.*)$/, 'lt'],
  [/^==?(.*)$/, 'eq'],
]

function numeric(value: FilterScalar): number {
  return typeof value === 'number' ? value : Number(value)
}

/** A number, a comparison or a range typed in a number box; a problem the dialog words otherwise. */
export function readTypedCriterion(
  raw: string,
  locale: string,
): { ok: true; criterion: TypedCriterion } | { ok: false; problem: NumberProblem } {
  const text = raw.trim().replace(/\u2212/g, '-')
  if (text === '') return { ok: false, problem: 'empty' }
  const single = readTypedNumber(text, locale)
  if (single.ok) return { ok: true, criterion: { kind: 'value', value: single.value } }

  for (const [pattern, op] of ONE_SIDE) {
    const match = pattern.exec(text)
    if (!match) continue
    const number = readTypedNumber(match[1] ?? '', locale)
    if (!number.ok) return { ok: false, problem: number.problem === 'empty' ? 'number' : number.problem }
    if (op === 'eq') return { ok: true, criterion: { kind: 'value', value: number.value } }
    const bound = { value: number.value, inclusive: op.endsWith('e') }
    return {
      ok: true,
      criterion: op.startsWith('g') ? { kind: 'range', lower: bound } : { kind: 'range', upper: bound },
    }
  }

  // a range: "10..20", "10 – 20", "10 to 20", then a hyphen that is not a sign ("10-20", "-5--1")
  const cuts: Array<[string, string]> = []
  for (const separator of ['..', '…', '–', '—', ' to ']) {
    const at = text.indexOf(separator)
    if (at > 0) cuts.push([text.slice(0, at), text.slice(at + separator.length)])
  }
  for (let at = 1; at < text.length; at++) {
    if (text[at] === '-' && !/e$/i.test(text.slice(0, at))) cuts.push([text.slice(0, at), text.slice(at + 1)])
  }
  for (const [left, right] of cuts) {
    const from = readTypedNumber(left, locale)
    const to = readTypedNumber(right, locale)
    if (!from.ok || !to.ok) continue
    if (numeric(from.value) > numeric(to.value)) return { ok: false, problem: 'order' }
    return {
      ok: true,
      criterion: {
        kind: 'range',
        lower: { value: from.value, inclusive: true },
        upper: { value: to.value, inclusive: true },
      },
    }
  }
  return { ok: false, problem: single.problem }
}
