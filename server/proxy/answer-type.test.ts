import { describe, expect, it } from 'vitest'
import { acceptHeader, answerType, mediaType, refusedTypeMessage } from './answer-type.ts'

describe('which answers the proxy passes on', () => {
  it('passes JSON from an action, under its own Content-Type whatever the portal’s parameters', () => {
    for (const header of [
      'application/json;charset=utf-8',
      'application/json; charset=utf-8',
      'Application/JSON',
      'application/json; charset=iso-8859-1',
    ])
      expect(answerType('action', header), header).toEqual({
        contentType: 'application/json;charset=utf-8',
        extension: 'json',
      })
  })

  it('refuses every other type from an action: pages, scripts, images, files, JSONP, none', () => {
    for (const header of [
      'text/html; charset=utf-8',
      'application/xhtml+xml',
      'text/javascript',
      'application/javascript',
      'image/svg+xml',
      'application/octet-stream',
      'text/plain',
      'text/csv',
      'text/xml',
      'application/pdf',
      'multipart/x-mixed-replace; boundary=x',
      'application/json-seq',
      'application/jsonx',
      'json',
      '',
      ' ; charset=utf-8',
      'text/html, application/json',
      undefined,
    ])
      expect(answerType('action', header), String(header)).toBeNull()
  })

  it('passes CSV, TSV, JSON and XML from a dump, each as its own type and file extension', () => {
    expect(answerType('dump', 'text/csv; charset=utf-8')).toEqual({
      contentType: 'text/csv;charset=utf-8',
      extension: 'csv',
    })
    expect(answerType('dump', 'text/tab-separated-values; charset=utf-8')).toEqual({
      contentType: 'text/tab-separated-values;charset=utf-8',
      extension: 'tsv',
    })
    expect(answerType('dump', 'application/json; charset=utf-8')?.extension).toBe('json')
    expect(answerType('dump', 'text/xml; charset=utf-8')).toEqual({
      contentType: 'text/xml;charset=utf-8',
      extension: 'xml',
    })
    expect(answerType('dump', 'application/xml')?.contentType).toBe('text/xml;charset=utf-8')
    for (const header of ['text/html', 'text/plain', 'image/svg+xml', 'application/octet-stream', undefined])
      expect(answerType('dump', header), String(header)).toBeNull()
  })

  it('asks the portal for those types only', () => {
    expect(acceptHeader('action')).toBe('application/json')
    expect(acceptHeader('dump')).toBe(
      'text/csv, text/tab-separated-values, application/json, text/xml, application/xml',
    )
  })

  it('names the refused type and status in plain words, and never quotes a header that is not a type', () => {
    expect(refusedTypeMessage('action', 'text/html; charset=utf-8', 200)).toBe(
      'The portal answered with text/html (status 200); this server passes on only JSON from a portal’s API.',
    )
    expect(refusedTypeMessage('dump', 'image/svg+xml', 404)).toBe(
      'The portal answered with image/svg+xml (status 404); this server passes on only CSV, TSV, JSON or XML from a table’s dump.',
    )
    expect(refusedTypeMessage('action', undefined, 200)).toMatch(
      /^The portal answered without a content type this server can read \(status 200\)/,
    )
    expect(refusedTypeMessage('action', '<script>alert(1)</script>', 200)).not.toMatch(/script/)
    expect(mediaType('x'.repeat(200) + '/html')).toBeNull()
  })
})
