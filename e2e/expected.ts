// Expected values computed from the server's own generator (each row depends only on seed and index),
// so specs never hard-code results.
import { generateRow, GENERATED_FIELDS } from '../server/data/generated'
import { E2E_ROWS, E2E_SEED } from './ports'

export type GeneratedRow = ReturnType<typeof generateRow>

/** The position of a generated field in a generated row. */
export function fieldIndex(id: string): number {
  const index = GENERATED_FIELDS.findIndex((field) => field.id === id)
  if (index < 0) throw new Error(`the generated resource has no field ${id}`)
  return index
}

/** The value of a generated field in row `index` (0-based; its _id is index + 1). */
export function generatedValue(index: number, id: string, seed = E2E_SEED): GeneratedRow[number] | undefined {
  return generateRow(seed, index)[fieldIndex(id)]
}

/** How many rows of the served generated resource match. */
export function countRows(match: (row: GeneratedRow) => boolean, rows = E2E_ROWS): number {
  let count = 0
  for (let i = 0; i < rows; i++) if (match(generateRow(E2E_SEED, i))) count++
  return count
}

/** The count line the explorer shows for `total` matching records with the default limit of 100. */
export function countText(total: number, limit = 100): string {
  if (total === 0) return 'No records match'
  if (total === 1) return '1 record'
  if (total <= limit) return `All ${total.toLocaleString('en')} records`
  return `1–${limit.toLocaleString('en')} of ${total.toLocaleString('en')} records`
}
