import { describe, expect, it } from 'vitest'
import { formatGroups, formatMeasures, parseGroups, parseMeasures } from '../summary-link'
import { parseExplorerState, serializeExplorerState } from '../url-codec'

describe('the summary in the link', () => {
  it('keeps the tab, and the grouping and figures as given for the Summary tab to read', () => {
    const { state, ignored } = parseExplorerState(
      'resource_id=r&view=Summary&group= country , founded:Month&show=Count, total:population',
    )
    expect(ignored).toEqual([])
    expect(state.tab).toBe('summary')
    expect(state.summary).toEqual({ group: 'country , founded:Month', show: 'Count, total:population' })
    expect(serializeExplorerState(state)).toBe(
      'resource_id=r&view=summary&group=country+%2C+founded%3AMonth&show=Count%2C+total%3Apopulation',
    )
  })

  it('reads groupings and figures tolerantly, and writes them canonically', () => {
    const groups = parseGroups(' country , founded:Month')
    expect(groups).toEqual([
      { field: 'country', by: 'value' },
      { field: 'founded', by: 'month' },
    ])
    expect(formatGroups(groups!)).toBe('country,founded:month')
    const measures = parseMeasures('Count, total:population,AVERAGE:score,sum:population')
    expect(measures).toEqual([
      { kind: 'count' },
      { kind: 'sum', field: 'population' },
      { kind: 'avg', field: 'score' },
    ])
    expect(formatMeasures(measures!)).toBe('count,sum:population,avg:score')
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

  it('says when a grouping or figures cannot be read, and drops an unknown tab with a reason', () => {
    expect(parseGroups('a:weekly')).toBeNull()
    expect(parseGroups('a,b,c')).toBeNull()
    expect(parseGroups('x:-5')).toBeNull()
    expect(parseMeasures('count,median:x')).toBeNull()
    expect(parseMeasures('sum:')).toBeNull()
    const { state, ignored } = parseExplorerState('resource_id=r&view=pivot&q=berlin')
    // no tab chosen: the screen decides (cards on a narrow one, else the table)
    expect(state).toMatchObject({ tab: null, q: 'berlin' })
    expect(ignored).toEqual([{ reason: 'view.bad', value: 'pivot' }])
  })

  it('leaves an unchosen tab and summary out of the link, and keeps a chosen table', () => {
    expect(serializeExplorerState(parseExplorerState('resource_id=r&group=').state)).toBe('resource_id=r')
    // chosen on a phone, where cards would be shown otherwise
    expect(serializeExplorerState(parseExplorerState('resource_id=r&view=table&group=').state)).toBe(
      'resource_id=r&view=table',
    )
  })
})
