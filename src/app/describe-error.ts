// How a failure is told to the user: a plain-language title, what to do, and whether trying again
// can help. The API layer only classifies failures (CkanError kinds); the words live here.
import { CkanError, invalidField, isAbortError, REQUEST_TIMEOUT_MS } from '../api/ckan/errors'
import type { CkanErrorKind } from '../api/ckan/types'
import type { ErrorMessages } from '../i18n/catalogues/errors'
import type { MessagePlaceholders, Translate } from '../i18n/translate'

export interface ErrorDescription {
  title: string
  action: string
  /** Whether trying the same request again can help. */
  retry: boolean
}

type ErrorKey = keyof ErrorMessages
/** The messages that take no parameter. */
type PlainKey = {
  [K in ErrorKey]: [MessagePlaceholders<ErrorMessages[K]>] extends [never] ? K : never
}[ErrorKey]

const KIND_TEXT: Record<CkanErrorKind, { title: PlainKey; action: PlainKey | null; retry: boolean }> = {
  'not-found': { title: 'error.notFound.title', action: 'error.notFound.action', retry: false },
  forbidden: { title: 'error.forbidden.title', action: 'error.forbidden.action', retry: false },
  validation: { title: 'error.validation.title', action: null, retry: false },
  timeout: { title: 'error.timeout.title', action: 'error.timeout.action', retry: true },
  // its action names the time limit
  'slow-portal': { title: 'error.slowPortal.title', action: null, retry: true },
  'invalid-query': { title: 'error.invalidQuery.title', action: 'error.invalidQuery.action', retry: false },
  'bad-request': { title: 'error.badRequest.title', action: 'error.badRequest.action', retry: false },
  server: { title: 'error.server.title', action: 'error.server.action', retry: true },
  'not-ckan': { title: 'error.notCkan.title', action: 'error.notCkan.action', retry: false },
  'broken-answer': { title: 'error.brokenAnswer.title', action: 'error.brokenAnswer.action', retry: true },
  // its action is the server's own words
  'proxy-refused': { title: 'error.proxyRefused.title', action: null, retry: false },
  network: { title: 'error.network.title', action: 'error.network.action', retry: true },
  cors: { title: 'error.cors.title', action: 'error.cors.action', retry: true },
  contract: { title: 'error.contract.title', action: 'error.contract.action', retry: false },
  'operators-unsupported': {
    title: 'error.operatorsUnsupported.title',
    action: 'error.operatorsUnsupported.action',
    retry: false,
  },
  aborted: { title: 'error.aborted.title', action: 'error.aborted.action', retry: true },
}

const PART_KEY = {
  filters: 'error.part.filters',
  sort: 'error.part.sort',
  fields: 'error.part.fields',
  q: 'error.part.q',
} as const satisfies Record<string, ErrorKey>

/** The title, what the user can do, and whether a retry can help, in the instance's language. */
export function describeError(error: unknown, t: Translate<ErrorMessages>): ErrorDescription {
  const ckanError =
    error instanceof CkanError
      ? error
      : isAbortError(error)
        ? new CkanError('aborted', 'Request cancelled')
        : null
  if (!ckanError) {
    return { title: t('error.unknown.title'), action: t('error.unknown.action'), retry: true }
  }
  if (ckanError.kind === 'validation') {
    const refused = invalidField(ckanError.fieldErrors)
    if (refused) {
      const params = { part: t(PART_KEY[refused.part]), field: refused.field }
      return {
        title: t('error.invalidField.title', params),
        action: t('error.invalidField.action', params),
        retry: false,
      }
    }
    const details = Object.entries(ckanError.fieldErrors ?? {})
      .map(([key, list]) => `${key}: ${list.join('; ')}`)
      .join(', ')
    return {
      title: t('error.validation.title'),
      action: t('error.validation.action', { details: details || ckanError.message }),
      retry: false,
    }
  }
  if (
    ckanError.kind === 'bad-request' &&
    /action name not known/i.test(ckanError.detail ?? ckanError.message)
  ) {
    return {
      title: t('error.datastoreMissing.title'),
      action: t('error.datastoreMissing.action'),
      retry: false,
    }
  }
  const text = KIND_TEXT[ckanError.kind]
  if (ckanError.kind === 'operators-unsupported' && ckanError.tooMany) {
    const { matching, cap } = ckanError.tooMany
    return {
      title: t(text.title),
      action: t('error.operatorsUnsupported.tooMany', { matching: matching ?? cap, cap }),
      retry: false,
    }
  }
  if (ckanError.kind === 'proxy-refused') {
    return { title: t(text.title), action: ckanError.message, retry: text.retry }
  }
  const action = text.action
    ? t(text.action)
    : t('error.slowPortal.action', { seconds: Math.round(REQUEST_TIMEOUT_MS / 1000) })
  return { title: t(text.title), action, retry: text.retry }
}
