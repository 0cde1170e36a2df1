import { StrictMode } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { App } from '../app/app'
import type { ExplorerEnvironment } from '../instance/environment'
import type { ExplorerStylesheet } from './explorer-stylesheet'

/** An explorer mounted in a shadow root, with the explorer's stylesheet linked or adopted inside it. */
export interface ShadowExplorer {
  render(environment: ExplorerEnvironment, generation: number): void
  unmount(): void
}

export function mountInShadowRoot(shadow: ShadowRoot, stylesheet: ExplorerStylesheet): ShadowExplorer {
  const container = document.createElement('div')
  container.className = 'dse-host'
  if ('href' in stylesheet) {
    const link = document.createElement('link')
    link.rel = 'stylesheet'
    link.href = stylesheet.href
    shadow.replaceChildren(link, container)
  } else {
    // adopted first, so that the element's own sheets (its box, the host's theme) come after it
    const sheet = new CSSStyleSheet()
    sheet.replaceSync(stylesheet.text)
    shadow.adoptedStyleSheets = [sheet, ...shadow.adoptedStyleSheets]
    shadow.replaceChildren(container)
  }
  const root: Root = createRoot(container)
  return {
    // a new generation mounts a fresh App (its own query cache): the view lives in the store outside
    render: (environment, generation) =>
      root.render(
        <StrictMode>
          <App key={generation} environment={environment} />
        </StrictMode>,
      ),
    unmount: () => root.unmount(),
  }
}
