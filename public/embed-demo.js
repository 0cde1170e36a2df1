// The demo page's own script: shows the second explorer's `change` events, and sizes the iframe from
// the height its content asks for.
const penguins = document.getElementById('penguins')
const penguinsView = document.getElementById('penguins-view')
penguins.addEventListener('change', (event) => {
  penguinsView.textContent = new URLSearchParams(event.detail).toString() || '(the table alone)'
})

const frame = document.getElementById('frame')
const frameHeight = document.getElementById('frame-height')
window.addEventListener('message', (event) => {
  if (event.source !== frame.contentWindow || event.data?.type !== 'datastore-explorer:height') return
  frame.style.height = `${Math.round(event.data.height)}px`
  frameHeight.textContent = String(Math.round(event.data.height))
})
