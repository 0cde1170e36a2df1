// A stand-in for real portals, for the e2e suite: the recorded answers of 11 real CKAN portals
// (e2e/sample-portal-data.ts), served with NO CORS headers at all, as most portals do, so a browser
// can only read it through the bundled server's proxy. It listens on two ports: one the e2e server
// allows with --proxy-allow, and one it does not (to prove the refusal).
import http from 'node:http'
import { loadSampleTables, searchSample, type SearchParams } from './sample-portal-data'
import { SAMPLE_PORTAL_PORT, SAMPLE_PORTAL_REFUSED_PORT } from './ports'

const tables = loadSampleTables()

function reply(response: http.ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'Content-Type': 'application/json;charset=utf-8' })
  response.end(JSON.stringify(body))
}

function answer(action: string, params: SearchParams): [number, unknown] {
  const ok = (result: unknown): [number, unknown] => [200, { help: '', success: true, result }]
  const notFound: [number, unknown] = [
    404,
    {
      help: '',
      success: false,
      error: { __type: 'Not Found Error', message: 'Not found: Resource was not found.' },
    },
  ]
  const id = String(params.resource_id ?? params.id ?? '')
  switch (action) {
    case 'datastore_search': {
      const table = tables.get(id)
      return table ? ok(searchSample(table, params)) : notFound
    }
    case 'resource_show':
      return tables.has(id) ? ok({ id, name: id, datastore_active: true }) : notFound
    case 'package_search':
      return ok({
        count: 1,
        results: [
          {
            id: 'samples',
            name: 'samples',
            title: 'Answers recorded from real portals',
            resources: [...tables.keys()].map((key) => ({ id: key, name: key, datastore_active: true })),
          },
        ],
      })
    default:
      return [400, `Bad request - Action name not known: ${action}`]
  }
}

/**
 * Answers no portal should give, by table id, whatever the action: a page and an image that run
 * script, and script that calls itself JSON. e2e/proxy.spec.ts proves the proxy passes none of them
 * on as something a browser would run.
 */
const HOSTILE_ANSWERS: Record<string, { type: string; body: string }> = {
  'hostile-html': {
    type: 'text/html;charset=utf-8',
    body: '<!doctype html><title>Hostile</title><script>alert("script ran")</script><img src=x onerror=alert(2)>',
  },
  'hostile-svg': {
    type: 'image/svg+xml',
    body: '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
  },
  'hostile-json-lie': {
    type: 'application/json;charset=utf-8',
    body: '<!doctype html><script>alert("script ran")</script><img src=x onerror=alert(2)>',
  },
}

function handle(request: http.IncomingMessage, response: http.ServerResponse): void {
  const url = new URL(request.url ?? '/', 'http://localhost')
  const action = /\/api(?:\/3)?\/action\/([a-z_]+)$/.exec(url.pathname)?.[1]
  let body = ''
  request.on('data', (chunk: Buffer) => (body += chunk.toString()))
  request.on('end', () => {
    if (!action) return reply(response, 404, 'Not found')
    let params: SearchParams = Object.fromEntries(url.searchParams)
    if (request.method === 'POST' && body) {
      try {
        params = JSON.parse(body) as SearchParams
      } catch {
        return reply(response, 400, 'Bad request - JSON Error: Could not read request body')
      }
    }
    const hostile = HOSTILE_ANSWERS[String(params.resource_id ?? params.id ?? '')]
    if (hostile) {
      response.writeHead(200, { 'Content-Type': hostile.type })
      return response.end(hostile.body)
    }
    try {
      const [status, result] = answer(action, params)
      reply(response, status, result)
    } catch (error) {
      reply(response, 409, {
        help: '',
        success: false,
        error: { __type: 'Validation Error', query: [String(error)] },
      })
    }
  })
}

for (const port of [SAMPLE_PORTAL_PORT, SAMPLE_PORTAL_REFUSED_PORT]) {
  http.createServer(handle).listen(port, '127.0.0.1')
}
console.log(`sample portal on ports ${SAMPLE_PORTAL_PORT} and ${SAMPLE_PORTAL_REFUSED_PORT}`)
