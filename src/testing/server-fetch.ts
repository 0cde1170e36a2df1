// A fetch that hands each request to the project's own CKAN actions (server/ckan) on a test
// database, as the server's HTTP layer would (CKAN's GET and POST rules): the client end to end
// except for the socket.
import { actions } from '../../server/ckan/actions'
import { toCkanJson } from '../../server/ckan/ckan-json'
import type { DataDict, Db, Json, SearchConfig } from '../../server/ckan/types'

export interface SeenRequest {
  method: string
  url: URL
  body: unknown
}

export function serverFetch(
  db: Db,
  { seen = [], config = {} }: { seen?: SeenRequest[]; config?: Partial<SearchConfig> } = {},
): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input))
    const method = init?.method ?? 'GET'
    const body: unknown = method === 'POST' ? JSON.parse(String(init?.body)) : undefined
    seen.push({ method, url, body })
    const name = /\/api\/3\/action\/(\w+)$/.exec(url.pathname)?.[1] ?? ''
    const action = actions[name]
    const reply = (status: number, payload: string) =>
      new Response(payload, { status, headers: { 'content-type': 'application/json;charset=utf-8' } })
    if (!action) return reply(400, JSON.stringify(`Bad request - Action name not known: ${name}`))
    const data: DataDict = {}
    if (body) Object.assign(data, body as Record<string, Json>)
    else for (const [key, value] of url.searchParams) data[key] = value
    const authorised = new Headers(init?.headers).get('Authorization') === 'secret-token'
    const outcome = await action(data, {
      db,
      config: { rowsDefault: 100, rowsMax: 32000, defaultFtsLang: 'english', ...config },
      caller: { authorised, name: authorised ? 'admin' : '' },
      currentPath: url.pathname,
      currentQuery: url.search.slice(1),
      overHttp: true,
    })
    const help = 'http://test/api/3/action/help_show'
    if (outcome.ok) return reply(200, toCkanJson({ help, success: true, result: outcome.result as Json }))
    return reply(outcome.status, toCkanJson({ help, success: false, error: outcome.error }))
  }) as typeof fetch
}
