// The CKAN-shaped demo page's own script: the skip link to the data, and a status line that follows
// the explorer's ready and error events.
const explorer = document.getElementById('data')
const status = document.getElementById('data-status')

for (const link of document.querySelectorAll('[data-focus-grid]')) {
  link.addEventListener('click', (event) => {
    if (document.getElementById(link.dataset.focusGrid)?.focusGrid()) event.preventDefault()
  })
}

explorer.addEventListener('ready', (event) => {
  status.textContent = `${event.detail.total.toLocaleString('en')} records in the DataStore.`
})
explorer.addEventListener('error', (event) => {
  status.textContent = `The data could not be shown (${event.detail.type ?? event.detail.kind}).`
})
