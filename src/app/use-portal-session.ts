// The portal the explorer talks to, and its optional API token. The token lives in React state
// (memory), in the instance's token store only when the user asks (the tab's sessionStorage on the
// standalone page), and belongs to one portal: another portal means no token, and the one left
// behind is forgotten, so it does not come back when the user returns.
import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useState } from 'react'
import type { Portal } from '../api/ckan/types'
import { useEnvironment } from '../instance/environment'
import type { TokenStore } from '../instance/token-store'
import { datastoreKeys } from '../queries/datastore-keys'

interface Auth {
  portal: string
  token: string
  remember: boolean
  /** A token was dropped because the portal changed: the user is told once. */
  dropped: boolean
  /** The portal just left, whose remembered token must be forgotten. */
  left: string | null
}

function initialAuth(baseUrl: string, store: TokenStore): Auth {
  const remembered = store.read(baseUrl)
  return {
    portal: baseUrl,
    token: remembered ?? '',
    remember: remembered !== null,
    dropped: false,
    left: null,
  }
}

export interface PortalSession {
  portal: Portal
  hasToken: boolean
  remember: boolean
  tokenDropped: boolean
  dismissTokenDropped: () => void
  applyToken: (token: string, remember: boolean) => void
  setRemember: (remember: boolean) => void
}

export function usePortalSession(baseUrl: string): PortalSession {
  const queryClient = useQueryClient()
  const { tokenStore } = useEnvironment()
  const [auth, setAuth] = useState(() => initialAuth(baseUrl, tokenStore))

  if (auth.portal !== baseUrl) {
    // the portal changed (picker, pasted link, Back): the token stays behind
    setAuth({
      ...initialAuth(baseUrl, tokenStore),
      remember: auth.remember,
      dropped: auth.token !== '',
      left: auth.portal,
    })
  }
  const token = auth.portal === baseUrl ? auth.token : ''

  useEffect(() => {
    if (auth.left !== null) tokenStore.forget(auth.left)
  }, [auth.left, tokenStore])

  const portal = useMemo<Portal>(() => (token ? { baseUrl, token } : { baseUrl }), [baseUrl, token])

  const applyToken = useCallback(
    (next: string, remember: boolean) => {
      setAuth({ portal: baseUrl, token: next, remember, dropped: false, left: null })
      if (remember && next !== '') tokenStore.remember(baseUrl, next)
      else tokenStore.forget(baseUrl)
      // answers cached with the previous token (or none) may differ: drop them, so the tables on
      // screen are fetched again with the new one
      queryClient.removeQueries({ queryKey: datastoreKeys.portalPrefix(baseUrl) })
    },
    [baseUrl, queryClient, tokenStore],
  )

  const setRemember = useCallback(
    (remember: boolean) => {
      setAuth((current) => ({ ...current, remember }))
      if (remember && token !== '') tokenStore.remember(baseUrl, token)
      else tokenStore.forget(baseUrl)
    },
    [baseUrl, token, tokenStore],
  )

  const dismissTokenDropped = useCallback(() => setAuth((current) => ({ ...current, dropped: false })), [])

  return {
    portal,
    hasToken: token !== '',
    remember: auth.remember,
    tokenDropped: auth.dropped,
    dismissTokenDropped,
    applyToken,
    setRemember,
  }
}
