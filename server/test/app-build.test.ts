// When `npm start` rebuilds: an output of either build (the app, the embed) missing, or older than a source.
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { BUILT, buildStaleness } from '../app-build.ts'

let root: string

async function file(relative: string, secondsAgo: number): Promise<void> {
  const target = path.join(root, relative)
  await mkdir(path.dirname(target), { recursive: true })
  await writeFile(target, '')
  const time = new Date(Date.now() - secondsAgo * 1000)
  await utimes(target, time, time)
}

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'app-build-'))
  await file('src/main.tsx', 100)
  await file('src/embed/frame.ts', 100)
  await file('vite.config.ts', 100)
  await file('package.json', 100)
})
afterEach(async () => {
  await rm(root, { recursive: true, force: true })
})

describe('buildStaleness', () => {
  it('asks for a build when nothing is built', () => {
    expect(buildStaleness(root)).toBe('dist/index.html is missing')
  })

  it('asks for a build when the app is built but not the embed (the embed demo would show empty boxes)', async () => {
    await file('dist/index.html', 10)
    expect(buildStaleness(root)).toBe('dist/embed/datastore-explorer.js is missing')
  })

  it('is satisfied when both builds are newer than every source', async () => {
    for (const output of BUILT) await file(output, 10)
    expect(buildStaleness(root)).toBe('')
  })

  it('asks for a build when a source is newer than the oldest output, the embed’s too', async () => {
    for (const output of BUILT) await file(output, 10)
    await file('dist/embed/frame.js', 200)
    expect(buildStaleness(root)).toBe('src changed since the last build')
    for (const output of BUILT) await file(output, 10)
    await file('vite.embed.config.ts', 5)
    expect(buildStaleness(root)).toBe('vite.embed.config.ts changed since the last build')
  })
})
