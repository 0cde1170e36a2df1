// The English text of the quick chart, loaded with it (not needed for the first rows).
import { defineCatalogue } from '../translate'

export const chartCatalogue = defineCatalogue('chart', {
  'chart.x': 'Across (X)',
  'chart.y': 'Up (Y)',
  'chart.kind': 'Chart',
  'chart.kindLine': 'Line',
  'chart.kindBar': 'Bars (total per value)',
  'chart.kindScatter': 'Points',
  'chart.title': '{y} by {x}',
  'chart.titleTotal': 'Total {y} by {x}',
  'chart.legend': 'Legend',
  'chart.summary':
    '{kind} chart of the {count} records shown: {x} from {xmin} to {xmax}; {y} from {ymin} to {ymax}.',
  'chart.summaryBars':
    'Bar chart of {count} values of {x}, from the records shown; the largest total, {top}, is {value}.',
  'chart.nothing': 'Choose a column of numbers for Y: these records have none to draw.',
  'chart.noPoints': 'No record shown has a value in both columns.',
  'chart.asTable': 'The same as a table',
  'chart.onlyShown': 'The chart draws the records shown in the table (the limit applies).',
  'chart.over': 'Draw',
  'chart.overShown': 'Each record shown',
  'chart.overDay': 'Every matching record, by day',
  'chart.overMonth': 'Every matching record, by month',
  'chart.overQuarter': 'Every matching record, by quarter',
  'chart.overYear': 'Every matching record, by year',
  'chart.figure': 'Figure',
  'chart.figureSum': 'Total of {y}',
  'chart.figureAvg': 'Average of {y}',
  'chart.titleOver': '{figure} by {part} of {x}',
  'chart.partDay': 'day',
  'chart.partMonth': 'month',
  'chart.partQuarter': 'quarter',
  'chart.partYear': 'year',
  'chart.summaryOver':
    'Line chart of {figure} for {count} periods of {x}, from {xmin} to {xmax}; from {ymin} to {ymax}.',
  'chart.overNote':
    'The chart draws every matching record, summed up by period (not only the records shown); the progress above says how many it has read.',
})

export type ChartMessages = typeof chartCatalogue.en
