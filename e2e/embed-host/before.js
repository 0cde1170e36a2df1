// Records the window's own properties before the explorer's script runs (in a data attribute, so
// that this check adds no window property itself).
document.documentElement.dataset.windowProperties = JSON.stringify(Object.getOwnPropertyNames(window))
document.addEventListener('securitypolicyviolation', (event) => {
  const item = document.createElement('li')
  item.textContent = `${event.violatedDirective} ${event.blockedURI}`
  document.getElementById('violations')?.append(item)
})
