// Lists the explorers' change events and the frame's messages, for the test to read.
function log(listId, text) {
  const item = document.createElement('li')
  item.textContent = text
  document.getElementById(listId).append(item)
}

for (const explorer of document.querySelectorAll('datastore-explorer')) {
  explorer.addEventListener('change', (event) =>
    log('changes', `${explorer.id} ${JSON.stringify(event.detail)}`),
  )
}
window.addEventListener('message', (event) => {
  if (typeof event.data?.type === 'string' && event.data.type.startsWith('datastore-explorer:'))
    log('messages', JSON.stringify(event.data))
})
