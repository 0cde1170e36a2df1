// The portal the explorer talks to, and its optional API token. The token lives in React state
// (memory), in sessionStorage only when the user asks, and belongs to one portal: another portal
// means no token.
import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useState } from 'react'
import type { Portal } from '../api/ckan/types'
import { forgetToken, readRememberedToken, rememberToken } from '../features/portal/token-store'
import { datastoreKeys } from '../queries/datastore-keys'

interface Auth {
  portal: string
  token: string
  remember: boolean
  /** A token was dropped because the portal changed: the user is told once. */
  dropped: boolean
}

function initialAuth(baseUrl: string): Auth {
  const remembered = readRememberedToken(baseUrl)
  return { portal: baseUrl, token: remembered ?? '', remember: remembered !== null, dropped: false }
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
  const [auth, setAuth] = useState(() => initialAuth(baseUrl))

  if (auth.portal !== baseUrl) {
    // the portal changed (picker, pasted link, Back): the token stays behind
    setAuth({ ...initialAuth(baseUrl), remember: auth.remember, dropped: auth.token !== '' })
  }
  const token = auth.portal === baseUrl ? auth.token : ''

  useEffect(() => {
    // a remembered token of another portal must not come back when the user returns to it
    if (readRememberedToken(baseUrl) === null) forgetToken()
  }, [baseUrl])

  const portal = useMemo<Portal>(() => (token ? { baseUrl, token } : { baseUrl }), [baseUrl, token])

  const applyToken = useCallback(
    (next: string, remember: boolean) => {
      setAuth({ portal: baseUrl, token: next, remember, dropped: false })
      if (remember && next !== '') rememberToken(baseUrl, next)
      else forgetToken()
      // answers cached with the previous token (or none) may differ: drop them, so the tables on
      // screen are fetched again with the new one
      queryClient.removeQueries({ queryKey: [...datastoreKeys.all, baseUrl] })
    },
    [baseUrl, queryClient],
  )

  const setRemember = useCallback(
    (remember: boolean) => {
      setAuth((current) => ({ ...current, remember }))
      if (remember && token !== '') rememberToken(baseUrl, token)
      else forgetToken()
    },
    [baseUrl, token],
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
