import type { ResourceSummary } from '../../api/ckan/types'

/** Whether every word typed appears in the table's name, dataset or description (any case, any accent). */
export function matchesTableFilter(table: ResourceSummary, text: string): boolean {
  const words = fold(text).split(/\s+/).filter(Boolean)
  if (words.length === 0) return true
  const haystack = fold([table.name, table.datasetTitle ?? '', table.description ?? '', table.id].join(' '))
  return words.every((word) => haystack.includes(word))
}

/** The recently opened tables first, then the others, each once. */
export function recentFirst(
  recent: readonly ResourceSummary[],
  tables: readonly ResourceSummary[],
): ResourceSummary[] {
  const listed = new Set(recent.map((table) => table.id))
  // the catalogue's entry is fresher (title, row count) than the remembered one
  const fresh = (table: ResourceSummary) => tables.find((other) => other.id === table.id) ?? table
  return [...recent.map(fresh), ...tables.filter((table) => !listed.has(table.id))]
}

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
}
