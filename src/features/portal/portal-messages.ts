import { defineMessages } from '../../components/ui/define-messages'

export const portalText = defineMessages({
  heading: 'Portal and access',
  addressLabel: 'Portal address',
  addressHint:
    'The address of a CKAN portal, ending with its language, for example https://open.canada.ca/data/en',
  usePortal: 'Use portal',
  resetPortal: 'Back to the default portal',
  tokenLabel: 'API token',
  tokenHint: 'Only needed for private tables. It is sent only to {host} and forgotten when the page reloads.',
  tokenHintSession:
    'Only needed for private tables. It is sent only to {host} and forgotten when this tab closes.',
  remember: 'Remember for this tab',
  useToken: 'Use token',
  forgetToken: 'Forget token',
  tokenInUse: 'A token is in use for {host}.',
  emptyAddress: 'Type the address of a portal.',
  notUrl: 'This is not a web address. Type something like https://demo.ckan.org/en',
  notHttp: 'Only http and https addresses can be used.',
  tokenWanted: 'The open table is private: paste your API token here.',
  tokenDropped: 'The API token was forgotten because the portal changed.',
})
