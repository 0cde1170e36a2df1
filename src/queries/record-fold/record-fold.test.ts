import { afterEach, describe, expect, it, vi } from 'vitest'
import type { SearchRequest, SearchResult } from '../../api/ckan/types'
import { createFoldEngine, type FoldFactories, type RecordFold } from './fold-engine'
import { MAX_WAITING, openFold, type FoldSetup } from './fold-host'
import type { FromWorker, ToWorker } from './fold-protocol'
import { foldView } from './fold-view'
import { serveFolds, type FoldScope } from './fold-worker'

/** A fold that keeps a running total of its second column, per first column. */
interface Totals {
  records: number
  totals: Record<string, number>
}
function totalsFold(): RecordFold<Totals> {
  const totals: Record<string, number> = {}
  let records = 0
  return {
    fields: ['name', 'size'],
    add(values) {
      records++
      const key = String(values[0])
      totals[key] = (totals[key] ?? 0) + Number(values[1] ?? 0)
    },
    snapshot: () => ({ records, totals: { ...totals } }),
  }
}
const factories: FoldFactories = { totals: totalsFold }
const csv = (text: string) => new TextEncoder().encode(text)

afterEach(() => {
  vi.restoreAllMocks()
})

describe('the fold engine', () => {
  it('folds in steps that stop at the deadline, and tells each mark once what came before is in', () => {
    const fold = totalsFold()
    const engine = createFoldEngine(fold)
    const marks: number[] = []
    const lines = Array.from({ length: 20_000 }, (_, index) => `a,${index % 2}\n`).join('')
    engine.begin()
    engine.bytes(csv(`name,size\r\n${lines}`))
    engine.mark(() => marks.push(fold.snapshot().records))
    engine.rows(Array.from({ length: 600 }, () => ['b', 5]))
    engine.mark(() => marks.push(fold.snapshot().records))
    // every look at the clock says a millisecond passed: a 2 ms slice is two steps
    let clock = 0
    vi.spyOn(performance, 'now').mockImplementation(() => ++clock)
    expect(engine.work(clock + 2)).toBe(false)
    expect(marks).toEqual([])
    // two steps of 32 KB: part of the answer is in, not all
    expect(fold.snapshot().records).toBeGreaterThan(0)
    expect(fold.snapshot().records).toBeLessThan(20_000)
    while (!engine.work(clock + 2));
    expect(marks).toEqual([20_000, 20_600])
    expect(fold.snapshot().totals).toEqual({ a: 10_000, b: 3000 })
  })

  it('finds whole records however a dump’s answer is cut, and says how it ended', () => {
    const fold = totalsFold()
    const engine = createFoldEngine(fold)
    const text = 'name,size\r\n"Köln, ""DE""",1\nb,2\n"cut'
    engine.begin()
    for (let at = 0; at < text.length; at += 3) engine.bytes(csv(text.slice(at, at + 3)))
    const ends: unknown[] = []
    engine.end((answer) => ends.push(answer))
    // another answer, with its columns in another order: nothing of it is folded
    engine.begin()
    engine.bytes(csv('size,name\n9,x\n'))
    engine.end((answer) => ends.push(answer))
    engine.work(Number.POSITIVE_INFINITY)
    expect(ends).toEqual([
      { records: 2, header: 'ok', cut: 4 },
      { records: 0, header: 'other', names: ['size', 'name'], cut: 0 },
    ])
    expect(fold.snapshot()).toEqual({ records: 2, totals: { 'Köln, "DE"': 1, b: 2 } })
  })
})

/** A worker in this thread: serveFolds behind postMessage, answers a task later, as a worker's come. */
class LocalWorker extends EventTarget {
  private scope = new EventTarget()
  terminated = false
  constructor(options: { failOnRows?: boolean } = {}) {
    super()
    const scope: FoldScope = {
      postMessage: (message: FromWorker) =>
        setTimeout(() => this.dispatchEvent(new MessageEvent('message', { data: structuredClone(message) }))),
      addEventListener: (type, listener) => this.scope.addEventListener(type, listener as EventListener),
    }
    serveFolds(
      scope,
      options.failOnRows
        ? {
            totals: () => ({
              ...totalsFold(),
              add: () => {
                throw new Error('broken fold')
              },
            }),
          }
        : factories,
    )
  }
  postMessage(message: ToWorker) {
    const data = structuredClone(message)
    setTimeout(() => this.scope.dispatchEvent(new MessageEvent('message', { data })))
  }
  terminate() {
    this.terminated = true
  }
}

