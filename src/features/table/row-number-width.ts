// How wide the row numbers' column is: enough for the largest row number, in the grid's 15 px font
// (tabular digits about 9 px, a group separator about 4.5 px), with the cell's padding and border.

/** The row numbers' width (px) for a table of `rowCount` rows; narrower in the compact layout (a phone). */
export function rowNumberWidth(rowCount: number, compact = false): number {
  const digits = String(Math.max(0, Math.trunc(rowCount))).length
  // wide: 8 px of padding each side, room for the separators ("1,000,000") to spare
  if (!compact) return Math.max(56, digits * 9 + 28)
  // compact: 4 px of padding each side (table.css), each separator counted
  const separators = Math.floor((digits - 1) / 3)
  return Math.max(36, digits * 9 + separators * 5 + 10)
}
