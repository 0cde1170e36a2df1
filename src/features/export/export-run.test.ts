import { describe, expect, it } from 'vitest'
import { CkanError } from '../../api/ckan/errors'
import type { CkanField, SearchRequest, SearchResult } from '../../api/ckan/types'
import { csvHeader, csvRows } from './encoders'
import { csvOutput, jsonOutput, type FileSink } from './export-outputs'
import { shownColumns } from '../../model/fields'
import { IncompleteStreamError } from '../../api/ckan/view-stream'
import { recordRow } from './export-plan'
import { runExport, type ExportJob, type ExportProgress } from './export-run'

const fields: CkanField[] = [
  { id: '_id', type: 'int' },
  { id: 'name', type: 'text' },
  { id: 'year', type: 'int4' },
  { id: 'when', type: 'date' },
]
const table = Array.from({ length: 250 }, (_, index) => ({
  _id: index + 1,
  name: index % 7 === 0 ? `line\nbreak, "${index}"` : `city ${index}`,
  year: 1990 + (index % 30),
  when: index % 5 === 0 ? null : `20${String(index % 30).padStart(2, '0')}-01-02`,
}))
const columns = shownColumns(fields, ['_id', 'when']).concat(shownColumns(fields, ['_id', 'name', 'year']))
// shown: name, year, when (when moved last only to prove the order is the columns', not the table's)
const ids = columns.map((column) => column.id)

/** The view: year ≥ 2000 sorted by year descending then _id descending. */
function matching(): typeof table {
  return table.filter((row) => row.year >= 2000).sort((a, b) => b.year - a.year || b._id - a._id)
}

function fakeSearch(options: { rowsMax?: number; failures?: number[] } = {}) {
  const calls: SearchRequest[] = []
  let call = 0
  const search = async (request: SearchRequest): Promise<SearchResult> => {
    calls.push(request)
    if (options.failures?.includes(call++)) throw new CkanError('server', 'HTTP 503', { status: 503 })
    const rows = matching()
    const limit = Math.min(request.limit, options.rowsMax ?? 32_000)
    const offset = request.offset ?? 0
    const records = rows
      .slice(offset, offset + limit)
      .map((row) => Object.fromEntries(ids.map((id) => [id, row[id as keyof typeof row]])))
    return { fields, records, total: rows.length, totalWasEstimated: false, offset }
  }
  return { calls, search }
}

/** A dump endpoint that serves the view as CKAN does, cut into awkward chunks, maybe dropping mid-way. */
function fakeDumpFetch(options: { status?: number; dropAfterChars?: number[]; contentType?: string } = {}) {
  const urls: string[] = []
  const drops = [...(options.dropAfterChars ?? [])]
  const fetchImpl = async (url: string | URL | Request) => {
    urls.push(String(url))
    if (options.status)
      return new Response('<html>nope</html>', {
        status: options.status,
        headers: { 'content-type': 'text/html' },
      })
    const params = new URL(String(url)).searchParams
    const offset = Number(params.get('offset') ?? 0)
    const limit = params.has('limit') ? Number(params.get('limit')) : Infinity
    const wanted = params.get('fields')!.split(',')
    const rows = matching()
      .slice(offset, offset + limit)
      .map((row) => wanted.map((id) => row[id as keyof typeof row]))
    const format = params.get('format')
    const text =
      format === 'csv'
        ? csvHeader(wanted).replace('\n', '\r\n') + csvRows(rows, columns)
        : `{\n  "fields": ${JSON.stringify(wanted.map((id) => ({ id, type: 'text' })))},\n  "records": [${rows.map((row) => `\n    ${JSON.stringify(row)}`).join(',')}\n]}\n`
    const drop = drops.shift()
    const bytes = new TextEncoder().encode(drop === undefined ? text : text.slice(0, drop))
    let sent = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent < bytes.length) {
          controller.enqueue(bytes.slice(sent, sent + 777))
          sent += 777
        } else if (drop !== undefined) controller.error(new TypeError('network error'))
        else controller.close()
      },
    })
    return new Response(body, {
      headers: {
        'content-type':
          options.contentType ?? (format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json'),
      },
    })
  }
  return { urls, fetch: fetchImpl as typeof fetch }
}

function memorySink() {
  const state = { text: '', closed: false, aborted: false }
  const sink: FileSink = {
    write: async (chunk) => {
      state.text += new TextDecoder('utf-8', { ignoreBOM: true }).decode(chunk)
    },
    close: async () => {
      state.closed = true
    },
    abort: async () => {
      state.aborted = true
    },
  }
  return { state, sink }
}

const view: SearchRequest = {
  resourceId: 'cities',
  filters: { decade: ['2000s'] },
  sort: [
    { field: 'year', desc: true },
    { field: '_id', desc: true },
  ],
  limit: 100,
  offset: 100,
}
const noWait = async () => undefined

function job(overrides: Partial<ExportJob> & Pick<ExportJob, 'output' | 'search'>): ExportJob {
  return {
    portal: { baseUrl: 'http://portal.test/en' },
    view,
    limit: 'all',
    columns,
    dump: 'csv',
    signal: new AbortController().signal,
    sleep: noWait,
    ...overrides,
  }
}

const expectedCsv = (rows = matching()) =>
  csvHeader(ids) +
  csvRows(
    rows.map((row) => recordRow(row, columns)),
    columns,
  )

