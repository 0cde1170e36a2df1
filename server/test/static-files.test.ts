import { mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { findStaticFile } from '../http/static-files.ts'

let root: string

beforeAll(async () => {
  const base = await mkdtemp(path.join(tmpdir(), 'static-'))
  root = path.join(base, 'dist')
  await mkdir(path.join(root, 'assets'), { recursive: true })
  await writeFile(path.join(root, 'index.html'), '<!doctype html><title>app</title>')
  await writeFile(path.join(root, 'assets', 'index-abc123.js'), 'console.log(1)')
  await writeFile(path.join(base, 'secret.txt'), 'secret')
  await mkdir(path.join(root, 'embed', 'chunks'), { recursive: true })
  await writeFile(path.join(root, 'embed', 'datastore-explorer.js'), 'export {}')
  await writeFile(path.join(root, 'embed', 'chunks', 'a-1.js'), 'export {}')
  await writeFile(path.join(root, 'embed', 'release.json'), JSON.stringify({ version: '1.2.3' }))
})

describe('findStaticFile', () => {
  it('serves index.html for / and for client-side routes', async () => {
    for (const urlPath of ['/', '/explore', '/en/some/deep/route']) {
      const file = await findStaticFile(root, urlPath)
      expect(file?.body.toString(), urlPath).toContain('<title>app</title>')
      expect(file?.isHtml).toBe(true)
      expect(file?.immutable).toBe(false)
    }
  })

  it('serves hashed assets as immutable with their content type', async () => {
    const file = await findStaticFile(root, '/assets/index-abc123.js')
    expect(file).toMatchObject({
      contentType: 'text/javascript;charset=utf-8',
      immutable: true,
      isHtml: false,
    })
  })

  it('does not fall back to index.html for a missing asset', async () => {
    expect(await findStaticFile(root, '/assets/missing.js')).toBeUndefined()
  })

  it('never serves files outside the root', async () => {
    for (const urlPath of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/../../secret.txt', '/%00']) {
      const file = await findStaticFile(root, urlPath)
      expect(file?.body.toString() ?? '', urlPath).not.toContain('secret')
    }
  })

  it('serves the built release of the embed under its versioned path, for good, and no other version', async () => {
    expect(await findStaticFile(root, '/embed/datastore-explorer.js')).toMatchObject({ immutable: false })
    for (const urlPath of ['/embed/v1.2.3/datastore-explorer.js', '/embed/v1.2.3/chunks/a-1.js']) {
      const file = await findStaticFile(root, urlPath)
      expect(file, urlPath).toMatchObject({ immutable: true, contentType: 'text/javascript;charset=utf-8' })
      expect(file?.body.toString()).toBe('export {}')
    }
    for (const urlPath of [
      '/embed/v1.2.2/datastore-explorer.js',
      '/embed/v1.2.3/missing.js',
      '/embed/v1.2.3/page',
      '/embed/v1.2.3/../../secret.txt',
    ])
      expect(await findStaticFile(root, urlPath), urlPath).toBeUndefined()
  })
})
