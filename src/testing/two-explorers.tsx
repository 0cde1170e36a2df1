// A test page with two explorers, each in its own open shadow root with its view in memory: the
// proof that instances share nothing (e2e/instances.spec.ts). Built only for the e2e suite
// (DSE_TEST_PAGES=1, see vite.config.ts). Each output element shows its explorer's stored view.
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createCkanClient } from '../api/ckan/ckan-client'
import { App } from '../app/app'
import { readConfig } from '../instance/config'
import { createNoRecentStore } from '../instance/recent-store'
import { createMemoryOnlyTokenStore } from '../instance/token-store'
import { createMemoryViewStore } from '../instance/view-store'
import { createWindowViewport } from '../instance/viewport'
import explorerCss from '../styles/explorer.css?url'

function mount(hostId: string, outputId: string, initialView: string): void {
  const host = document.getElementById(hostId)
  const output = document.getElementById(outputId)
  if (!host || !output) throw new Error(`two-explorers.html has no #${hostId} or #${outputId}`)
  const shadow = host.attachShadow({ mode: 'open' })
  const stylesheet = document.createElement('link')
  stylesheet.rel = 'stylesheet'
  stylesheet.href = explorerCss
  const container = document.createElement('div')
  shadow.append(stylesheet, container)
  output.textContent = initialView
  const viewStore = createMemoryViewStore(initialView, (search) => {
    output.textContent = search
  })
  createRoot(container).render(
    <StrictMode>
      <App
        environment={{
          config: readConfig({ portal: `${location.origin}/en` }, location.origin),
          viewStore,
          tokenStore: createMemoryOnlyTokenStore(),
          recentStore: createNoRecentStore(),
          api: createCkanClient(),
          layout: 'embed',
          viewport: createWindowViewport(window),
        }}
      />
    </StrictMode>,
  )
}

mount('explorer-a', 'view-a', 'resource_id=seattle-weather')
mount('explorer-b', 'view-b', 'resource_id=penguins')
