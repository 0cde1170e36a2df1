// The English text of the export dialog, loaded with it (not needed for the first rows).
import { defineCatalogue } from '../translate'

export const exportCatalogue = defineCatalogue('export', {
  'export.title': 'Download the records',
  'export.format': 'Format',
  'export.csv': 'CSV, comma-separated values',
  'export.csvBom': 'For Excel (so that it reads accents and other alphabets right)',
  'export.json': 'JSON, a list of records',
  'export.xlsx': 'Excel workbook (.xlsx)',
  'export.xlsxTooMany': 'An Excel sheet holds at most {max} records: choose CSV or JSON for more.',
  'export.summary': {
    one: 'The file holds the {count} matching record, with the {columns} shown columns, as sorted here.',
    other: 'The file holds the {count} matching records, with the {columns} shown columns, as sorted here.',
  },
  'export.summaryAll':
    'The file holds every matching record, with the {columns} shown columns, as sorted here.',
  'export.fileName': 'File name: {name}',
  'export.noColumns': 'Every column is hidden: show at least one to download.',
  'export.start': 'Download',
  'export.cancel': 'Cancel',
  'export.preparing': 'Counting the records…',
  'export.progress': '{done} of {total} records',
  'export.progressNoTotal': '{done} records',
  'export.secondsLeft': { one: 'About {count} second left', other: 'About {count} seconds left' },
  'export.minutesLeft': { one: 'About {count} minute left', other: 'About {count} minutes left' },
  'export.done': { one: 'Saved {count} record in {name}.', other: 'Saved {count} records in {name}.' },
  'export.cancelled': 'Download cancelled: no file was saved.',
  'export.failed': 'The download failed, and no file was saved.',
  'export.failedNetwork': 'The portal could not be reached, even after 3 more tries.',
  'export.failedServer': 'The portal answered with an error, even after 3 more tries.',
  'export.failedBusy': 'The portal asked to slow down, even after 3 more tries. Try again in a minute.',
  'export.failedIncomplete': 'The portal sent {records} of the {total} records it counted.',
  'export.failedRefused': 'The portal refused to give these records: {detail}',
  'export.failedOperators':
    'This portal (CKAN before 2.12) cannot filter by range, and more records match its other filters than the explorer can filter in your browser. Narrow the view with a search or other filters.',
  'export.failedDisk': 'The file could not be written: {detail}',
  'export.tryAgain': 'Try again',
  'export.csvFile': 'CSV file',
  'export.jsonFile': 'JSON file',
  'export.xlsxFile': 'Excel workbook',
  'export.recordsSheet': 'Records',
  'export.columnsSheet': 'Columns',
  'export.columnId': 'Column',
  'export.columnLabel': 'Label',
  'export.columnNotes': 'Notes',
})

export type ExportMessages = typeof exportCatalogue.en
