// Keyset paging: which requests may use it, and, against the project's own CKAN actions on PGlite,
// that a deep page asked as a keyset holds exactly the records its offset gives.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createResource, initDatastore } from '../../../../server/ckan/datastore-create'
import { createTestDb } from '../../../../server/ckan/test-db'
import { serverFetch, type SeenRequest } from '../../../testing/server-fetch'
import { createCkanClient } from '../ckan-client'
import { datastoreSearch } from '../datastore-search'
import { denseIdCount, KEYSET_MIN_OFFSET, keysetAnswerFits, keysetDirection, keysetRequest } from '../keyset'
import type { SearchConfig } from '../../../../server/ckan/types'
import type { Portal, SearchRequest } from '../types'

const deep: SearchRequest = {
  resourceId: 't',
  limit: 5,
  offset: KEYSET_MIN_OFFSET,
  sort: [{ field: '_id', desc: false }],
}

describe('which requests a keyset may answer', () => {
  it('a deep page of an unfiltered view in _id order, either way', () => {
    expect(keysetDirection(deep)).toBe('asc')
    expect(keysetDirection({ ...deep, sort: [{ field: '_id', desc: true }] })).toBe('desc')
  })

  it('never a search, a filter, another sort, a count, distinct values or a page near the top', () => {
    expect(keysetDirection({ ...deep, q: 'berlin' })).toBeNull()
    expect(keysetDirection({ ...deep, filters: { country: 'Kenya' } })).toBeNull()
    expect(
      keysetDirection({
        ...deep,
        sort: [
          { field: 'year', desc: false },
          { field: '_id', desc: false },
        ],
      }),
    ).toBeNull()
    expect(keysetDirection({ ...deep, sort: undefined })).toBeNull()
    expect(keysetDirection({ ...deep, includeTotal: true })).toBeNull()
    expect(keysetDirection({ ...deep, distinct: true })).toBeNull()
    expect(keysetDirection({ ...deep, offset: KEYSET_MIN_OFFSET - 1 })).toBeNull()
  })

  it('turns the offset into a bound on _id, for ids 1…count', () => {
    expect(keysetRequest({ ...deep, offset: 12_000 }, 'asc', 20_000)).toEqual({
      resourceId: 't',
      limit: 5,
      sort: [{ field: '_id', desc: false }],
      filters: { _id: { gte: 12_001 } },
    })
    expect(keysetRequest({ ...deep, offset: 12_000 }, 'desc', 20_000).filters).toEqual({
      _id: { lte: 8_000 },
    })
  })

  it('trusts a table only when its largest id is its exact count', () => {
    expect(denseIdCount({ records: [{ _id: 300 }], total: 300, totalWasEstimated: false })).toBe(300)
    expect(denseIdCount({ records: [{ _id: 301 }], total: 300, totalWasEstimated: false })).toBeNull()
    expect(denseIdCount({ records: [{ _id: 300 }], total: 300, totalWasEstimated: true })).toBeNull()
    expect(denseIdCount({ records: [], total: 0, totalWasEstimated: false })).toBeNull()
  })

  it('checks that an answer starts with the record the offset would give', () => {
    expect(keysetAnswerFits({ records: [{ _id: 12_001 }] }, 12_000, 'asc', 20_000)).toBe(true)
    expect(keysetAnswerFits({ records: [{ _id: 12_002 }] }, 12_000, 'asc', 20_000)).toBe(false)
    expect(keysetAnswerFits({ records: [{ _id: 8_000 }] }, 12_000, 'desc', 20_000)).toBe(true)
    expect(keysetAnswerFits({ records: [] }, 20_000, 'asc', 20_000)).toBe(true)
    expect(keysetAnswerFits({ records: [] }, 12_000, 'asc', 20_000)).toBe(false)
  })
})

