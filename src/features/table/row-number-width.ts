// How wide the row numbers' column is: enough for the largest row number, in the grid's 15 px font,
// with the cell's padding and border. Digits run up to 0.64 em (DejaVu Sans, Verdana: 9.6 px), a group
// separator up to 0.32 em (4.8 px).

/** The row numbers' width (px) for a table of `rowCount` rows; narrower in the compact layout (a phone). */
export function rowNumberWidth(rowCount: number, compact = false): number {
  const digits = String(Math.max(0, Math.trunc(rowCount))).length
  // wide: 8 px of padding each side, room for the separators ("1,000,000") to spare
  if (!compact) return Math.max(56, digits * 9 + 28)
  // compact: 4 px of padding each side (table.css) and a border, each digit and separator counted
  const separators = Math.floor((digits - 1) / 3)
  return Math.max(36, digits * 10 + separators * 5 + 10)
}
