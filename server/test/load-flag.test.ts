// `--load`: the user's own CSV and JSON files become the only resources served.
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runServer, startServer, type RunningServer } from './start-server.ts'

let server: RunningServer
let dir: string
/** A CSV (CRLF, a quoted cell over lines 2 and 3) whose line 4 has an extra cell and line 5 one too few. */
const RAGGED = 'name,score\r\n"Ada\r\nLovelace",10\r\nAlan,20,extra\r\nGrace\r\n'

interface Search {
  result: {
    fields: Array<{ id: string; type: string }>
    records: Array<Record<string, unknown>>
    total: number
  }
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'load-flag-'))
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
  const ragged = path.join(dir, 'ragged.csv')
  await writeFile(ragged, RAGGED)
  server = await startServer([
    '--load',
    csv,
    '--load',
    json,
    '--load',
    ragged,
    '--lenient',
    '--token',
    'tok',
    '--quiet',
  ])
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

  it('refuses a ragged CSV without --lenient: one line naming the file and the line, exit code 2', async () => {
    const file = path.join(dir, 'ragged.csv')
    const result = await runServer(['--load', file, '--port', '0'])
    expect(result.code).toBe(2)
    expect(result.stderr).toBe(
      `error: ${file}: line 4 has 3 cells, the header has 2 (--lenient loads such rows anyway)\n`,
    )
    expect(result.stdout).toBe('')
  })

  it('with --lenient, loads the ragged rows fixed, and says how many', async () => {
    expect(server.output).toContain(
      `${path.join(dir, 'ragged.csv')}: --lenient fixed 2 rows: 1 short row padded with empty cells (line 5); 1 long row cut to the header's 2 cells (line 4)`,
    )
    const body = (await (await search('resource_id=ragged&sort=_id')).json()) as Search
    expect(body.result.records).toEqual([
      { _id: 1, name: 'Ada\r\nLovelace', score: 10 },
      { _id: 2, name: 'Alan', score: 20 },
      { _id: 3, name: 'Grace', score: null },
    ])
  })
})
