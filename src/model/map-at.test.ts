import { describe, expect, it } from 'vitest'
import { formatMapAt, parseMapAt } from './map-at'

describe("the map's centre and zoom in the link", () => {
  it('reads three numbers in range, and writes them back rounded', () => {
    expect(parseMapAt('39.82835,-98.5795,4')).toEqual({ lat: 39.82835, lon: -98.5795, zoom: 4 })
    expect(parseMapAt(' 10 , 20 , 7.4 ')).toEqual({ lat: 10, lon: 20, zoom: 7 })
    expect(formatMapAt({ lat: 39.828351234, lon: -98.579512345, zoom: 4 })).toBe('39.82835,-98.57951,4')
  })

  it('wraps a longitude panned round the world', () => {
    expect(formatMapAt({ lat: 0, lon: 190, zoom: 3 })).toBe('0,-170,3')
    expect(formatMapAt({ lat: 0, lon: -540, zoom: 3 })).toBe('0,-180,3')
  })

  it('refuses anything else', () => {
    for (const bad of ['', '1,2', '1,2,3,4', '91,0,3', '0,181,3', '0,0,0', '0,0,20', 'a,b,c', '1e3,0,2'])
      expect(parseMapAt(bad), bad).toBeNull()
  })
})