function setup(spawn: () => Worker): FoldSetup<Record<string, never>> {
  return { kind: 'totals', options: {}, spawn, loadFactories: async () => factories }
}

describe('opening a fold', () => {
  it('folds in a worker when one starts, with the same result as on the page', async () => {
    const inWorker = await openFold<Record<string, never>, Totals>(
      setup(() => new LocalWorker() as unknown as Worker),
    )
    const onPage = await openFold<Record<string, never>, Totals>(
      setup(() => {
        throw new DOMException('Script at another origin', 'SecurityError')
      }),
    )
    expect([inWorker.where, onPage.where]).toEqual(['worker', 'page'])
    for (const fold of [inWorker, onPage]) {
      fold.begin()
      await fold.bytes(csv('name,size\na,1\nb,'))
      await fold.bytes(csv('2\na,"3"\n'))
      expect(await fold.end()).toEqual({ records: 3, header: 'ok', cut: 0 })
      await fold.rows([['c', 4]])
    }
    const expected = { records: 4, totals: { a: 4, b: 2, c: 4 } }
    expect(await inWorker.snapshot()).toEqual(expected)
    expect(await onPage.snapshot()).toEqual(expected)
  })

  it('falls back to the page when the worker’s script does not load (a CSP that forbids workers)', async () => {
    const blocked = new LocalWorker()
    blocked.postMessage = () => setTimeout(() => blocked.dispatchEvent(new Event('error')))
    const fold = await openFold(setup(() => blocked as unknown as Worker))
    expect(fold.where).toBe('page')
    expect(blocked.terminated).toBe(true)
  })

  it('holds the reading back while too much waits to be folded', async () => {
    const fold = await openFold<Record<string, never>, Totals>(
      setup(() => {
        throw new Error('no workers here')
      }),
    )
    const line = `${'a'.repeat(1020)},1\n`
    const records = Math.ceil(MAX_WAITING / line.length) + 10
    const big = csv(`name,size\n${line.repeat(records)}`)
    fold.begin()
    // more than may wait: the sender is let go only once the fold has taken the answer (its records
    // folded by then); a sender let go at once would hear of none
    expect(await fold.bytes(big)).toBe(records)
    expect((await fold.snapshot()).records).toBe(records)
  })

  it('reports a fold that fails in its worker', async () => {
    const fold = await openFold(setup(() => new LocalWorker({ failOnRows: true }) as unknown as Worker))
    await fold.rows([['a', 1]])
    await expect(fold.snapshot()).rejects.toThrow('broken fold')
  })
})

