import { useState } from 'react'
import { describeError } from '../api/ckan/errors'
import { ErrorBoundary } from '../components/ui/error-boundary'
import type { RuntimeConfig } from './config'
import { Explorer } from './explorer'
import { Providers } from './providers'
import { createQueryClient } from './query-client'

/** The standalone app: one query client, the explorer, and a last-resort error boundary. */
export function App({ config }: { config: RuntimeConfig }) {
  const [backgroundError, setBackgroundError] = useState<string | null>(null)
  const [client] = useState(() =>
    createQueryClient((error) => setBackgroundError(describeError(error).title)),
  )
  return (
    <Providers client={client}>
      <div className="dse-root">
        <ErrorBoundary>
          <Explorer
            config={config}
            backgroundError={backgroundError}
            onDismissBackgroundError={() => setBackgroundError(null)}
          />
        </ErrorBoundary>
      </div>
    </Providers>
  )
}
