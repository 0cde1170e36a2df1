import { StrictMode } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { App } from '../app/app'
import type { ExplorerEnvironment } from '../instance/environment'

/** An explorer mounted in a shadow root, with the explorer's stylesheet linked inside it. */
export interface ShadowExplorer {
  render(environment: ExplorerEnvironment, generation: number): void
  unmount(): void
}

export function mountInShadowRoot(shadow: ShadowRoot, stylesheetUrl: string): ShadowExplorer {
  const stylesheet = document.createElement('link')
  stylesheet.rel = 'stylesheet'
  stylesheet.href = stylesheetUrl
  const container = document.createElement('div')
  container.className = 'dse-host'
  shadow.replaceChildren(stylesheet, container)
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
