// Every recorded real-portal response must parse, and the quirks they carry must be handled.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { CKAN_SAMPLES_DIR, ckanSampleFiles } from '../../../../scripts/ckan-samples'

import { answerShape, toSearchResult } from '../datastore-search'
import { envelopeSchema, parseOrThrow } from '../schemas'

const sampleFiles = ckanSampleFiles

function load(path: string) {
  const body: unknown = JSON.parse(readFileSync(path, 'utf8'))
  const envelope = parseOrThrow(envelopeSchema, body, 'answer')
  return { envelope, result: toSearchResult(envelope.result) }
}

function loadNamed(fragment: string) {
  const path = sampleFiles().find((file) => file.includes(fragment))
  if (!path) throw new Error(`sample ${fragment} missing`)
  return load(path)
}

describe('recorded real-portal responses', () => {
  const files = sampleFiles()

  it('finds all 13 samples', () => {
    expect(files.length).toBe(13)
  })

  for (const file of files) {
    it(`parses ${file.slice(CKAN_SAMPLES_DIR.length + 1)}`, () => {
      const { envelope, result } = load(file)
      expect(envelope.success).toBe(true)
      expect(result.fields.length).toBeGreaterThan(0)
      expect(result.records.length).toBeGreaterThan(0)
      expect(result.fields.some((field) => field.id === '_full_text' || field.id === '_full_count')).toBe(
        false,
      )
    })
  }

  it('shows every recorded portal (CKAN 2.9–2.11 and older) as one without filter operators', () => {
    for (const file of files) {
      const body = JSON.parse(readFileSync(file, 'utf8')) as { result: unknown }
      expect(answerShape(body.result), file).toBe('none')
    }
  })

  it('keeps numbers sent as strings as they are (typed by fields, not by JSON)', () => {
    const { result } = loadNamed('numeric-as-string')
    const field = result.fields.find((entry) => entry.id === 'count_of_case')
    expect(field?.type).toBe('numeric')
    expect(typeof result.records[0]?.count_of_case).toBe('string')
  })

  it('hides _full_count and rank when q was used (kcg.gov.tw)', () => {
    const { result } = loadNamed('full_count-rank')
    const ids = result.fields.map((field) => field.id)
    expect(ids).not.toContain('_full_count')
    expect(ids).not.toContain('rank')
    // the records still carry them; the columns are driven by fields
    expect(result.records[0]).toHaveProperty('rank')
  })

  it('drops rank from fields when the portal lists it (data.ca.gov)', () => {
    const { result } = loadNamed('rank-in-fields')
    expect(result.fields.map((field) => field.id)).not.toContain('rank')
  })

  it('tolerates rank in records but not in fields (vic.gov.au)', () => {
    const { result } = loadNamed('rank-not-in-fields')
    expect(result.records[0]).toHaveProperty('rank')
    expect(result.fields.map((field) => field.id)).not.toContain('rank')
  })

  it('leaves limit undefined when the portal did not send it (data.gov.au)', () => {
    const { result } = loadNamed('blackspot')
    expect(result.limit).toBeUndefined()
    expect(result.total).toBe(13480)
  })

  it('reads the applied limit and total_was_estimated (data.gov.il)', () => {
    const { result } = loadNamed('hebrew-total_was_estimated')
    expect(result.limit).toBe(32000)
    expect(result.totalWasEstimated).toBe(false)
    expect(result.fields.some((field) => /[\u0590-\u05ff]/.test(field.id))).toBe(true)
  })

  it('keeps data-dictionary info objects (gva.es)', () => {
    const { result } = loadNamed('field-notes')
    const withInfo = result.fields.filter((field) => field.info !== undefined)
    expect(withInfo.length).toBeGreaterThan(0)
    expect(typeof withInfo[0]?.info).toBe('object')
  })

  it('reads a 10083-row page whole (data.gov.il kinneret)', () => {
    const { result } = loadNamed('10083-rows')
    expect(result.records.length).toBe(10083)
    expect(result.limit).toBe(99999)
  })
})
