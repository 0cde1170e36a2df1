export const N = Number(new URLSearchParams(location.search).get('n') || 1000000)
export function points() {
  // deterministic pseudo-random points over the contiguous US
  let s = 42
  const rnd = () => (s = (s * 1664525 + 1013904223) >>> 0) / 4294967296
  const lon = new Float32Array(N),
    lat = new Float32Array(N)
  for (let i = 0; i < N; i++) {
    lon[i] = -125 + rnd() * 58
    lat[i] = 25 + rnd() * 24
  }
  return { lon, lat }
}
export async function measurePan(panBy, frames = 120) {
  const times = []
  let last = performance.now()
  await new Promise((done) => {
    let i = 0
    const step = (now) => {
      times.push(now - last)
      last = now
      panBy(i % 60 < 30 ? 8 : -8)
      if (++i < frames) requestAnimationFrame(step)
      else done()
    }
    requestAnimationFrame(step)
  })
  times.shift()
  times.sort((a, b) => a - b)
  const mean = times.reduce((a, b) => a + b, 0) / times.length
  return { fps: Math.round(1000 / mean), p95ms: Math.round(times[Math.floor(times.length * 0.95)]) }
}
