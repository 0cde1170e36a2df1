// The English text of error panels and of the table chooser's reading of ids and links. Loaded with
// the panel that explains a failure, and with the reader of pasted links: neither is needed to show
// the first rows.
import { defineCatalogue } from '../translate'

export const errorsCatalogue = defineCatalogue('errors', {
  'error.aborted.action': 'Nothing to do: the request was cancelled because a newer one replaced it.',
  'error.aborted.title': 'Request cancelled',
  'error.badRequest.action':
    'The portal did not understand the request. Check the portal address, or open the table on the portal’s own website.',
  'error.badRequest.title': 'The portal refused the request',
  'error.brokenAnswer.action':
    'The data arrived incomplete or damaged, perhaps because the connection dropped on the way. Try again; if it keeps happening, choose fewer rows.',
  'error.brokenAnswer.title': 'The portal’s answer was cut off',
  'error.contract.action':
    'The portal answered, but not in the shape a CKAN DataStore answers. Check the portal address, or try again later.',
  'error.contract.title': 'The portal sent data in an unexpected format',
  'error.cors.action':
    'This portal does not let other websites read its data, or it could not be reached. You can open the table on the portal’s own website, ask the portal’s team to let other websites read it, or run this explorer on your own computer with “npm start”: its server can read from portals that block other websites.',
  'error.cors.title': 'The portal is blocked or unreachable from this page',
  'error.datastoreMissing.action':
    'This portal does not offer its tables for exploring. Open the data on the portal’s own website instead.',
  'error.datastoreMissing.title': 'This portal has no DataStore',
  'error.forbidden.action':
    'This table is private. If you have an account on the portal, add your access token (from your account on the portal) and try again.',
  'error.forbidden.title': 'You are not allowed to read this table',
  'error.invalidField.action':
    'Remove or change the {part} on “{field}”: the portal does not know this column.',
  'error.invalidField.title': 'The portal did not accept the {part} on “{field}”',
  'error.invalidQuery.action':
    'The portal could not run this search. Change the search words or the filters and try again.',
  'error.invalidQuery.title': 'The portal could not run this search',
  'error.network.action': 'Check your internet connection and the portal address, then try again.',
  'error.network.title': 'The portal could not be reached',
  'error.notCkan.action':
    'The address answered with a web page instead of data. Check that it is the address of a CKAN portal (it usually ends with a language such as /en).',
  'error.notCkan.title': 'This address does not look like a CKAN portal',
  'error.notFound.action':
    'Check the link or the table’s name. The table may have been removed, or the portal does not offer it for exploring.',
  'error.notFound.title': 'This table was not found',
  'error.operatorsUnsupported.title': 'This portal cannot filter this table by range',
  'error.operatorsUnsupported.action':
    'The portal runs a CKAN version older than 2.12, which filters only by exact values, and the explorer cannot apply this filter in your browser exactly as the portal would. Your other filters are kept.',
  'error.operatorsUnsupported.tooMany':
    'The portal runs a CKAN version older than 2.12, which filters only by exact values. {matching} records match your search and other filters: more than the {cap} it sends at once, so the explorer cannot apply the range in your browser either. Your other filters are kept: narrow the view with them or a search, or sort by the column instead.',
  'error.part.fields': 'column choice',
  'error.part.filters': 'filter',
  'error.part.q': 'search',
  'error.part.sort': 'sort',
  'error.proxyRefused.title': 'This explorer’s server would not read from the portal',
  'error.server.action': 'The portal had a problem answering. Wait a moment and try again.',
  'error.server.title': 'The portal had an internal error',
  'error.slowPortal.action':
    'The portal did not answer within {seconds} seconds. It may be busy: try again, or narrow the search with filters.',
  'error.slowPortal.title': 'The portal is slow to answer',
  'error.timeout.action':
    'Narrow the search: add a filter or search words, or turn off the exact row count, then try again.',
  'error.timeout.title': 'The search took too long',
  'error.unknown.action': 'Try again. If the problem stays, open the table on the portal’s own website.',
  'error.unknown.title': 'Something went wrong',
  'error.validation.action': 'The portal rejected part of the request: {details}. Change it and try again.',
  'error.validation.title': 'The portal did not accept the request',
  'resourceInput.badUrl':
    'This link does not point to a table. Paste the link of a table’s page on the portal.',
  'resourceInput.empty': 'Type a table’s name or paste a link to a table.',
  'resourceInput.notId': 'No table has this name. A table’s code looks like 1b2c3d4e-0000-… or a short name.',
})

export type ErrorMessages = typeof errorsCatalogue.en
