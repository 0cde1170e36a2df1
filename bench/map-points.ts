// A generated table of places for the map's benchmark: `rows` records with a name, a latitude and a
// longitude, always the same. Most points lie around a few hundred centres (as a real table's towns
// do), the rest anywhere. Written as CSV for the bundled server's `--load`.
import { createWriteStream } from 'node:fs'
import { once } from 'node:events'
import { mulberry32 } from '../src/lib/seeded-random.ts'

export async function writePointsCsv(file: string, rows: number, seed = 31): Promise<void> {
  const next = mulberry32(seed)
  const centres = Array.from({ length: 400 }, () => ({
    lat: Math.asin(2 * next() - 1) * (180 / Math.PI) * 0.8,
    lon: next() * 360 - 180,
    spread: 0.2 + next() * 3,
  }))
  const out = createWriteStream(file)
  out.write('name,latitude,longitude\n')
  let chunk = ''
  for (let row = 1; row <= rows; row++) {
    let lat: number
    let lon: number
    if (next() < 0.8) {
      const centre = centres[Math.floor(next() * centres.length)]!
      // a rough normal spread around the centre (sum of three uniforms)
      const offset = () => (next() + next() + next() - 1.5) * centre.spread
      lat = Math.max(-85, Math.min(85, centre.lat + offset()))
      lon = ((centre.lon + offset() + 540) % 360) - 180
    } else {
      lat = Math.asin(2 * next() - 1) * (180 / Math.PI)
      lon = next() * 360 - 180
    }
    chunk += `Point ${row},${lat.toFixed(5)},${lon.toFixed(5)}\n`
    if (chunk.length > 1 << 16) {
      if (!out.write(chunk)) await once(out, 'drain')
      chunk = ''
    }
  }
  out.end(chunk)
  await once(out, 'finish')
}
