import { useEffect, useRef } from 'react'
import type { SearchResult } from '../api/ckan/types'
import { isCkanError } from '../api/ckan/errors'
import { afterNextPaint } from '../components/ui/after-next-paint'
import { useEnvironment } from '../instance/environment'

/**
 * Tells the host (an embed's `ready` and `error` events) when the first rows of a table are painted,
 * once per table opened, and when a view fails, once per failure.
 */
export function useHostEvents(
  resourceId: string | null,
  loaded: SearchResult | undefined,
  error: unknown,
): void {
  const { onReady, onFailure } = useEnvironment()
  const readyFor = useRef<string | null>(null)
  const lastError = useRef<unknown>(null)
  const total = loaded?.total

  useEffect(() => {
    if (!onReady || !loaded || !resourceId || readyFor.current === resourceId) return
    return afterNextPaint(() => {
      readyFor.current = resourceId
      onReady({ resourceId, total })
    })
  }, [onReady, loaded, resourceId, total])

  useEffect(() => {
    // a cancelled request is no failure: the view moved on
    if (!onFailure || !error || error === lastError.current) return
    if (isCkanError(error) && error.kind === 'aborted') return
    lastError.current = error
    onFailure({ error, resourceId })
  }, [onFailure, error, resourceId])
}