describe('folding a view', () => {
  const rows = Array.from({ length: 300 }, (_, index) => ({ name: index % 3 === 0 ? 'x' : 'y', size: index }))
  function pagedSearch(stopAfterPage?: () => void) {
    return async (request: SearchRequest): Promise<SearchResult> => {
      if (request.limit === 0)
        return { fields: [], records: [], total: rows.length, totalWasEstimated: false, offset: 0 }
      const offset = request.offset ?? 0
      const records = rows.slice(offset, offset + 40)
      if (offset >= 80) stopAfterPage?.()
      return { fields: [], records, totalWasEstimated: false, offset, limit: 40 }
    }
  }
  const job = (search: ReturnType<typeof pagedSearch>, signal: AbortSignal) =>
    openFold<Record<string, never>, Totals>(setup(() => new LocalWorker() as unknown as Worker)).then(
      (fold) =>
        foldView({
          portal: { baseUrl: 'http://portal.test/en' },
          search,
          view: { resourceId: 'r', limit: 0 },
          fold,
          fields: ['name', 'size'],
          records: (snapshot) => snapshot.records,
          dump: null,
          signal,
          snapshotEveryMs: 0,
        }),
    )

  it('folds every matching record and says it is done', async () => {
    const outcome = await job(pagedSearch(), new AbortController().signal)
    expect(outcome).toMatchObject({ status: 'done', via: 'pages', done: 300, total: 300, folded: 300 })
    const expected = rows.reduce<Record<string, number>>((totals, row) => {
      totals[row.name] = (totals[row.name] ?? 0) + row.size
      return totals
    }, {})
    expect(outcome.snapshot.totals).toEqual(expected)
  })

  it('keeps what was folded when cancelled, and says exactly how many records that is', async () => {
    const controller = new AbortController()
    const outcome = await job(
      pagedSearch(() => controller.abort()),
      controller.signal,
    )
    expect(outcome.status).toBe('cancelled')
    expect(outcome.folded).toBe(outcome.snapshot.records)
    expect(outcome.folded).toBeGreaterThanOrEqual(80)
    expect(outcome.folded).toBeLessThan(300)
    expect(outcome.total).toBe(300)
  })

  it('keeps what was folded when the portal fails, with the failure', async () => {
    const search = pagedSearch()
    const failing = async (request: SearchRequest) => {
      if ((request.offset ?? 0) >= 120) throw new Error('the portal fell over')
      return search(request)
    }
    const outcome = await job(failing, new AbortController().signal)
    expect(outcome).toMatchObject({ status: 'failed', folded: 120, done: 120 })
    expect((outcome as { error: Error }).error.message).toBe('the portal fell over')
  })
})

describe('folding a view from the dump', () => {
  const rows = Array.from({ length: 500 }, (_, index) => ({
    name: index % 4 === 0 ? 'a, "b"' : 'c',
    size: index,
  }))
  const body = (offset: number) =>
    `name,size\r\n${rows
      .slice(offset)
      .map(
        (row) => `${row.name.includes(',') ? `"${row.name.replace(/"/g, '""')}"` : row.name},${row.size}\n`,
      )
      .join('')}`

  it('hands the answers’ bytes to the fold, and resumes a dropped one where its folded records end', async () => {
    const urls: URL[] = []
    const fetchImpl = (async (url: string) => {
      const address = new URL(url)
      urls.push(address)
      const bytes = new TextEncoder().encode(body(Number(address.searchParams.get('offset') ?? 0)))
      // the first answer drops in the middle of a record
      const end = urls.length === 1 ? 2345 : bytes.length
      let sent = 0
      return new Response(
        new ReadableStream<Uint8Array>({
          pull(controller) {
            if (sent >= end)
              return urls.length === 1 ? controller.error(new TypeError('network error')) : controller.close()
            controller.enqueue(bytes.slice(sent, Math.min(end, sent + 500)))
            sent += 500
          },
        }),
        { headers: { 'content-type': 'text/csv' } },
      )
    }) as unknown as typeof fetch
    const fold = await openFold<Record<string, never>, Totals>(
      setup(() => new LocalWorker() as unknown as Worker),
    )
    const outcome = await foldView({
      portal: { baseUrl: 'http://portal.test/en' },
      search: async () => ({
        fields: [],
        records: [],
        total: rows.length,
        totalWasEstimated: false,
        offset: 0,
      }),
      view: { resourceId: 'r', limit: 0 },
      fold,
      fields: ['name', 'size'],
      records: (snapshot) => snapshot.records,
      dump: 'csv',
      signal: new AbortController().signal,
      fetch: fetchImpl,
      sleep: async () => undefined,
    })
    expect(outcome).toMatchObject({ status: 'done', via: 'dump', done: 500, folded: 500 })
    expect(urls).toHaveLength(2)
    const resumedAt = Number(urls[1]!.searchParams.get('offset'))
    expect(resumedAt).toBeGreaterThan(0)
    const expected = { 'a, "b"': 0, c: 0 } as Record<string, number>
    for (const row of rows) expected[row.name]! += row.size
    expect(outcome.snapshot.totals).toEqual(expected)
  })
})
