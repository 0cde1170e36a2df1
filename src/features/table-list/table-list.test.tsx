import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { ResourceSummary } from '../../api/ckan/types'
import { TestProviders } from '../../testing/test-providers'
import { TableList } from './table-list'

const portal = { baseUrl: 'http://127.0.0.1:8080/en' }

function render(tables: ResourceSummary[]): string {
  return renderToString(
    <TestProviders>
      <TableList portal={portal} tables={tables} recent={[]} filterText="" onOpen={() => {}} />
    </TestProviders>,
  )
}

describe('the list of tables', () => {
  it('shows a table still loading with its progress, and it cannot be opened yet', () => {
    const html = render([
      { id: 'generated-cities', name: 'Generated cities', loading: { rowsLoaded: 40000, rowsTotal: 100000 } },
      { id: 'seattle-weather', name: 'Seattle weather, 2012–2015', rows: 1461 },
    ])
    expect(html).toContain('Still loading: 40,000 of 100,000 rows')
    expect(html).toMatch(/<button[^>]*aria-disabled="true"[^>]*>(?:(?!<\/button>).)*Generated cities/)
    expect(html).toContain('1,461 rows')
    expect(html.match(/aria-disabled/g)).toHaveLength(1)
  })
})
