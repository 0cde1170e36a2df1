// The standalone entry: reads the runtime config, then mounts the app on #root. Everything global
// (the page's own CSS, the document language) is done here and only here.
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app'
import { loadRuntimeConfig } from './app/config'
import { uiText } from './components/ui/ui-messages'
import './styles/tokens.css'
import './styles/page.css'
import './app/app.css'

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')
const root = createRoot(container)
// visible at once, while the runtime config is read (usually a few milliseconds)
root.render(
  <div className="dse-root">
    <p className="dse-boot" role="status">
      {uiText('loading')}
    </p>
  </div>,
)

void loadRuntimeConfig().then((config) => {
  for (const problem of config.problems) console.warn(problem)
  root.render(
    <StrictMode>
      <App config={config} />
    </StrictMode>,
  )
})
