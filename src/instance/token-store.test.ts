import { describe, expect, it } from 'vitest'
import { createMemoryOnlyTokenStore, createSessionTokenStore } from './token-store'

function memoryStorage() {
  const map = new Map<string, string>()
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  }
}

describe('session token store', () => {
  it('gives a remembered token back only to the portal it was entered for', () => {
    const store = createSessionTokenStore(memoryStorage())
    store.remember('http://a.example/en', 'secret')
    expect(store.read('http://a.example/en')).toBe('secret')
    expect(store.read('http://b.example/en')).toBeNull()
  })

  it('keeps one entry per portal: forgetting one leaves the others (two explorers on a page)', () => {
    const storage = memoryStorage()
    const first = createSessionTokenStore(storage)
    const second = createSessionTokenStore(storage)
    first.remember('http://a.example/en', 'token-a')
    second.remember('http://b.example/en', 'token-b')
    first.forget('http://a.example/en')
    expect(second.read('http://b.example/en')).toBe('token-b')
    expect(first.read('http://a.example/en')).toBeNull()
  })

  it('an empty token removes the entry', () => {
    const storage = memoryStorage()
    const store = createSessionTokenStore(storage)
    store.remember('http://a.example/en', 'secret')
    store.remember('http://a.example/en', '')
    expect(storage.map.size).toBe(0)
  })

  it('survives broken or missing storage', () => {
    const failing = {
      getItem: () => {
        throw new Error('denied')
      },
      setItem: () => {
        throw new Error('quota')
      },
      removeItem: () => {
        throw new Error('denied')
      },
    }
    expect(createSessionTokenStore(failing).read('http://a.example/en')).toBeNull()
    expect(() => createSessionTokenStore(failing).remember('http://a.example/en', 'x')).not.toThrow()
    expect(createSessionTokenStore(null).read('http://a.example/en')).toBeNull()
  })
})

describe('memory-only token store', () => {
  it('remembers nothing', () => {
    const store = createMemoryOnlyTokenStore()
    store.remember('http://a.example/en', 'secret')
    expect(store.read('http://a.example/en')).toBeNull()
  })
})
