// The English text of "Embed this view", loaded with its dialog (not needed for the first rows).
import { defineCatalogue } from '../translate'

export const embedCodeCatalogue = defineCatalogue('embedCode', {
  'embedCode.title': 'Embed this view',
  'embedCode.intro':
    'Show this table in another web page, such as a dataset page of your portal, with the same search, filters, sort, limit and columns: copy the code into the page’s HTML.',
  'embedCode.form': 'How the page shows it',
  'embedCode.element': 'As an element: a script and a tag',
  'embedCode.elementHint': 'Follows the page’s font, and its colours with a few CSS properties.',
  'embedCode.iframe': 'As an iframe',
  'embedCode.iframeHint': 'For pages that cannot add scripts, such as CKAN’s “Webpage” view.',
  'embedCode.height': 'Height in pixels',
  'embedCode.heightHint': 'From {min} to {max}.',
  'embedCode.heightError':
    'Type a whole number of pixels from {min} to {max}. The code keeps {height} meanwhile.',
  'embedCode.picker': 'Let readers open the portal’s other tables',
  'embedCode.code': 'Code to paste',
  'embedCode.tokenHint':
    'This table is private. The code never contains your token: the page gives one from its own script, as a property: {code}',
  'embedCode.tokenComment':
    'This table is private. Give the element an API token from the page’s own script, never in the HTML: {code}',
  'embedCode.iframeTokenHint':
    'This table is private, and an iframe cannot be given a token: readers would be asked for one. Choose the element instead.',
  'embedCode.preview': 'Preview',
  'embedCode.previewHint': 'Exactly what the code shows, live: try it.',
  'embedCode.previewFailed':
    'The preview could not load the explorer’s script ({detail}). The code stays right: this server may serve an unbuilt app (run npm run build).',
  'embedCode.frameTitle': '{table} – Datastore Explorer',
  'embedCode.copy': 'Copy the code',
  'embedCode.copied': 'Copied',
  'embedCode.copyRefused': 'The browser did not let this page copy. Select the code and copy it yourself.',
})

export type EmbedCodeMessages = typeof embedCodeCatalogue.en
