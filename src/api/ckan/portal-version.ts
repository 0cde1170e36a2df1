// Whether a portal applies CKAN 2.12's filter operators (ranges, `$or`): learnt once per portal and
// kept by the explorer's client. CKAN 2.9–2.11 do not, and do not always say so: 2.11 answers a range
// on a text column with 200 and no rows, a wrong answer that looks right. So it is never learnt from
// a result's records, only from what the portal says it is:
//   1. `status_show`'s `ckan_version` (every CKAN version has it);
//   2. else the shape of a `datastore_search` answer (datastore-search.ts `answerShape`): 2.12 echoes
//      `include_next_page` and has no `_links`; 2.9–2.11 always send `_links`.
// See ../shared/ckan-datastore-api.md §12.
import { callAction, type CallOptions } from './client'
import { isPlainObject } from './errors'

/** `2.12.0`, `2.11.5`, `2.10.4a`: whether it is CKAN 2.12 or later; undefined when it is not a version. */
export function versionHasOperators(version: unknown): boolean | undefined {
  if (typeof version !== 'string') return undefined
  const match = /^\s*(\d+)\.(\d+)/.exec(version)
  if (!match) return undefined
  const [major, minor] = [Number(match[1]), Number(match[2])]
  return major > 2 || (major === 2 && minor >= 12)
}

/** `status_show`'s verdict, or undefined when the portal does not answer it usefully. */
export async function statusShowsOperators(
  portal: Parameters<typeof callAction>[0],
  options: Pick<CallOptions, 'fetch' | 'routes' | 'timeoutMs'>,
): Promise<boolean | undefined> {
  try {
    const result = await callAction({ baseUrl: portal.baseUrl }, 'status_show', {}, options)
    return isPlainObject(result) ? versionHasOperators(result.ckan_version) : undefined
  } catch {
    // no status_show (switched off, blocked, a proxy that refuses it): the answer's shape decides
    return undefined
  }
}
