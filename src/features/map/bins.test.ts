import { describe, expect, it } from 'vitest'
import { binAt, binPoints, binRadius } from './bins'

const points = (list: [number, number][]) => ({
  x: Float32Array.from(list.map(([x]) => x)),
  y: Float32Array.from(list.map(([, y]) => y)),
})

describe('binning the points in view', () => {
  it('counts each cell once, at the mean of its points, and only cells that hold any', () => {
    const { x, y } = points([
      [10, 10],
      [30, 20],
      [50, 30],
      [150, 10],
      [5, 130],
    ])
    const bins = binPoints(x, y, 5, 200, 200, 56)
    expect(bins.length).toBe(3)
    expect([...bins.counts]).toEqual([3, 1, 1])
    expect(bins.x[0]).toBeCloseTo(30)
    expect(bins.y[0]).toBeCloseTo(20)
    expect([bins.x[1], bins.y[1]]).toEqual([150, 10])
    expect(bins.largest).toBe(3)
    // every point is in exactly one cell
    expect(bins.counts.reduce((sum, count) => sum + count, 0)).toBe(5)
  })

  it('reads only the first `length` points, and keeps points on the edge of the box', () => {
    const { x, y } = points([
      [200, 200],
      [-1, -1],
      [100, 100],
    ])
    const bins = binPoints(x, y, 2, 200, 200, 56)
    expect(bins.counts.reduce((sum, count) => sum + count, 0)).toBe(2)
  })

  it('finds the cell under the pointer, the smaller where circles overlap', () => {
    const { x, y } = points([
      [28, 28],
      [28, 28],
      [28, 28],
      [60, 28],
    ])
    const bins = binPoints(x, y, 4, 200, 200, 56)
    expect(binRadius(3, 3)).toBe(24)
    expect(binAt(bins, 28, 28)).toBe(0)
    expect(binAt(bins, 55, 28)).toBe(1)
    expect(binAt(bins, 150, 150)).toBe(-1)
  })
})
