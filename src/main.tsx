// The standalone entry, and the only place that touches the page itself: it reads the runtime
// config, builds the explorer's environment on the page's URL, history and storage, links the styles
// (through index.html), marks the document's language, and mounts the app on #root.
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createCkanClient } from './api/ckan/ckan-client'
import { App } from './app/app'
import { mainCatalogue } from './i18n/catalogues/main'
import { createI18n, translatorFor } from './i18n/i18n-context'
import type { ExplorerEnvironment } from './instance/environment'
import { createLocalRecentStore } from './instance/recent-store'
import { createSessionThemeStore } from './instance/theme-store'
import { createSessionTokenStore, storageOf } from './instance/token-store'
import { createWindowViewport } from './instance/viewport'
import { createUrlViewStore } from './instance/view-store'
import { loadRuntimeConfig } from './standalone/load-config'
import './styles/explorer.css'
import './styles/page.css'

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')
const root = createRoot(container)
// visible at once, while the runtime config is read (usually a few milliseconds)
root.render(
  <div className="dse-root">
    <p className="dse-boot" role="status">
      {translatorFor(createI18n('en'), mainCatalogue)('ui.loading')}
    </p>
  </div>,
)

void loadRuntimeConfig(window.location.origin).then((config) => {
  for (const problem of config.problems) console.warn(problem)
  const session = storageOf(() => window.sessionStorage)
  const environment: ExplorerEnvironment = {
    config,
    viewStore: createUrlViewStore(window),
    tokenStore: createSessionTokenStore(session),
    recentStore: createLocalRecentStore(
      storageOf(() => window.localStorage),
      window,
    ),
    api: createCkanClient(config.proxy ? { proxyUrl: config.proxy } : {}),
    layout: 'page',
    browserLanguages: navigator.languages,
    themeStore: createSessionThemeStore(session),
    viewport: createWindowViewport(window),
    onTitle(title) {
      document.title = title
    },
    onLanguage(locale, dir) {
      document.documentElement.lang = locale
      document.documentElement.dir = dir
    },
  }
  root.render(
    <StrictMode>
      <App environment={environment} />
    </StrictMode>,
  )
})
