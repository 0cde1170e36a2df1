// Which CKAN the server answers as. CKAN 2.12 (the default) changed datastore_search's answers
// (filter operators, `next_page`, no `_links`, timestamps with milliseconds, exact totals, …);
// `--ckan-version 2.11` answers exactly as CKAN 2.11.5 did, so a client can be tested against both
// generations of real portals. docs/server.md lists every difference.
export const CKAN_VERSIONS = ['2.12', '2.11'] as const
export type CkanVersion = (typeof CKAN_VERSIONS)[number]

export const DEFAULT_CKAN_VERSION: CkanVersion = '2.12'

/** What `status_show` reports as `ckan_version` (CKAN's `ckan.__version__` of that release). */
export const CKAN_RELEASES: Record<CkanVersion, string> = { '2.12': '2.12.0', '2.11': '2.11.5' }

export function isCkanVersion(text: string): text is CkanVersion {
  return (CKAN_VERSIONS as readonly string[]).includes(text)
}

/** The version a server configuration answers as (the current CKAN when not set). */
export function ckanVersionOf(config: { ckanVersion?: CkanVersion | undefined }): CkanVersion {
  return config.ckanVersion ?? DEFAULT_CKAN_VERSION
}

/**
 * The bare string of CKAN's pre-action 400s (`_finish_bad_request`): "Bad request - <detail>" up to
 * 2.11, "Bad request: <detail>" from 2.12 on.
 */
export function badRequestMessage(version: CkanVersion, detail: string): string {
  return version === '2.11' ? `Bad request - ${detail}` : `Bad request: ${detail}`
}
