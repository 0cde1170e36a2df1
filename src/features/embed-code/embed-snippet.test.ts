import { describe, expect, it } from 'vitest'
import { serializeExplorerState } from '../../model/url-codec'
import { DEFAULT_STATE } from '../../model/explorer-state'
import { viewFromAttributes } from '../../model/view-attributes'
import { embedSnippet, htmlAttribute, readHeight, type EmbedOptions } from './embed-snippet'

const PORTAL = 'https://data.example.org/en'
const release = { version: '1.2.3', integrity: { 'datastore-explorer.js': 'sha384-abc' } }
const element: EmbedOptions = {
  form: 'element',
  publicUrl: 'https://explorer.example',
  release,
  height: 480,
  picker: false,
  title: 'Cities',
}

/** The attributes of the snippet's one element, read back as a browser would (both quotes, entities). */
function attributesOf(snippet: string, tag: string): Map<string, string> {
  const body = new RegExp(`<${tag}([^]*?)>`).exec(snippet)![1]!
  const attributes = new Map<string, string>()
  for (const match of body.matchAll(/([\w-]+)(?:=(?:"([^"]*)"|'([^']*)'))?/g)) {
    const raw = match[2] ?? match[3] ?? ''
    attributes.set(
      match[1]!,
      raw.replaceAll('&quot;', '"').replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&'),
    )
  }
  return attributes
}

const view = serializeExplorerState({
  ...DEFAULT_STATE,
  resourceId: 'cities',
  q: 'mont & co',
  filters: [
    { kind: 'values', field: 'country', values: ['FR', 'DE'] },
    { kind: 'values', field: "it's", values: ['a "b"'] },
    {
      kind: 'range',
      field: 'year',
      lower: { value: 2010, inclusive: true },
      upper: { value: 2019, inclusive: false },
    },
  ],
  sort: [{ field: 'year', desc: true }],
  limit: 500,
  hidden: ['_id', 'notes'],
})

describe('the snippet of the element', () => {
  it('gives the element the same view: its attributes read back into the link parameters', () => {
    const snippet = embedSnippet(view, PORTAL, element)
    const attributes = attributesOf(snippet, 'datastore-explorer')
    const back = new URLSearchParams(
      viewFromAttributes({ getAttribute: (name) => attributes.get(name) ?? null }),
    )
    const expected = new URLSearchParams(view)
    expected.set('portal', PORTAL)
    expect(Object.fromEntries(back)).toEqual(Object.fromEntries(expected))
    expect(attributes.has('picker')).toBe(false)
    expect(attributes.has('height')).toBe(false)
  })

  it('loads the release’s versioned script with its integrity hash', () => {
    const snippet = embedSnippet(view, PORTAL, element)
    expect(attributesOf(snippet, 'script')).toEqual(
      new Map([
        ['type', 'module'],
        ['src', 'https://explorer.example/embed/v1.2.3/datastore-explorer.js'],
        ['integrity', 'sha384-abc'],
        ['crossorigin', 'anonymous'],
      ]),
    )
    expect(embedSnippet(view, PORTAL, { ...element, release: null })).toContain(
      '<script type="module" src="https://explorer.example/embed/datastore-explorer.js"></script>',
    )
  })

  it('adds the height, the table chooser and a comment for a private table, never a token', () => {
    const snippet = embedSnippet('resource_id=secret', PORTAL, {
      ...element,
      height: 640,
      picker: true,
      tokenComment: 'Private -- give a token --> here',
    })
    const attributes = attributesOf(snippet, 'datastore-explorer')
    expect(attributes.get('height')).toBe('640')
    expect(attributes.has('picker')).toBe(true)
    expect(snippet).toContain('<!-- Private - - give a token - -› here -->')
    expect(snippet.match(/-->/g)).toHaveLength(1)
  })

  it('keeps the portal given, not one in the view', () => {
    const attributes = attributesOf(
      embedSnippet('portal=https%3A%2F%2Fother.org%2Fen&resource_id=a', PORTAL, element),
      'datastore-explorer',
    )
    expect(attributes.get('portal')).toBe(PORTAL)
  })
})

describe('the snippet of the iframe', () => {
  it('points the frame page at the view, with the portal, and sizes it', () => {
    const snippet = embedSnippet(view, PORTAL, { ...element, form: 'iframe', picker: true, height: 600 })
    const attributes = attributesOf(snippet, 'iframe')
    expect(attributes.get('title')).toBe('Cities')
    expect(attributes.get('height')).toBe('600')
    const src = new URL(attributes.get('src')!)
    expect(src.origin + src.pathname).toBe('https://explorer.example/embed.html')
    const expected = new URLSearchParams(view)
    expect(src.searchParams.get('portal')).toBe(PORTAL)
    for (const [name, value] of expected) expect(src.searchParams.get(name), name).toBe(value)
    expect(src.searchParams.has('picker')).toBe(true)
    expect(snippet).not.toContain('<script')
  })
})

describe('the parts of a snippet', () => {
  it('quotes attributes so that a browser reads them back whole', () => {
    expect(htmlAttribute('filters', '{"a":"b"}')).toBe(`filters='{"a":"b"}'`)
    expect(htmlAttribute('q', `it's "x" & <y>`)).toBe('q="it\'s &quot;x&quot; &amp; &lt;y&gt;"')
  })

  it('takes a height in whole pixels within its limits', () => {
    expect(readHeight(' 600 ')).toBe(600)
    for (const bad of ['', '100', '3000', '60vh', '5.5', 'tall']) expect(readHeight(bad), bad).toBeNull()
  })
})
