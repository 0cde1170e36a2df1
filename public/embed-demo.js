// The demo page's own script: the theme chooser, the skip link, the second explorer's `change` events
// and its reset, the first one's `ready` event, and the iframe's height from what its content asks for.
const weather = document.getElementById('weather')
const penguins = document.getElementById('penguins')

// a class on <body>: the themes are in embed-demo.css; the elements see the change themselves
const theme = document.getElementById('theme')
theme.addEventListener('change', () => {
  document.body.classList.remove('theme-ckan', 'theme-govuk')
  if (theme.value) document.body.classList.add(`theme-${theme.value}`)
})

// a skip link straight to an explorer's records
for (const link of document.querySelectorAll('[data-focus-grid]')) {
  link.addEventListener('click', (event) => {
    const target = document.getElementById(link.dataset.focusGrid)
    if (target?.focusGrid()) event.preventDefault()
  })
}

const weatherReady = document.getElementById('weather-ready')
weather.addEventListener('ready', (event) => {
  weatherReady.textContent = `${event.detail.total} records of ${event.detail.resource_id}`
})
weather.addEventListener('error', (event) => {
  weatherReady.textContent = `failed: ${event.detail.kind}`
})

const penguinsView = document.getElementById('penguins-view')
penguins.addEventListener('change', (event) => {
  penguinsView.textContent = new URLSearchParams(event.detail).toString() || '(the table alone)'
})
document.getElementById('penguins-reset').addEventListener('click', () => {
  penguins.reset()
  penguinsView.textContent = 'reset'
})

const frame = document.getElementById('frame')
const frameHeight = document.getElementById('frame-height')
window.addEventListener('message', (event) => {
  if (event.source !== frame.contentWindow || event.data?.type !== 'datastore-explorer:height') return
  frame.style.height = `${Math.round(event.data.height)}px`
  frameHeight.textContent = String(Math.round(event.data.height))
})
