// The .xlsx file: exceljs, loaded only when XLSX is chosen (its own chunk). The records sheet has the
// column ids as header and typed cells (encoders.ts xlsxCell); a second sheet lists each column's
// data-dictionary label and notes. The workbook is built in memory and written at the end: Excel
// holds at most 1,048,576 rows, so the dialog offers XLSX only up to that.
import type { XlsxBuilder } from './export-outputs'
import type { ExportColumn } from './export-plan'
import { xlsxCell } from './encoders'

/** Excel's row limit, less the header row. */
export const XLSX_MAX_RECORDS = 1_048_575

export interface XlsxTexts {
  recordsSheet: string
  columnsSheet: string
  /** Headers of the columns sheet: id, label, notes. */
  columnsHeader: [string, string, string]
}

export async function createXlsxBuilder(
  columns: readonly ExportColumn[],
  texts: XlsxTexts,
): Promise<XlsxBuilder> {
  const module = await import('exceljs')
  // the browser build is a UMD bundle: its namespace may sit under `default`
  const ExcelJS = module.default ?? (module as unknown as typeof module.default)
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet(texts.recordsSheet)
  sheet.addRow(columns.map((column) => column.id))
  sheet.getRow(1).font = { bold: true }
  return {
    addRows(rows) {
      for (const row of rows) {
        const cells = columns.map((column, index) => xlsxCell(row[index], column.type))
        const added = sheet.addRow(cells.map((cell) => cell.value))
        cells.forEach((cell, index) => {
          if (cell.numFmt) added.getCell(index + 1).numFmt = cell.numFmt
        })
      }
    },
    async finish() {
      const dictionary = workbook.addWorksheet(texts.columnsSheet)
      dictionary.addRow(texts.columnsHeader)
      dictionary.getRow(1).font = { bold: true }
      for (const column of columns) dictionary.addRow([column.id, column.label ?? '', column.notes ?? ''])
      const buffer = await workbook.xlsx.writeBuffer()
      return buffer as ArrayBuffer
    },
  }
}
