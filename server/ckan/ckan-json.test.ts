import { describe, expect, it } from 'vitest'
import { resolveRawJson, toCkanJson } from './ckan-json.ts'
import { type Json, RawJson } from './types.ts'

describe('toCkanJson', () => {
  it('writes the envelope like simplejson and splices RawJson verbatim', () => {
    const records = new RawJson('[{"_id":1,"bük":52.560}]')
    const text = toCkanJson({
      success: true,
      result: { fields: [{ id: 'bük' }], records: records as unknown as Json },
    })
    expect(text).toBe(
      '{"success": true, "result": {"fields": [{"id": "b\\u00fck"}], "records": [{"_id":1,"bük":52.560}]}}',
    )
  })

  it('escapes control characters and astral characters as \\u sequences', () => {
    expect(toCkanJson(['a\u0001\n', '😀'])).toBe('["a\\u0001\\n", "\\ud83d\\ude00"]')
  })

  it('resolves RawJson to plain values, keeping __proto__ as an own key', () => {
    const resolved = resolveRawJson({
      records: new RawJson('[{"__proto__":1}]') as unknown as Json,
    }) as Record<string, Json>
    const first = (resolved['records'] as Array<Record<string, Json>>)[0] ?? {}
    expect(Object.keys(first)).toEqual(['__proto__'])
    expect(Object.getPrototypeOf(first)).toBe(Object.prototype)
  })
})
