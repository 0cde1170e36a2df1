// The live preview of an embed snippet: the element (or the iframe) that the snippet's own HTML
// describes, built from the snippet's text, so the preview cannot show anything the code would not.
// The snippet is parsed inertly (DOMParser runs no script); only its element and its script's address
// are taken, and the script is loaded from this page's own origin (the same files, whatever public
// address the snippet names).
import { useEffect, useRef, useState } from 'react'

export interface EmbedPreviewProps {
  snippet: string
  /** The address the snippet's URLs start with: they are loaded from this page's origin instead. */
  publicUrl: string
  /** The reader's token for a private table, given to the element as its page would: as a property. */
  token: string | undefined
  /** The words when the explorer's script cannot be loaded ({detail}: the browser's reason). */
  failedText: (detail: string) => string
}

/** `url` on this page's origin: its part after `publicUrl` (the same path on this server). */
function onThisOrigin(url: string, publicUrl: string, origin: string): string {
  const path = url.startsWith(publicUrl) ? url.slice(publicUrl.length) : new URL(url).pathname
  return new URL(path.startsWith('/') ? path : `/${path}`, origin).href
}

interface BuiltPreview {
  node: HTMLElement
  script: string | null
}

/** The snippet's element (a fresh one, with the snippet's attributes) and its script's address. */
function buildPreview(snippet: string, publicUrl: string, document: Document): BuiltPreview | null {
  const parsed = new DOMParser().parseFromString(snippet, 'text/html')
  const source = parsed.querySelector('datastore-explorer, iframe')
  if (!source) return null
  const node = document.createElement(source.localName)
  for (const { name, value } of source.attributes) {
    const isAddress = name === 'src' && source.localName === 'iframe'
    node.setAttribute(name, isAddress ? onThisOrigin(value, publicUrl, document.location.origin) : value)
  }
  const src = parsed.querySelector('script[src]')?.getAttribute('src')
  return { node, script: src ? onThisOrigin(src, publicUrl, document.location.origin) : null }
}

export function EmbedPreview({ snippet, publicUrl, token, failedText }: EmbedPreviewProps) {
  const place = useRef<HTMLDivElement>(null)
  const [failure, setFailure] = useState<{ snippet: string; detail: string } | null>(null)

  useEffect(() => {
    const container = place.current
    if (!container) return
    const built = buildPreview(snippet, publicUrl, container.ownerDocument)
    if (!built) return
    let current = true
    if (built.script) {
      // the element is defined once its module runs; until then it waits, empty, in its place
      import(/* @vite-ignore */ built.script).catch((error: unknown) => {
        if (current) setFailure({ snippet, detail: error instanceof Error ? error.message : String(error) })
      })
    }
    if (token && built.node.localName === 'datastore-explorer')
      (built.node as { token?: string }).token = token
    container.replaceChildren(built.node)
    return () => {
      current = false
      built.node.remove()
    }
  }, [snippet, publicUrl, token])

  return (
    <>
      {failure?.snippet === snippet && (
        <p className="dse-field-error" role="alert">
          {failedText(failure.detail)}
        </p>
      )}
      <div className="dse-embed-code__preview" ref={place} />
    </>
  )
}
