// `--load`: the user's own CSV and JSON files become the only resources served.
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type RunningServer } from './start-server.ts'

let server: RunningServer

interface Search {
  result: {
    fields: Array<{ id: string; type: string }>
    records: Array<Record<string, unknown>>
    total: number
  }
}

beforeAll(async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'load-flag-'))
  const csv = path.join(dir, 'Offices 2026.csv')
  await writeFile(
    csv,
    'code,city,staff,opened\n00501,Holtsville,12,2020-01-31\n10001,"New York, NY",,2021-06-01\n',
  )
  const json = path.join(dir, 'create.json')
  await writeFile(
    json,
    JSON.stringify([
      {
        resource_id: 'budget-lines',
        fields: [
          { id: 'line', type: 'text' },
          { id: 'amount', type: 'numeric' },
        ],
        records: [
          { line: 'a', amount: '0.10' },
          { line: 'b', amount: 1234567.5 },
        ],
        aliases: ['budget'],
      },
      { resource_id: 'secret-lines', private: true, fields: [{ id: 'x', type: 'int' }], records: [{ x: 1 }] },
    ]),
  )
  server = await startServer(['--load', csv, '--load', json, '--token', 'tok', '--quiet'])
})
afterAll(async () => {
  await server?.stop()
})

async function search(query: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${server.url}/api/3/action/datastore_search?${query}`, { headers })
}

describe('--load', () => {
  it('serves a CSV typed like DataPusher, with codes kept as text and the id from the file name', async () => {
    const response = await search('resource_id=offices-2026&sort=_id')
    expect(response.status).toBe(200)
    const body = (await response.json()) as Search
    expect(body.result.fields).toEqual([
      { id: '_id', type: 'int' },
      { id: 'code', type: 'text' },
      { id: 'city', type: 'text' },
      { id: 'staff', type: 'int4' },
      { id: 'opened', type: 'date' },
    ])
    expect(body.result.records).toEqual([
      { _id: 1, code: '00501', city: 'Holtsville', staff: 12, opened: '2020-01-31' },
      { _id: 2, code: '10001', city: 'New York, NY', staff: null, opened: '2021-06-01' },
    ])
  })

  it('serves datastore_create-shaped JSON with aliases and private flags', async () => {
    const body = (await (await search('resource_id=budget&sort=_id')).json()) as Search
    expect(body.result.records.map((r) => r.line)).toEqual(['a', 'b'])
    expect((await search('resource_id=secret-lines')).status).toBe(403)
    expect((await search('resource_id=secret-lines', { Authorization: 'tok' })).status).toBe(200)
  })

  it('serves only the loaded resources', async () => {
    expect((await search('resource_id=generated')).status).toBe(404)
    expect((await search('resource_id=penguins')).status).toBe(404)
  })
})
