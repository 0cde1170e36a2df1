// What an explorer component needs around it in a test: its query client, environment and language.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { I18nContext } from '../i18n/i18n-context'
import { EnvironmentContext } from '../instance/environment'
import { createFoundRowCounts, FoundRowCountsContext } from '../queries/found-row-count'
import { testI18n } from './i18n'
import { testEnvironment } from './test-environment'

export function TestProviders({
  children,
  locale = 'en',
  client: given,
}: {
  children: ReactNode
  locale?: string
  /** A query client the test prepared (cached answers or code). */
  client?: QueryClient
}) {
  const [client] = useState(() => given ?? new QueryClient())
  const [environment] = useState(() => testEnvironment())
  const [i18n] = useState(() => testI18n(locale))
  const [foundRowCounts] = useState(createFoundRowCounts)
  return (
    <QueryClientProvider client={client}>
      <FoundRowCountsContext value={foundRowCounts}>
        <EnvironmentContext value={environment}>
          <I18nContext value={i18n}>{children}</I18nContext>
        </EnvironmentContext>
      </FoundRowCountsContext>
    </QueryClientProvider>
  )
}
