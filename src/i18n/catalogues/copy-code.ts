// The English text of "Copy as code", loaded with its dialog (not needed for the first rows).
import { defineCatalogue } from '../translate'

export const copyCodeCatalogue = defineCatalogue('copyCode', {
  'copyCode.title': 'Copy as code',
  'copyCode.intro':
    'The same records as the table, with the same search, filters, sort, limit and visible columns.',
  'copyCode.forms': 'Form',
  'copyCode.link': 'Page link',
  'copyCode.apiUrl': 'API address',
  'copyCode.curl': 'curl',
  'copyCode.python': 'Python',
  'copyCode.javascript': 'JavaScript',
  'copyCode.r': 'R',
  'copyCode.linkHint': 'This page’s address: it opens the same view. It never holds your token.',
  'copyCode.apiUrlHint': 'One datastore_search call; the portal answers in JSON.',
  'copyCode.apiUrlAllHint':
    'With All, one call gives at most {count} records (fewer if the portal sends fewer): the Python, JavaScript and R code read every record, page after page.',
  'copyCode.curlHint': 'One datastore_search call with the query as JSON; the portal answers in JSON.',
  'copyCode.curlDumpHint':
    'Downloads the records as CSV through the portal’s dump address (/datastore/dump), in one go.',
  'copyCode.pythonHint': 'Python 3 with the requests package. Prints the records as JSON.',
  'copyCode.javascriptHint': 'Node.js 18 or newer, with its own fetch. Prints the records as JSON.',
  'copyCode.rHint': 'R with the httr2 package.',
  'copyCode.tokenHint':
    'This table is read with your access token. The code reads it from the environment variable CKAN_API_TOKEN and never contains it: set that variable first.',
  'copyCode.addressTokenHint': 'Without the token, the portal refuses this address: use the code instead.',
  'copyCode.inexactHint':
    'A column name holds a comma, which an address cannot carry whole: the code sends it exactly.',
  'copyCode.summaryTitle': 'Copy the summary as code',
  'copyCode.summaryIntro':
    'The same summary, computed from every matching record: the program reads them with the same query (the search and filters, only the columns the summary needs) and groups them the same way.',
  'copyCode.pandas': 'Python (pandas)',
  'copyCode.dplyr': 'R (dplyr)',
  'copyCode.loop': 'JavaScript',
  'copyCode.pandasHint': 'Python 3 with the pandas and requests packages. Prints the groups as a table.',
  'copyCode.dplyrHint': 'R with the httr2 and dplyr packages. Prints the groups as a table.',
  'copyCode.loopHint': 'Node.js 18 or newer, with its own fetch. Prints the groups as a table.',
  'copyCode.operatorsHint':
    'This portal runs a CKAN version older than 2.12, which cannot filter by range: it refuses these filters, or answers a range on text with no records. The explorer applied them in your browser; this code cannot.',
  'copyCode.copy': 'Copy',
  'copyCode.copied': 'Copied',
  'copyCode.copyRefused': 'The browser did not let this page copy. Select the text and copy it yourself.',
})

export type CopyCodeMessages = typeof copyCodeCatalogue.en
