import { describe, expect, it } from 'vitest'
import { addRecent, createLocalRecentStore, parseRecent, recentFromSnapshot } from './recent-store'

function memoryStorage() {
  const map = new Map<string, string>()
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
  }
}

const A = 'http://a.example/en'
const B = 'http://b.example/en'

describe('recent resources', () => {
  it('keeps the newest first, without duplicates, up to the maximum', () => {
    let list = addRecent([], { id: '1', name: 'one' })
    list = addRecent(list, { id: '2', name: 'two' })
    list = addRecent(list, { id: '1', name: 'one again' })
    expect(list).toEqual([
      { id: '1', name: 'one again' },
      { id: '2', name: 'two' },
    ])
    let many = list
    for (let index = 0; index < 20; index++) many = addRecent(many, { id: `x${index}`, name: 'n' }, 5)
    expect(many).toHaveLength(5)
    expect(many[0]?.id).toBe('x19')
  })

  it('stores lists per portal and stores only id, name and dataset title', () => {
    const storage = memoryStorage()
    const store = createLocalRecentStore(storage, undefined)
    let saves = 0
    store.subscribe(() => saves++)
    store.save(A, { id: 'weather', name: 'Weather', datasetTitle: 'Seattle', description: 'long text' })
    store.save(B, { id: 'penguins', name: 'Penguins' })
    expect(saves).toBe(2)
    const snapshot = store.snapshot()
    expect(recentFromSnapshot(snapshot, A)).toEqual([
      { id: 'weather', name: 'Weather', datasetTitle: 'Seattle' },
    ])
    expect(recentFromSnapshot(snapshot, B)).toEqual([{ id: 'penguins', name: 'Penguins' }])
    expect(recentFromSnapshot(snapshot, 'http://c.example/en')).toEqual([])
    expect(storage.map.get('dse.recent.v1')).not.toContain('long text')
  })

  it('ignores malformed stored data instead of failing', () => {
    expect(parseRecent('not json')).toEqual({})
    expect(parseRecent('[1,2]')).toEqual({})
    expect(parseRecent(JSON.stringify({ [A]: [{ id: 5 }, { id: 'ok', name: 'Ok' }], [B]: 'x' }))).toEqual({
      [A]: [{ id: 'ok', name: 'Ok' }],
    })
    expect(parseRecent(JSON.stringify({ __proto__: [{ id: 'a', name: 'b' }] }))).not.toHaveProperty(
      'polluted',
    )
    expect(createLocalRecentStore(null, undefined).snapshot()).toBe('')
  })
})
