// What an error answer may show a client. CKAN 2.11 answers an "Invalid query" with the generated
// SQL (`info.statement`), its parameters (`info.params`) and PostgreSQL's message (`info.orig`).
// The SQL and its parameters hand anyone the shape of the server's queries, so they are left out
// unless the server runs with --debug-errors. PostgreSQL's message stays (cut to a readable length):
// it names what was wrong with the request ("syntax error in tsquery", "invalid input syntax for
// type integer"), which people need to fix it, and it holds no SQL text. CKAN clients read the
// field errors (`{"query": ["Invalid query"]}`), which stay as they are.
import { setOwn } from '../ckan/ckan-json.ts'
import type { Json } from '../ckan/types.ts'

/** PostgreSQL's message may quote the request's own text (a long `q`): shown up to this length. */
export const ORIG_MAX_CHARS = 500

function isObject(value: Json | undefined): value is { [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function shortened(message: Json): Json {
  if (typeof message !== 'string' || message.length <= ORIG_MAX_CHARS) return message
  return `${message.slice(0, ORIG_MAX_CHARS)}…`
}

/** The `error` of an answer as the client sees it: without SQL unless `debug`. */
export function publicError(error: Record<string, Json>, debug: boolean): Record<string, Json> {
  const info = error['info']
  if (debug || !isObject(info)) return error
  const shown: Record<string, Json> = {}
  const orig = info['orig']
  if (Array.isArray(orig)) shown['orig'] = orig.map(shortened)
  // the same keys in the same order, `info` reduced to what it may show
  const answer: Record<string, Json> = {}
  for (const [key, value] of Object.entries(error)) {
    if (key !== 'info') setOwn(answer, key, value)
    else if (Object.keys(shown).length > 0) answer['info'] = shown
  }
  return answer
}
