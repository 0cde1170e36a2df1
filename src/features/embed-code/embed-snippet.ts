// "Embed this view": the HTML a portal team pastes into its page to show the current view, as the
// <datastore-explorer> element (a script and a tag) or as an iframe of /embed.html. Pure. The view comes
// in link-parameter form (the page's own query string), and the element's attributes come from it
// through the one mapping the element itself reads (model/view-attributes.ts): a new link parameter
// reaches the snippet with no change here. A token is never written: for a private table the snippet
// says, in a comment, how the page gives one.
import { attributesFromLink } from '../../model/view-attributes'

/** The release the server serves under a versioned path, with each entry script's SRI hash. */
export interface EmbedRelease {
  version: string
  integrity: Readonly<Record<string, string>>
}

export type EmbedForm = 'element' | 'iframe'

export interface EmbedOptions {
  form: EmbedForm
  /** The explorer's public address (its origin, or the path it is served under), without a trailing slash. */
  publicUrl: string
  /** The built release: a versioned script path and its integrity hash; null: the unversioned path. */
  release: EmbedRelease | null
  /** The height in CSS pixels. */
  height: number
  /** Whether readers may open another table of the portal (the table chooser). */
  picker: boolean
  /** The iframe's accessible name (the table's name). */
  title: string
  /** A comment for a private table: how the page gives the element its token (the element form only). */
  tokenComment?: string
}

/** Heights a snippet may ask for: tall enough for the toolbar and a few rows, and not absurd. */
export const MIN_HEIGHT = 240
export const MAX_HEIGHT = 2000
export const DEFAULT_HEIGHT = 480

/** The height typed in the dialog, as whole pixels within the limits; null for anything else. */
export function readHeight(text: string): number | null {
  const trimmed = text.trim()
  if (!/^\d{1,5}$/.test(trimmed)) return null
  const height = Number(trimmed)
  return height >= MIN_HEIGHT && height <= MAX_HEIGHT ? height : null
}

/** An HTML attribute: single quotes around JSON (readable), double quotes otherwise; `&` and the quote escaped. */
export function htmlAttribute(name: string, value: string): string {
  const escaped = value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')
  if (escaped.includes('"') && !escaped.includes("'")) return `${name}='${escaped}'`
  return `${name}="${escaped.replaceAll('"', '&quot;')}"`
}

/** The element's script: the release's versioned path and its integrity hash, when the server has a release. */
export function scriptTag(publicUrl: string, release: EmbedRelease | null): string {
  const file = 'datastore-explorer.js'
  const integrity = release?.integrity[file]
  if (!release || !integrity) return `<script type="module" src="${publicUrl}/embed/${file}"></script>`
  return [
    `<script`,
    `  type="module"`,
    `  src="${publicUrl}/embed/v${encodeURIComponent(release.version)}/${file}"`,
    `  integrity="${integrity}"`,
    `  crossorigin="anonymous"`,
    `></script>`,
  ].join('\n')
}

/** A comment's text, made safe to sit between `<!--` and `-->`. */
function commentText(text: string): string {
  return text.replaceAll('--', '- -').replaceAll('>', '›')
}

/**
 * The snippet of a view. `view` is the view's link parameters (`resource_id=…&q=…`) and `portal` the
 * portal's address: always written, since the element's own default is the explorer's server.
 */
export function embedSnippet(view: string, portal: string, options: EmbedOptions): string {
  const params = new URLSearchParams(view)
  params.delete('portal')
  const withPortal = new URLSearchParams([['portal', portal], ...params])
  if (options.form === 'iframe') {
    const src = `${options.publicUrl}/embed.html?${withPortal.toString()}${options.picker ? '&picker' : ''}`
    return [
      '<iframe',
      `  ${htmlAttribute('title', options.title)}`,
      `  ${htmlAttribute('src', src)}`,
      '  width="100%"',
      `  height="${options.height}"`,
      '></iframe>',
      '',
    ].join('\n')
  }
  const attributes = attributesFromLink(withPortal.toString())
    .filter(([name]) => name !== 'picker')
    .map(([name, value]) => htmlAttribute(name, value))
  if (options.height !== DEFAULT_HEIGHT) attributes.push(`height="${options.height}"`)
  if (options.picker) attributes.push('picker')
  return [
    scriptTag(options.publicUrl, options.release),
    '',
    ...(options.tokenComment ? [`<!-- ${commentText(options.tokenComment)} -->`] : []),
    '<datastore-explorer',
    ...attributes.map((attribute) => `  ${attribute}`),
    '></datastore-explorer>',
    '',
  ].join('\n')
}