describe('an export through the dump endpoint', () => {
  it('is one request for every matching record, its CSV kept as the portal wrote it', async () => {
    const { search, calls } = fakeSearch()
    const dump = fakeDumpFetch()
    const { state, sink } = memorySink()
    const outcome = await runExport(
      job({ search, fetch: dump.fetch, output: csvOutput(sink, columns, false) }),
    )
    expect(outcome).toEqual({ records: matching().length, via: 'dump' })
    expect(state.text).toBe(expectedCsv())
    expect(state.closed).toBe(true)
    expect(dump.urls).toHaveLength(1)
    // only the count went to datastore_search, with the view's filters and an exact total
    expect(calls).toEqual([
      { resourceId: 'cities', filters: view.filters, sort: view.sort, limit: 0, includeTotal: true },
    ])
  })

  it('starts at once, without a count request, when the page already knows the exact total', async () => {
    const { search, calls } = fakeSearch()
    const dump = fakeDumpFetch()
    const { state, sink } = memorySink()
    const progress: ExportProgress[] = []
    await runExport(
      job({
        search,
        fetch: dump.fetch,
        knownTotal: matching().length,
        output: csvOutput(sink, columns, false),
        onProgress: (step) => progress.push(step),
      }),
    )
    expect(calls).toEqual([])
    expect(progress[0]).toEqual({ done: 0, total: matching().length })
    expect(state.text).toBe(expectedCsv())
  })

  it('stops at the view’s limit, and starts the file with a BOM for Excel', async () => {
    const { search } = fakeSearch()
    const dump = fakeDumpFetch()
    const { state, sink } = memorySink()
    await runExport(job({ search, fetch: dump.fetch, limit: 40, output: csvOutput(sink, columns, true) }))
    expect(new URL(dump.urls[0]!).searchParams.get('limit')).toBe('40')
    expect(state.text).toBe(`\uFEFF${expectedCsv(matching().slice(0, 40))}`)
  })

  it('builds a JSON array of records from the dump’s lists', async () => {
    const { search } = fakeSearch()
    const dump = fakeDumpFetch()
    const { state, sink } = memorySink()
    await runExport(job({ search, fetch: dump.fetch, dump: 'json', output: jsonOutput(sink, columns) }))
    const records = JSON.parse(state.text) as Record<string, unknown>[]
    expect(records).toEqual(matching().map((row) => ({ name: row.name, year: row.year, when: row.when })))
  })

  it('takes up where a dropped connection stopped, without a record twice or cut', async () => {
    const { search } = fakeSearch()
    const dump = fakeDumpFetch({ dropAfterChars: [1500, 900] })
    const { state, sink } = memorySink()
    await runExport(job({ search, fetch: dump.fetch, output: csvOutput(sink, columns, false) }))
    expect(state.text).toBe(expectedCsv())
    expect(dump.urls).toHaveLength(3)
    expect(Number(new URL(dump.urls[1]!).searchParams.get('offset'))).toBeGreaterThan(0)
  })
})

describe('an export without a dump endpoint', () => {
  it('pages through datastore_search, learning the portal’s cap', async () => {
    const { search, calls } = fakeSearch({ rowsMax: 30 })
    const dump = fakeDumpFetch({ status: 404 })
    const { state, sink } = memorySink()
    const outcome = await runExport(
      job({ search, fetch: dump.fetch, output: csvOutput(sink, columns, false) }),
    )
    expect(outcome.via).toBe('pages')
    expect(state.text).toBe(expectedCsv())
    const pages = calls.slice(1)
    expect(pages[0]).toMatchObject({ offset: 0, limit: matching().length, fields: ids, includeTotal: false })
    expect(pages.slice(1).every((page) => page.limit <= 30)).toBe(true)
    expect(pages.map((page) => page.offset)).toEqual([0, 30, 60, 90, 120, 150])
  })

  it('tries a failed page again, and reports it after three more failures, leaving no file', async () => {
    const retried = fakeSearch({ rowsMax: 50, failures: [2, 3] })
    const first = memorySink()
    await runExport(
      job({ search: retried.search, dump: null, output: csvOutput(first.sink, columns, false) }),
    )
    expect(first.state.text).toBe(expectedCsv())

    const failing = fakeSearch({ rowsMax: 50, failures: [2, 3, 4, 5] })
    const second = memorySink()
    await expect(
      runExport(job({ search: failing.search, dump: null, output: csvOutput(second.sink, columns, false) })),
    ).rejects.toMatchObject({ kind: 'server' })
    expect(second.state).toMatchObject({ aborted: true, closed: false })
  })

  it('refuses to call a file whole when the portal sent fewer records than it counted', async () => {
    const { search } = fakeSearch()
    const short = async (request: SearchRequest, signal: AbortSignal) => {
      const result = await search(request)
      void signal
      return request.limit === 0 ? { ...result, total: (result.total ?? 0) + 5 } : result
    }
    const { state, sink } = memorySink()
    await expect(
      runExport(job({ search: short, dump: null, output: csvOutput(sink, columns, false) })),
    ).rejects.toBeInstanceOf(IncompleteStreamError)
    expect(state.aborted).toBe(true)
  })
})

describe('a cancelled export', () => {
  it('aborts the file', async () => {
    const controller = new AbortController()
    const { search } = fakeSearch({ rowsMax: 20 })
    const cancelling = async (request: SearchRequest) => {
      if ((request.offset ?? 0) >= 40) controller.abort()
      return search(request)
    }
    const { state, sink } = memorySink()
    await expect(
      runExport(
        job({
          search: cancelling,
          dump: null,
          signal: controller.signal,
          output: csvOutput(sink, columns, false),
        }),
      ),
    ).rejects.toMatchObject({ kind: 'aborted' })
    expect(state).toMatchObject({ aborted: true, closed: false })
  })
})
