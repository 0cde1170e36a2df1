// The details of the element's `ready` and `error` events, from what the explorer knows. Pure.
import { isCkanError } from '../api/ckan/errors'
import type { CkanErrorKind } from '../api/ckan/types'
import type {
  DatastoreExplorerErrorDetail,
  DatastoreExplorerErrorKind,
  DatastoreExplorerReadyDetail,
} from './public-api'

/** CKAN's `__type` for the failures that are CKAN's own answers. */
const CKAN_TYPES: Partial<Record<CkanErrorKind, string>> = {
  'not-found': 'Not Found Error',
  forbidden: 'Authorization Error',
  validation: 'Validation Error',
  'invalid-query': 'Validation Error',
  'bad-request': 'Bad Request',
}

export function readyDetail(resourceId: string, total: number | undefined): DatastoreExplorerReadyDetail {
  return { resource_id: resourceId, total: total ?? null }
}

export function errorDetail(error: unknown, resourceId: string | null): DatastoreExplorerErrorDetail {
  if (!isCkanError(error) || error.kind === 'aborted') {
    const message = error instanceof Error ? error.message : String(error)
    return { kind: 'contract', type: null, status: null, message, resource_id: resourceId }
  }
  const kind: DatastoreExplorerErrorKind = error.kind
  // a search that took too long is CKAN's Validation Error; a gateway's 504 is not CKAN's answer
  const type = kind === 'timeout' && error.status === 409 ? 'Validation Error' : (CKAN_TYPES[kind] ?? null)
  return {
    kind,
    type,
    status: error.status ?? null,
    message: error.message,
    resource_id: resourceId,
  }
}
