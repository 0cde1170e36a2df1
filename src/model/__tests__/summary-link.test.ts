import { describe, expect, it } from 'vitest'
import { formatGroups, formatMeasures, parseGroups, parseMeasures } from '../summary-link'
import { parseExplorerState, serializeExplorerState } from '../url-codec'

describe('the summary in the link', () => {
  it('reads the tab, the groupings and the figures, and writes them back canonically', () => {
    const { state, ignored } = parseExplorerState(
      'resource_id=r&view=Summary&group= country , founded:Month&show=Count, total:population,AVERAGE:score,sum:population',
    )
    expect(ignored).toEqual([])
    expect(state.tab).toBe('summary')
    expect(state.summary).toEqual({
      groups: [
        { field: 'country', by: 'value' },
        { field: 'founded', by: 'month' },
      ],
      measures: [{ kind: 'count' }, { kind: 'sum', field: 'population' }, { kind: 'avg', field: 'score' }],
    })
    expect(serializeExplorerState(state)).toBe(
      'resource_id=r&view=summary&group=country%2Cfounded%3Amonth&show=count%2Csum%3Apopulation%2Cavg%3Ascore',
    )
  })

  it('quotes names that are not plain words, and reads ranges by their width', () => {
    const groups = [
      { field: 'city name', by: 'value' as const },
      { field: 'a:b, "c"', by: 'range' as const, width: 0.5 },
    ]
    expect(formatGroups(groups)).toBe('"city name","a:b, ""c""":0.5')
    expect(parseGroups(formatGroups(groups))).toEqual(groups)
    const measures = [{ kind: 'max' as const, field: 'growth %' }]
    expect(formatMeasures(measures)).toBe('max:"growth %"')
    expect(parseMeasures(formatMeasures(measures))).toEqual(measures)
  })

  it('drops, with a reason each, the parts it cannot read, and keeps the others', () => {
    const { state, ignored } = parseExplorerState(
      'resource_id=r&view=pivot&group=a:weekly&show=count,median:x&q=berlin',
    )
    expect(state).toMatchObject({ tab: 'table', q: 'berlin', summary: { groups: [], measures: [] } })
    expect(ignored).toEqual([
      { reason: 'view.bad', value: 'pivot' },
      { reason: 'group.bad', value: 'a:weekly' },
      { reason: 'show.bad', value: 'count,median:x' },
    ])
    expect(parseGroups('a,b,c')).toBeNull()
    expect(parseGroups('x:-5')).toBeNull()
    expect(parseMeasures('sum:')).toBeNull()
  })

  it('leaves the table tab and an unchosen summary out of the link', () => {
    expect(serializeExplorerState(parseExplorerState('resource_id=r&view=table').state)).toBe('resource_id=r')
  })
})
