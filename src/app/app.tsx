// One explorer: its own query cache, view, language and environment. The standalone page mounts one;
// a page with embeds mounts one per element. Nothing here reaches outside `environment`.
import { QueryClientProvider } from '@tanstack/react-query'
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { ErrorBoundary } from '../components/ui/error-boundary'
import { I18nContext } from '../i18n/i18n-context'
import { chooseLocale } from '../i18n/choose-locale'
import { useLanguage } from '../i18n/use-language'
import { EnvironmentContext, useEnvironment, type ExplorerEnvironment } from '../instance/environment'
import type { Theme } from '../instance/theme-store'
import { createFoundRowCounts, FoundRowCountsContext } from '../queries/found-row-count'
import { Explorer } from './explorer'
import { createQueryClient } from './query-client'
import { useExplorerState } from './use-explorer-state'
import { loadCards } from './load-cards'
import { ScreenFitContext, useScreenFitOf } from './screen-fit'
import { usePreferredHeight } from './use-preferred-height'

export function App({ environment }: { environment: ExplorerEnvironment }) {
  // a background refetch failed while older rows stayed on screen: said once, until dismissed
  const [backgroundError, setBackgroundError] = useState(false)
  const [client] = useState(() => createQueryClient(() => setBackgroundError(true)))
  // what the window pages found about estimated totals, beside the cache of those pages
  const [foundRowCounts] = useState(createFoundRowCounts)
  return (
    <QueryClientProvider client={client}>
      <FoundRowCountsContext value={foundRowCounts}>
        <EnvironmentContext value={environment}>
          <ExplorerRoot
            backgroundError={backgroundError}
            onDismissBackgroundError={() => setBackgroundError(false)}
          />
        </EnvironmentContext>
      </FoundRowCountsContext>
    </QueryClientProvider>
  )
}

function ExplorerRoot({
  backgroundError,
  onDismissBackgroundError,
}: {
  backgroundError: boolean
  onDismissBackgroundError: () => void
}) {
  const { viewStore, config, onLanguage, layout, onPreferredHeight, browserLanguages, themeStore, theme } =
    useEnvironment()
  const rootRef = useRef<HTMLDivElement>(null)
  usePreferredHeight(rootRef, onPreferredHeight)
  const fit = useScreenFitOf(rootRef, layout === 'embed')
  const view = useExplorerState(viewStore)
  // On a narrow screen the cards' code is asked for as soon as the width is known, beside the first
  // page, not once the view has rendered (a second round trip before the first cards).
  const cardsFirst = fit.narrow && !!view.state.resourceId && (view.state.tab ?? 'cards') === 'cards'
  useLayoutEffect(() => {
    if (cardsFirst) loadCards().catch(() => undefined)
  }, [cardsFirst])
  const i18n = useLanguage(
    chooseLocale({
      link: view.state.lang ?? config.locale ?? null,
      portalBaseUrl: view.state.portal ?? config.portal,
      browser: browserLanguages ?? [],
    }),
  )
  const { locale, dir } = i18n.formats
  // the host's theme wins; else the reader's choice for this tab; else the system's (CSS)
  const [chosenTheme, setChosenTheme] = useState<Theme | null>(() => themeStore?.read() ?? null)
  const shownTheme = theme ?? chosenTheme
  const display = {
    theme: shownTheme,
    onThemeChange: theme
      ? undefined
      : (next: Theme | null) => {
          themeStore?.remember(next)
          setChosenTheme(next)
        },
  }
  useEffect(() => onLanguage?.(locale, dir), [onLanguage, locale, dir])
  return (
    <I18nContext value={i18n}>
      <div
        ref={rootRef}
        className={
          (layout === 'embed'
            ? 'dse-root dse-root--embed'
            : view.state.resourceId
              ? 'dse-root dse-root--fill'
              : 'dse-root') + (fit.compact ? ' dse-root--compact' : '')
        }
        lang={locale}
        dir={dir}
        data-theme={shownTheme ?? undefined}
      >
        <ScreenFitContext value={fit}>
          <ErrorBoundary>
            <Explorer
              view={view}
              display={display}
              backgroundError={backgroundError}
              onDismissBackgroundError={onDismissBackgroundError}
            />
          </ErrorBoundary>
        </ScreenFitContext>
      </div>
    </I18nContext>
  )
}
