// `status_show` (ckan/logic/action/get.py): the site's configuration, with `ckan_version`, which is
// how a client learns which CKAN answers (2.12 takes filter operators, 2.11 does not). Keys in
// CKAN's order; the values are this server's own settings.
import { CKAN_RELEASES, ckanVersionOf } from './ckan-version.ts'
import type { ActionOutcome, DataDict, SearchContext } from './types.ts'

export async function statusShow(_data: DataDict, ctx: SearchContext): Promise<ActionOutcome> {
  return {
    ok: true,
    result: {
      site_title: 'Datastore Explorer',
      site_description: '',
      site_url: ctx.origin ?? '',
      error_emails_to: null,
      locale_default: 'en',
      extensions: ['datastore'],
      ckan_version: CKAN_RELEASES[ckanVersionOf(ctx.config)],
    },
  }
}
