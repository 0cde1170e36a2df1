import { describe, expect, it } from 'vitest'
import { forgetToken, readRememberedToken, rememberToken } from './token-store'

function memoryStorage() {
  const map = new Map<string, string>()
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  }
}

describe('token store', () => {
  it('gives the remembered token back only to the portal it was entered for', () => {
    const storage = memoryStorage()
    rememberToken('http://a.example/en', 'secret', storage)
    expect(readRememberedToken('http://a.example/en', storage)).toBe('secret')
    expect(readRememberedToken('http://b.example/en', storage)).toBeNull()
  })

  it('forgets the token, and clearing it with an empty value removes it', () => {
    const storage = memoryStorage()
    rememberToken('http://a.example/en', 'secret', storage)
    forgetToken(storage)
    expect(readRememberedToken('http://a.example/en', storage)).toBeNull()
    rememberToken('http://a.example/en', 'secret', storage)
    rememberToken('http://a.example/en', '', storage)
    expect(storage.map.size).toBe(0)
  })

  it('survives broken or missing storage', () => {
    const storage = memoryStorage()
    storage.map.set('dse.token.v1', '{not json')
    expect(readRememberedToken('http://a.example/en', storage)).toBeNull()
    expect(readRememberedToken('http://a.example/en', null)).toBeNull()
    expect(() => rememberToken('http://a.example/en', 'x', null)).not.toThrow()
  })
})
