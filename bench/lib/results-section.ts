// bench/RESULTS.md is shared: the server benchmark writes its own section. This replaces only the
// section that starts with a given "## " heading (up to the next "## " heading), or appends it.

export function replaceSection(document: string, heading: string, section: string): string {
  const body = section.trimEnd() + '\n'
  const lines = document.split('\n')
  const start = lines.findIndex((line) => line.trimEnd() === heading)
  if (start < 0) {
    const before = document.trimEnd()
    return before === '' ? body : `${before}\n\n${body}`
  }
  let end = lines.findIndex((line, i) => i > start && /^## /.test(line))
  if (end < 0) end = lines.length
  const head = lines.slice(0, start).join('\n').trimEnd()
  const tail = lines.slice(end).join('\n').trim()
  return [head, body.trimEnd(), tail].filter((part) => part !== '').join('\n\n') + '\n'
}