describe('a deep page through the client, on the project’s CKAN actions', () => {
  const ROWS = KEYSET_MIN_OFFSET + 2_000
  const portal: Portal = { baseUrl: 'http://portal.test/data/en' }
  let db: Awaited<ReturnType<typeof createTestDb>>

  beforeAll(async () => {
    db = await createTestDb()
    await initDatastore(db)
    for (const id of ['dense', 'gaps', 'changing']) {
      await createResource(db, {
        resource_id: id,
        fields: [{ id: 'n', type: 'int4' }],
        records: Array.from({ length: ROWS }, (_, i) => [i * 7]),
        full_text_index: false,
      })
    }
    await deleteRows('gaps', [3, 500])
  }, 60_000)

  afterAll(async () => {
    await db.close()
  })

  /** Deletes rows as CKAN's datastore_delete does, which keeps 2.12's exact row count up to date. */
  async function deleteRows(table: string, ids: number[]) {
    await db.exec(`DELETE FROM "${table}" WHERE _id IN (${ids.join(', ')})`)
    await db.exec(
      `UPDATE ckan_catalog.resource SET row_count = row_count - ${ids.length} WHERE id = '${table}'`,
    )
  }

  /** The same page by offset, straight from the actions: what the reader must see. */
  async function byOffset(request: SearchRequest) {
    const result = await datastoreSearch(portal, request, { fetch: serverFetch(db) })
    return result.records
  }

  function client(config: Partial<SearchConfig> = {}) {
    const seen: SeenRequest[] = []
    const api = createCkanClient({ fetch: serverFetch(db, { seen, config }) })
    // each page request's offset and filters, GET or POST
    const pageRequests = () =>
      seen
        .filter((request) => request.url.pathname.endsWith('datastore_search'))
        .map((request) => {
          const params =
            (request.body as Record<string, unknown> | undefined) ??
            Object.fromEntries(request.url.searchParams)
          const filters = typeof params.filters === 'string' ? JSON.parse(params.filters) : params.filters
          return {
            limit: Number(params.limit),
            offset: params.offset === undefined ? undefined : Number(params.offset),
            filters,
          }
        })
        .filter((params) => params.limit === 5)
    // the portal's generation is learnt from the answers it gives, as the view's first page teaches it
    const opened = (resourceId: string) => api.datastoreSearch(portal, { resourceId, limit: 2 })
    return { api, pageRequests, opened }
  }

  it('asks a dense table’s deep page by _id, and gets the offset’s records', async () => {
    const { api, pageRequests, opened } = client()
    await opened('dense')
    for (const request of [
      { ...deep, resourceId: 'dense', offset: ROWS - 1_000 },
      { ...deep, resourceId: 'dense', offset: ROWS - 1_000, sort: [{ field: '_id', desc: true }] },
      { ...deep, resourceId: 'dense', offset: ROWS - 2 },
    ]) {
      const result = await api.datastoreSearch(portal, request)
      expect(result.records).toEqual(await byOffset(request))
      expect(result.offset).toBe(request.offset)
    }
    const sent = pageRequests()
    expect(sent).toHaveLength(3)
    for (const params of sent) {
      expect(params.offset).toBeUndefined()
      expect(Object.keys(params.filters as object)).toEqual(['_id'])
    }
  })

  it('keeps the offset for a table with gaps in its ids, with the same records', async () => {
    const { api, pageRequests, opened } = client()
    await opened('gaps')
    const request = { ...deep, resourceId: 'gaps', offset: ROWS - 1_000 }
    const result = await api.datastoreSearch(portal, request)
    expect(result.records).toEqual(await byOffset(request))
    expect(result.records[0]?._id).toBe(ROWS - 1_000 + 3)
    expect(pageRequests().map((sent) => sent.offset)).toEqual([ROWS - 1_000])
  })

  it('goes back to the offset when the table changed since it was checked', async () => {
    const { api, pageRequests, opened } = client()
    await opened('changing')
    const request = { ...deep, resourceId: 'changing', offset: ROWS - 1_000 }
    await api.datastoreSearch(portal, request)
    await deleteRows('changing', [10])
    const result = await api.datastoreSearch(portal, request)
    expect(result.records).toEqual(await byOffset(request))
    expect(result.records[0]?._id).toBe(ROWS - 1_000 + 2)
    // keyset, then keyset (refused: the check beside it found a gap) and the offset
    expect(pageRequests().map((sent) => sent.offset)).toEqual([undefined, undefined, ROWS - 1_000])
  })

  it('keeps the offset until the portal has shown it is 2.12, and on CKAN 2.11', async () => {
    const unknown = client()
    const first = { ...deep, resourceId: 'dense', offset: ROWS - 1_000 }
    expect((await unknown.api.datastoreSearch(portal, first)).records).toEqual(await byOffset(first))
    expect(unknown.pageRequests().map((sent) => sent.offset)).toEqual([ROWS - 1_000])
  })

  it('keeps the offset on a portal without operators (CKAN 2.11)', async () => {
    const { api, pageRequests, opened } = client({ ckanVersion: '2.11' })
    await opened('dense')
    const request = { ...deep, resourceId: 'dense', offset: ROWS - 1_000 }
    expect((await api.datastoreSearch(portal, request)).records).toEqual(await byOffset(request))
    expect(pageRequests().map((sent) => sent.offset)).toEqual([ROWS - 1_000])
  })
})
