// Our responses have the same keys and value formats as real CKAN 2.9+ portals' responses, read
// from ../shared/ckan-samples next to the repository (the test fails when they are missing). The
// samples come from 2.9–2.11 portals, so the server answers as 2.11 here; 2.12's changes to the
// shape (no `_links`, no `total_was_estimated`, …) are in conformance-2.12.test.ts.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ckanSampleFiles } from '../../scripts/ckan-samples.ts'
import { startServer, type RunningServer } from './start-server.ts'

interface SearchResponse {
  help: string
  success: boolean
  result: {
    fields: Array<{ id: string; type: string; info?: Record<string, unknown> }>
    records: Array<Record<string, unknown>>
    _links?: { start: string; next: string; prev?: string }
    [key: string]: unknown
  }
}

/** Samples in the CKAN 2.9–2.11 shape: those that report `total_was_estimated`. */
function modernSamples(): Array<{ name: string; body: SearchResponse }> {
  return ckanSampleFiles()
    .filter((file) => path.dirname(file).endsWith('ckan-samples'))
    .map((file) => ({
      name: path.basename(file),
      body: JSON.parse(readFileSync(file, 'utf8')) as SearchResponse,
    }))
    .filter(({ body }) => body.result !== undefined && 'total_was_estimated' in body.result)
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?$/

describe('contract with real CKAN responses', () => {
  let server: RunningServer
  let ours: SearchResponse

  beforeAll(async () => {
    server = await startServer(['--rows', '2000', '--quiet', '--ckan-version', '2.11'])
    const response = await fetch(
      `${server.url}/api/3/action/datastore_search?resource_id=generated-cities&limit=5`,
    )
    ours = (await response.json()) as SearchResponse
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('has CKAN 2.9+ samples to compare with', () => {
    expect(modernSamples().length).toBeGreaterThan(0)
  })

  it('uses the same envelope keys, in the same order', () => {
    for (const { name, body } of modernSamples()) {
      expect(Object.keys(ours), name).toEqual(Object.keys(body))
      expect(typeof body.help).toBe('string')
      expect(ours.help).toMatch(/\/api\/3\/action\/help_show\?name=datastore_search$/)
    }
  })

  it('has the same result keys, in the same order', () => {
    for (const { name, body } of modernSamples()) {
      expect(Object.keys(ours.result), name).toEqual(Object.keys(body.result))
    }
  })

  it('describes fields the same way: _id first as int, then {id, type[, info]}', () => {
    for (const { body } of [...modernSamples(), { body: ours }]) {
      expect(body.result.fields[0]).toEqual({ id: '_id', type: 'int' })
      for (const field of body.result.fields) {
        expect(Object.keys(field).sort()).toEqual(expect.arrayContaining(['id', 'type']))
        expect(Object.keys(field).every((key) => ['id', 'type', 'info'].includes(key))).toBe(true)
        expect(typeof field.type).toBe('string')
      }
    }
  })

  it('formats values like the portals: integer _id, timestamps without zone, record keys = field ids', () => {
    const samples = modernSamples()
    const timestampSamples = samples.flatMap(({ body }) =>
      body.result.fields
        .filter((field) => field.type === 'timestamp')
        .map((field) => body.result.records[0]?.[field.id])
        .filter((value): value is string => typeof value === 'string'),
    )
    expect(timestampSamples.length).toBeGreaterThan(0)
    for (const value of timestampSamples) expect(value).toMatch(TIMESTAMP)

    for (const { body } of [...samples, { body: ours }]) {
      const record = body.result.records[0]!
      expect(Number.isInteger(record._id)).toBe(true)
      expect(Object.keys(record)).toEqual(body.result.fields.map((field) => field.id))
    }
    const timestampFields = ours.result.fields.filter((field) => field.type === 'timestamp')
    expect(timestampFields.length).toBeGreaterThan(0)
    for (const record of ours.result.records) {
      for (const field of timestampFields) {
        const value = record[field.id]
        if (value !== null) expect(value).toMatch(TIMESTAMP)
      }
    }
  })

  it('builds _links like the portals: relative /api/3/action URLs with start and next', () => {
    for (const { body } of [...modernSamples(), { body: ours }]) {
      const links = body.result._links!
      expect(Object.keys(links)).toEqual(['start', 'next'])
      expect(links.start).toMatch(/^\/api\/(3\/)?action\/datastore_search\?/)
      expect(links.next).toMatch(/offset=\d+/)
    }
  })

  it('reports total as an integer and total_was_estimated as a boolean', () => {
    for (const { body } of [...modernSamples(), { body: ours }]) {
      expect(Number.isInteger(body.result.total)).toBe(true)
      expect(typeof body.result.total_was_estimated).toBe('boolean')
      expect(body.result.total_estimation_threshold).toBeNull()
      expect(typeof body.result.limit).toBe('number')
    }
  })
})
