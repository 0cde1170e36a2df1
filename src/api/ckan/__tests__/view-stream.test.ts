import { describe, expect, it } from 'vitest'
import { CkanError } from '../errors'
import type { SearchRequest, SearchResult } from '../types'
import { IncompleteStreamError, streamView, type ViewSink, type ViewStreamJob } from '../view-stream'

// A table of 120 records; the view asks for `city` and `size` (the table has more columns).
const table = Array.from({ length: 120 }, (_, index) => ({
  _id: index + 1,
  city: index % 9 === 0 ? `A "quoted", city\n${index}` : `city ${index}`,
  size: index % 4 === 0 ? null : index * 10,
  other: 'not asked for',
}))
const fields = ['city', 'size']

const csvValue = (value: unknown) =>
  value === null
    ? ''
    : /[",\n]/.test(String(value))
      ? `"${String(value).replace(/"/g, '""')}"`
      : String(value)
const csvOf = (rows: typeof table) =>
  rows.map((row) => `${csvValue(row.city)},${csvValue(row.size)}\n`).join('')

/** A portal whose count answers only when `countGate` is opened, and whose dump is cut in 100-byte chunks. */
function fakePortal(
  options: { header?: string; dropAt?: number; rowsMax?: number; countExtra?: number } = {},
) {
  const searches: SearchRequest[] = []
  const dumps: URL[] = []
  let openCount = () => {}
  const countGate = new Promise<void>((resolve) => (openCount = resolve))
  const search = async (request: SearchRequest, signal: AbortSignal): Promise<SearchResult> => {
    searches.push(request)
    if (request.limit === 0) {
      await countGate
      return {
        fields: [],
        records: [],
        total: table.length + (options.countExtra ?? 0),
        totalWasEstimated: false,
        offset: 0,
      }
    }
    if (signal.aborted) throw new CkanError('aborted', 'aborted')
    const offset = request.offset ?? 0
    const limit = Math.min(request.limit, options.rowsMax ?? 32_000)
    const records = table
      .slice(offset, offset + limit)
      .map(({ city, size, other }) => ({ city, size, other }))
    return { fields: [], records, totalWasEstimated: false, offset, limit }
  }
  const fetchImpl = async (url: string | URL | Request, init?: RequestInit) => {
    const address = new URL(String(url))
    dumps.push(address)
    const offset = Number(address.searchParams.get('offset') ?? 0)
    let text = `${options.header ?? 'city,size'}\r\n${csvOf(table.slice(offset))}`
    const drop = dumps.length === 1 ? options.dropAt : undefined
    if (drop !== undefined) text = text.slice(0, drop)
    const bytes = new TextEncoder().encode(text)
    let sent = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (init?.signal?.aborted) return controller.error(new DOMException('aborted', 'AbortError'))
        if (sent < bytes.length) {
          controller.enqueue(bytes.slice(sent, sent + 100))
          sent += 100
        } else if (drop !== undefined) controller.error(new TypeError('network error'))
        else controller.close()
      },
    })
    return new Response(body, { headers: { 'content-type': 'text/csv' } })
  }
  return { searches, dumps, search, openCount, fetch: fetchImpl as typeof fetch }
}

function memorySink() {
  const got = { csv: '', records: 0, rows: [] as unknown[][] }
  const sink: ViewSink = {
    csvBytes: async (parts, records) => {
      for (const part of parts) got.csv += new TextDecoder().decode(part)
      got.records += records
    },
    rows: async (rows) => {
      got.rows.push(...rows.map((row) => [...row]))
    },
  }
  return { got, sink }
}

function job(
  portal: ReturnType<typeof fakePortal>,
  sink: ViewSink,
  more: Partial<ViewStreamJob> = {},
): ViewStreamJob {
  return {
    portal: { baseUrl: 'http://portal.test/en' },
    search: portal.search,
    view: {
      resourceId: 'cities',
      filters: { country: ['DE'] },
      sort: [{ field: '_id', desc: false }],
      limit: 100,
    },
    fields,
    sink,
    dump: 'csv',
    signal: new AbortController().signal,
    fetch: portal.fetch,
    sleep: async () => undefined,
    ...more,
  }
}

describe('streamView through the dump', () => {
  it('hands every whole record to the sink without the header, while the count is still on its way', async () => {
    const portal = fakePortal()
    const { got, sink } = memorySink()
    const progress: { done: number; total: number | undefined }[] = []
    const streaming = streamView(job(portal, sink, { onProgress: (step) => progress.push(step) }))
    // every record arrives before the portal has counted them
    await expect.poll(() => got.records).toBe(table.length)
    expect(progress.at(-1)).toEqual({ done: table.length, total: undefined })
    portal.openCount()
    expect(await streaming).toEqual({ records: table.length, via: 'dump', total: table.length })
    expect(got.csv).toBe(csvOf(table))
    expect(portal.dumps).toHaveLength(1)
    expect(portal.dumps[0]!.searchParams.get('fields')).toBe('city,size')
    expect(JSON.parse(portal.dumps[0]!.searchParams.get('filters')!)).toEqual({ country: ['DE'] })
    expect(progress.at(-1)).toEqual({ done: table.length, total: table.length })
  })

  it('takes up a dropped dump from the record where it stopped', async () => {
    const portal = fakePortal({ dropAt: 1234 })
    portal.openCount()
    const { got, sink } = memorySink()
    await streamView(job(portal, sink))
    expect(got.csv).toBe(csvOf(table))
    expect(portal.dumps).toHaveLength(2)
    // resumed after the records already read: none twice, none lost (the CSV above is exact)
    expect(Number(portal.dumps[1]!.searchParams.get('offset'))).toBeGreaterThan(0)
  })

  it('reads pages instead when the dump’s header names other columns', async () => {
    const portal = fakePortal({ header: 'city,other', rowsMax: 50 })
    portal.openCount()
    const { got, sink } = memorySink()
    const outcome = await streamView(job(portal, sink))
    expect(outcome.via).toBe('pages')
    expect(got.records).toBe(0)
    expect(got.rows).toEqual(table.map((row) => [row.city, row.size]))
    // learnt the cap: pages of 50 after the first
    expect(portal.searches.filter((request) => request.limit > 0).map((request) => request.offset)).toEqual([
      0, 50, 100,
    ])
  })
})

describe('streamView reports what it could not read', () => {
  it('says how many of the counted records came when the portal sent fewer', async () => {
    const portal = fakePortal({ countExtra: 3 })
    portal.openCount()
    const { sink } = memorySink()
    const failure = await streamView(job(portal, sink)).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(IncompleteStreamError)
    expect(failure).toMatchObject({ records: table.length, expected: table.length + 3 })
  })

  it('stops when cancelled, as a cancel and not as a failure', async () => {
    const portal = fakePortal()
    portal.openCount()
    const controller = new AbortController()
    const sink: ViewSink = {
      csvBytes: async (_parts, records) => {
        if (records > 0) controller.abort()
      },
      rows: async () => undefined,
    }
    await expect(streamView(job(portal, sink, { signal: controller.signal }))).rejects.toMatchObject({
      kind: 'aborted',
    })
    expect(portal.dumps).toHaveLength(1)
  })
})
