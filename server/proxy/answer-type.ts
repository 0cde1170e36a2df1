// Which answers the proxy passes on: only the data the explorer reads, each under a Content-Type of
// our own. A portal's page, script, image or file of unknown type never reaches the browser from this
// server's origin, where it could run as the explorer (which holds the tab's tokens).

/** What the proxy fetches: a CKAN action (JSON) or a table's dump (`/datastore/dump/<id>`). */
export type TargetKind = 'action' | 'dump'

export interface AnswerType {
  /** The Content-Type the proxy answers with: ours, whatever the portal's parameters were. */
  contentType: string
  /** The file name's extension of a dump. */
  extension: string
}

const JSON_ANSWER: AnswerType = { contentType: 'application/json;charset=utf-8', extension: 'json' }
const XML_ANSWER: AnswerType = { contentType: 'text/xml;charset=utf-8', extension: 'xml' }

/** The portal's media types each kind accepts (CKAN's own: ckanext/datastore/blueprint.py, writer.py). */
const ACCEPTED: Record<TargetKind, Readonly<Record<string, AnswerType>>> = {
  action: { 'application/json': JSON_ANSWER },
  dump: {
    'text/csv': { contentType: 'text/csv;charset=utf-8', extension: 'csv' },
    'text/tab-separated-values': { contentType: 'text/tab-separated-values;charset=utf-8', extension: 'tsv' },
    'application/json': JSON_ANSWER,
    'text/xml': XML_ANSWER,
    'application/xml': XML_ANSWER,
  },
}

/** What each kind passes on, in words, for the refusal's message. */
const EXPECTED: Record<TargetKind, string> = {
  action: 'JSON from a portal’s API',
  dump: 'CSV, TSV, JSON or XML from a table’s dump',
}

/** A media type as the HTTP grammar spells it (`type/subtype`, tokens only), short enough to quote. */
const MEDIA_TYPE = /^[a-z0-9!#$&^_.+-]{1,60}\/[a-z0-9!#$&^_.+-]{1,60}$/

/** `text/html` from `Text/HTML; charset=utf-8`; null when the header is missing or not a media type. */
export function mediaType(header: string | undefined): string | null {
  if (header === undefined) return null
  const type = header.split(';', 1)[0]!.trim().toLowerCase()
  return MEDIA_TYPE.test(type) ? type : null
}

/** The `Accept` header sent to the portal: the media types this kind passes on. */
export function acceptHeader(kind: TargetKind): string {
  return Object.keys(ACCEPTED[kind]).join(', ')
}

/** How the proxy answers with the portal's answer of this Content-Type, or null when it refuses it. */
export function answerType(kind: TargetKind, header: string | undefined): AnswerType | null {
  const type = mediaType(header)
  return (type !== null && Object.hasOwn(ACCEPTED[kind], type) && ACCEPTED[kind][type]) || null
}

/** The refusal's sentence: which type came (when it could be read), with what status, and what passes. */
export function refusedTypeMessage(kind: TargetKind, header: string | undefined, status: number): string {
  const type = mediaType(header)
  const what = type === null ? 'without a content type this server can read' : `with ${type}`
  return `The portal answered ${what} (status ${status}); this server passes on only ${EXPECTED[kind]}.`
}
