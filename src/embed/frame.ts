// The iframe mode (/embed.html), for hosts that cannot add scripts, such as CKAN's webpage view: the
// page's link parameters become a <datastore-explorer> that fills the frame. Its view stays in memory
// (no history entry in the host's session), and it tells the parent page, with postMessage, the height
// its content would like and every change of view.
import { attributesFromLink } from '../model/view-attributes'
import './datastore-explorer'

const explorer = document.createElement('datastore-explorer')
for (const [name, value] of attributesFromLink(location.search)) explorer.setAttribute(name, value)
const params = new URLSearchParams(location.search)
// the frame's colours: `theme=dark|light` in its link, else the system's
const theme = params.get('theme')
if (theme) explorer.setAttribute('theme', theme)
// the map's tiles: `tiles=https://…/{z}/{x}/{y}.png` or `tiles=none`, as the element's attribute
const tiles = params.get('tiles')
if (tiles !== null) explorer.setAttribute('tiles', tiles)
explorer.className = 'dse-frame'
document.body.append(explorer)

const parentWindow = window.parent !== window ? window.parent : null
explorer.addEventListener('change', (event) => {
  parentWindow?.postMessage({ type: 'datastore-explorer:change', view: event.detail }, '*')
})
explorer.addEventListener('preferredheightchange', (event) => {
  parentWindow?.postMessage({ type: 'datastore-explorer:height', height: event.detail.height }, '*')
})
// the element's ready and error events, for a parent that cannot listen to them
explorer.addEventListener('ready', (event) => {
  parentWindow?.postMessage({ type: 'datastore-explorer:ready', detail: event.detail }, '*')
})
explorer.addEventListener('error', (event) => {
  parentWindow?.postMessage({ type: 'datastore-explorer:error', detail: event.detail }, '*')
})
