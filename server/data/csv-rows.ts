// The rows of a CSV file, read by papaparse, each with the line it starts on as an editor numbers
// lines (1-based; a quoted cell may span lines; CRLF, LF and CR all end a line). Instead of guessing
// silently, a row whose number of cells differs from the header's and a quote that does not close
// properly are errors naming the line, unless `lenient`: then a short row is padded with empty cells,
// a long one cut to the header's width, and a broken quote read as a plain character up to the end
// of its line (so the rest of the file is not swallowed into one cell); each fix is counted.
import Papa from 'papaparse'

export class CsvError extends Error {}

/** Lines (1-based) of the rows `lenient` fixed, by kind of fix. */
export interface CsvFixes {
  /** How many rows were fixed (a row may need more than one fix). */
  rows: number
  padded: number[]
  cut: number[]
  quotes: number[]
}

export interface CsvRows {
  header: string[]
  rows: string[][]
  fixes: CsvFixes
}

/** Maps a character offset to its 1-based line number. */
function lineNumbers(text: string): (offset: number) => number {
  const starts = [0]
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i)
    if (char === 10 || (char === 13 && text.charCodeAt(i + 1) !== 10)) starts.push(i + 1)
  }
  return (offset) => {
    let low = 0
    let high = starts.length - 1
    while (low < high) {
      const middle = (low + high + 1) >> 1
      if (starts[middle]! <= offset) low = middle
      else high = middle - 1
    }
    return low + 1
  }
}

/** Where the line holding `offset` ends, and where the next one starts. */
function lineEnd(text: string, offset: number): { end: number; next: number } {
  let end = offset
  while (end < text.length && text[end] !== '\n' && text[end] !== '\r') end++
  const next = text.startsWith('\r\n', end) ? end + 2 : Math.min(end + 1, text.length)
  return { end, next }
}

interface Format {
  delimiter: string
  newline: '\r\n' | '\n' | '\r'
}

/** The delimiter and line break papaparse guesses, from the first rows, blank ones skipped. */
function guessFormat(text: string): Format {
  const { meta } = Papa.parse<string[]>(text, { preview: 1, skipEmptyLines: 'greedy' })
  return { delimiter: meta.delimiter, newline: meta.linebreak as Format['newline'] }
}

interface Parsed {
  rows: { cells: string[]; start: number }[]
  /** A quoted cell that does not close properly: where its row and its quote start. */
  broken?: { rowStart: number; quote: number; neverClosed: boolean }
}

/** Parses `text` from `from` on, up to the first broken quote. */
function parseFrom(text: string, from: number, format: Format): Parsed {
  const parsed: Parsed = { rows: [] }
  let rowStart = from
  // blank lines are not skipped here, so that each row starts where the one before it ended
  Papa.parse<string[]>(from === 0 ? text : text.slice(from), {
    ...format,
    step: (result, parser) => {
      const quoteErrors = result.errors.filter((error) => error.type === 'Quotes')
      if (quoteErrors.length > 0) {
        // papaparse's index is just past the cell's opening quote
        parsed.broken = {
          rowStart,
          quote: from + (quoteErrors[0]!.index ?? 1) - 1,
          neverClosed: quoteErrors.some((error) => error.code === 'MissingQuotes'),
        }
        parser.abort()
        return
      }
      parsed.rows.push({ cells: result.data, start: rowStart })
      rowStart = from + result.meta.cursor
    },
  })
  return parsed
}

/** Rows of only blank cells are skipped, as papaparse's `skipEmptyLines: 'greedy'` does. */
const isBlank = (cells: string[]): boolean => cells.every((cell) => cell.trim() === '')

export function readCsvRows(text: string, { lenient = false }: { lenient?: boolean } = {}): CsvRows {
  const lineOf = lineNumbers(text)
  const fixes: CsvFixes = { rows: 0, padded: [], cut: [], quotes: [] }
  const rows: { cells: string[]; line: number; fixed?: boolean }[] = []
  const format = guessFormat(text)
  for (let from = 0; from < text.length;) {
    const parsed = parseFrom(text, from, format)
    for (const row of parsed.rows) rows.push({ cells: row.cells, line: lineOf(row.start) })
    const broken = parsed.broken
    if (!broken) break
    const line = lineOf(broken.quote)
    if (!lenient) {
      throw new CsvError(
        broken.neverClosed
          ? `line ${line}: a quote opened here is never closed (--lenient reads it as a plain character)`
          : `line ${line}: a quoted cell here has text after its closing quote; a quote inside a quoted cell is written twice, "" (--lenient reads it as a plain character)`,
      )
    }
    // The cells before the quote are sound (a multi-line quoted cell among them too); from the quote
    // to the end of its line, the text is split at the delimiter with quotes as plain characters.
    const before =
      broken.quote > broken.rowStart
        ? (Papa.parse<string[]>(text.slice(broken.rowStart, broken.quote), format).data[0] ?? ['']).slice(
            0,
            -1,
          )
        : []
    const { end, next } = lineEnd(text, broken.quote)
    rows.push({
      cells: [...before, ...text.slice(broken.quote, end).split(format.delimiter)],
      line: lineOf(broken.rowStart),
      fixed: true,
    })
    fixes.quotes.push(line)
    from = next
  }

  const kept = rows.filter((row) => !isBlank(row.cells))
  const [header, ...body] = kept
  if (!header) throw new CsvError('the CSV file is empty')
  const width = header.cells.length
  fixes.rows = body.filter((row) => row.fixed || row.cells.length !== width).length
  const cells = body.map(({ cells, line }) => {
    if (cells.length === width) return cells
    if (!lenient) {
      throw new CsvError(
        `line ${line} has ${cells.length} ${cells.length === 1 ? 'cell' : 'cells'}, the header has ${width} (--lenient loads such rows anyway)`,
      )
    }
    if (cells.length < width) {
      fixes.padded.push(line)
      return [...cells, ...Array<string>(width - cells.length).fill('')]
    }
    fixes.cut.push(line)
    return cells.slice(0, width)
  })
  return { header: header.cells, rows: cells, fixes }
}

const count = (n: number, one: string, many: string): string =>
  `${n.toLocaleString('en')} ${n === 1 ? one : many}`

function lines(list: number[]): string {
  const shown = list.slice(0, 5).join(', ')
  return `${list.length === 1 ? 'line' : 'lines'} ${shown}${list.length > 5 ? ', …' : ''}`
}

/** One line saying what `lenient` fixed, or undefined when nothing needed it. */
export function describeFixes(fixes: CsvFixes, width: number): string | undefined {
  const parts = [
    fixes.padded.length > 0 &&
      `${count(fixes.padded.length, 'short row', 'short rows')} padded with empty cells (${lines(fixes.padded)})`,
    fixes.cut.length > 0 &&
      `${count(fixes.cut.length, 'long row', 'long rows')} cut to the header's ${width} cells (${lines(fixes.cut)})`,
    fixes.quotes.length > 0 &&
      `${count(fixes.quotes.length, 'quote', 'quotes')} that did not close read as plain characters (${lines(fixes.quotes)})`,
  ].filter((part): part is string => typeof part === 'string')
  if (parts.length === 0) return undefined
  return `--lenient fixed ${count(fixes.rows, 'row', 'rows')}: ${parts.join('; ')}`
}
