// A stand-in for a tile server, so the map's tests need no network: every tile of the default
// tiles' address (OpenStreetMap's) answered in the page's routing with one small PNG, or blocked.
import { deflateSync } from 'node:zlib'
import type { Page } from '@playwright/test'

export const OSM_TILE_PATTERN = 'https://tile.openstreetmap.org/**'

function crc32(bytes: Buffer): number {
  let crc = ~0
  for (const byte of bytes) {
    crc ^= byte
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1))
  }
  return ~crc >>> 0
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** A 256×256 tile of one pale sea colour (RGB 170, 211, 223, as OpenStreetMap's water). */
export function standInTile(): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(256, 0)
  header.writeUInt32BE(256, 4)
  header.set([8, 2, 0, 0, 0], 8) // 8 bits, RGB
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: 256 }, () => [170, 211, 223]).flat()),
  ])
  const pixels = Buffer.concat(Array.from({ length: 256 }, () => row))
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/**
 * Serves every tile of `pattern` (default: OpenStreetMap's) with the stand-in; returns how many were
 * asked for so far.
 */
export async function serveStandInTiles(
  page: Page,
  pattern: string | RegExp = OSM_TILE_PATTERN,
): Promise<() => number> {
  const tile = standInTile()
  let served = 0
  await page.route(pattern, (route) => {
    served++
    return route.fulfill({
      status: 200,
      contentType: 'image/png',
      body: tile,
      headers: { 'access-control-allow-origin': '*' },
    })
  })
  return () => served
}
