import { describe, expect, it } from 'vitest'
import { createMemoryThemeStore, createSessionThemeStore } from './theme-store'

function fakeStorage() {
  const items = new Map<string, string>()
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    items,
  }
}

describe('the theme kept for the tab', () => {
  it('remembers a choice, forgets it to follow the system again, and ignores stored junk', () => {
    const storage = fakeStorage()
    const store = createSessionThemeStore(storage)
    expect(store.read()).toBeNull()
    store.remember('dark')
    expect(createSessionThemeStore(storage).read()).toBe('dark')
    store.remember(null)
    expect(store.read()).toBeNull()
    storage.setItem('dse.theme.v1', 'purple')
    expect(store.read()).toBeNull()
  })

  it('keeps working when storage throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied')
      },
      setItem: () => {
        throw new Error('denied')
      },
      removeItem: () => {
        throw new Error('denied')
      },
    }
    const store = createSessionThemeStore(broken)
    expect(() => store.remember('dark')).not.toThrow()
    expect(store.read()).toBeNull()
    const memory = createMemoryThemeStore('light')
    memory.remember('dark')
    expect(memory.read()).toBe('dark')
  })
})
