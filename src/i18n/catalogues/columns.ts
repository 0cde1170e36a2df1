// The English text of arranging columns: the column menu's moves, pins, fit and widths, and the Columns
// panel's order and reset. Loaded with those menus (not needed for the first rows).
import { defineCatalogue } from '../translate'

export const columnsCatalogue = defineCatalogue('columns', {
  'columns.moveLeft': 'Move left',
  'columns.moveRight': 'Move right',
  'columns.keepInView': 'Keep in view',
  'columns.stopKeeping': 'Stop keeping in view',
  'columns.fitWidth': 'Fit width',
  'columns.narrower': 'Narrower',
  'columns.wider': 'Wider',
  'columns.moveUp': 'Move {column} up',
  'columns.moveDown': 'Move {column} down',
  'columns.upSymbol': '↑',
  'columns.downSymbol': '↓',
  'columns.kept': 'kept in view',
  'columns.reset': 'Reset columns',
})

export type ColumnsMessages = typeof columnsCatalogue.en
