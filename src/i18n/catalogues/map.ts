// The English text of the map, loaded with it (not needed for the first rows).
import { defineCatalogue } from '../translate'

export const mapCatalogue = defineCatalogue('map', {
  'map.region': 'Map of the matching records',
  'map.count': { one: '{count} record on the map', other: '{count} records on the map' },
  'map.countOf': '{count} of {total} records on the map, more loading…',
  'map.loading': 'Loading the positions…',
  'map.unusable': {
    one: '{count} record has no usable position (none, out of range, or exactly 0,0).',
    other: '{count} records have no usable position (none, out of range, or exactly 0,0).',
  },
  'map.unusableIds': 'Their _id: {ids}',
  'map.failed': 'The positions could not be loaded: {reason}',
  'map.filterView': 'Filter to this view',
  'map.drawArea': 'Draw an area',
  'map.drawing': 'Drag on the map to draw the area (Escape to stop)',
  'map.inView': 'Points in view ({count})',
  'map.inViewMore': 'The first {shown} of {count} points in view:',
  'map.pointLabel': '{label} at {lat}, {lon}',
  'map.noLabel': 'Record {id}',
  'map.record': 'Record {id}',
  'map.closeRecord': 'Close the record',
  'map.loadingRecord': 'Loading the record…',
  'map.columns': 'Position from',
  'map.tilesFailed': 'The map tiles could not be loaded: showing coastlines and borders only.',
  'map.attributionOsm': '© OpenStreetMap contributors',
  'map.attributionOutline': 'Outline: Natural Earth',
  'map.sample':
    'Too many to draw every one: a random sample of {count} of the {usable} records with a position is on the map.',
  'map.cell': {
    one: '{count} record here',
    other: '{count} records here: select to zoom in',
  },
  'map.showInTable': 'Show in table',
  'map.choose': 'Change',
  'map.chooseKind': 'Where each position is',
  'map.choosePair': 'Two columns: latitude and longitude',
  'map.chooseSingle': 'One column (a GeoJSON point or “lat, lon” text)',
  'map.latitude': 'Latitude column',
  'map.longitude': 'Longitude column',
  'map.positionColumn': 'Column with the positions',
  'map.chooseTwo': 'Choose two different columns: one for the latitude, one for the longitude.',
  'map.useColumns': 'Use these columns',
  'map.findColumns': 'Find them for me',
})

export type MapMessages = typeof mapCatalogue.en
