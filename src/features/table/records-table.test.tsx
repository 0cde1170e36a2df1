import { QueryClient } from '@tanstack/react-query'
import { renderToString } from 'react-dom/server'
import { beforeAll, describe, expect, it } from 'vitest'
import type { CkanField, CkanRecord, SearchRequest, SearchResult } from '../../api/ckan/types'
import { DEFAULT_STATE, type ExplorerState } from '../../model/explorer-state'
import { columnSpecs } from './columns-fns'
import { ColumnChoices } from './column-choices'
import { RecordsTable } from './records-table'
import { localSortCode } from './use-local-sort'
import { mainCatalogue } from '../../i18n/catalogues/main'
import { testTranslator } from '../../testing/i18n'
import { TestProviders } from '../../testing/test-providers'

const t = testTranslator(mainCatalogue)

// Server rendering gives the first frame's markup without a DOM: enough to check the grid's
// structure, names and text-only rendering. Interaction is covered by the pure *-fns tests and e2e.

const fields: CkanField[] = [
  { id: '_id', type: 'int' },
  { id: 'pop', type: 'numeric', info: { label: 'Population' } },
  { id: '__proto__', type: 'text' },
  { id: 'a.b', type: 'text' },
  { id: '_full_text', type: 'tsvector' },
  { id: 'when', type: 'timestamp' },
]

function page(total: number, count: number): SearchResult {
  const records: CkanRecord[] = Array.from({ length: count }, (_, i) => {
    const record: CkanRecord = JSON.parse(`{"__proto__": "p${i}"}`)
    record['_id'] = i + 1
    record['pop'] = i === 1 ? null : String(12345.5 + i)
    record['a.b'] = i === 2 ? '' : i === 0 ? '<img src=x onerror=alert(1)>' : `dot ${i}`
    record['when'] = '2023-02-01T00:00:00'
    record['extra'] = 'not in fields'
    return record
  })
  return { fields, records, total, totalWasEstimated: false, limit: count, offset: 0 }
}

function render(state: Partial<ExplorerState>, firstPage: SearchResult, sortLocally = false): string {
  const request: SearchRequest = { resourceId: 'r', limit: firstPage.records.length, includeTotal: true }
  return renderToString(
    <TestProviders client={client}>
      <RecordsTable
        portal={{ baseUrl: 'https://example.org/data/en' }}
        state={{ ...DEFAULT_STATE, resourceId: 'r', ...state }}
        firstPage={firstPage}
        firstPageRequest={request}
        sortLocally={sortLocally}
        onSortChange={() => {}}
        onHiddenChange={() => {}}
      />
    </TestProviders>,
  )
}

const client = new QueryClient()

const count = (html: string, pattern: RegExp) => html.match(pattern)?.length ?? 0

describe('RecordsTable markup', () => {
  // the browser sort is loaded on first use; a server render cannot wait for it
  beforeAll(async () => {
    await client.prefetchQuery(localSortCode)
  })

  it('declares every matching row but puts fewer than 100 in the DOM, for a million records', () => {
    const html = render({ limit: 'all' }, page(1_000_000, 500))
    expect(html).toContain('role="grid"')
    expect(html).toContain('aria-rowcount="1000001"')
    // row number column + 4 shown fields (_id hidden, _full_text internal)
    expect(html).toContain('aria-colcount="5"')
    const rows = count(html, /role="row"/g)
    expect(rows).toBeGreaterThan(10)
    expect(rows).toBeLessThan(100)
    expect(html).toContain('aria-rowindex="1"')
    expect(html).toContain('aria-rowindex="2"')
  })

  it('names headers with the field id, marks the primary sort key, and describes the type', () => {
    const html = render(
      {
        sort: [
          { field: 'pop', desc: true },
          { field: 'a.b', desc: false },
        ],
      },
      page(3, 3),
    )
    expect(html).toContain('aria-label="Population (pop), sorted descending, 1st"')
    expect(html).toMatch(/aria-sort="descending" aria-label="Population \(pop\)/)
    expect(html).toContain('aria-label="a.b, sorted ascending, 2nd"')
    expect(count(html, /aria-sort="descending"|aria-sort="ascending"/g)).toBe(1)
    expect(html).toContain('Number column (numeric)')
    expect(html).toContain('role="separator" aria-orientation="vertical" aria-label="Resize column pop"')
    expect(html).not.toContain('_full_text')
    expect(html).not.toContain('Resize column _id')
  })

  it('shows values as text: numbers formatted, null labelled, empty text distinct, markup escaped', () => {
    const html = render({}, page(3, 3))
    expect(html).toContain('12,345.5')
    expect(html).toContain('No value (null)')
    expect(html).toContain('Empty text')
    expect(html).toContain('p0') // the __proto__ field is an ordinary column
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;')
    expect(html).not.toContain('<img')
    expect(html).not.toContain('<a ')
    expect(html).not.toContain('not in fields')
  })

  it('sorts in the browser only when told every record is loaded, and says so', () => {
    const firstPage = page(3, 3)
    const sort = [{ field: 'pop', desc: true }]
    const local = render({ sort }, firstPage, true)
    expect(local).toContain('Sorted in your browser: all 3 records are loaded.')
    // descending by value, the null last: 12,347.5 then 12,345.5
    expect(local.indexOf('12,347.5')).toBeLessThan(local.indexOf('12,345.5'))
    expect(local.indexOf('12,345.5')).toBeLessThan(local.indexOf('No value (null)'))
    const server = render({ sort }, firstPage, false)
    expect(server).not.toContain('Sorted in your browser')
    expect(server.indexOf('12,345.5')).toBeLessThan(server.indexOf('12,347.5'))
  })

  it('offers every field in the Columns menu, with _id hidden by default', () => {
    const html = render({}, page(3, 3))
    // closed, the menu tells the count; its checkboxes are drawn when it opens
    expect(html).toContain('4 of 5 shown')
    expect(html).not.toContain('type="checkbox"')
    const choices = renderToString(
      <TestProviders>
        <ColumnChoices
          specs={columnSpecs(fields, t)}
          hidden={DEFAULT_STATE.hidden}
          shownCount={4}
          onHiddenChange={() => {}}
          onClose={() => {}}
        />
      </TestProviders>,
    )
    expect(choices).toContain('Show or hide columns')
    expect(choices).toMatch(/<input type="checkbox"\/?><span>_id<\/span>/)
    expect(choices).toMatch(/<input type="checkbox" checked=""\/?><span>Population \(pop\)<\/span>/)
  })
})
