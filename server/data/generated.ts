// The generated demo resource: deterministic rows (same seed and index → same row) that exercise
// every CKAN column type, nulls, right-to-left and long text, HTML-looking text and awkward
// column names. Each row depends only on (seed, index), so tests and benchmarks can compute the
// expected value of any row without generating the others.
import type { RowSource } from '../ckan/datastore-create.ts'
import type { FieldDescriptor, Json, ResourceDefinition } from '../ckan/types.ts'

/** Bump when the rows change, so caches keyed by it are rebuilt. */
export const GENERATOR_VERSION = 1
export const GENERATED_RESOURCE_ID = 'generated-cities'

export const GENERATED_FIELDS: FieldDescriptor[] = [
  {
    id: 'name',
    type: 'text',
    info: { label: 'Name', notes: 'Place name; some in Arabic or Hebrew script.' },
  },
  { id: 'country', type: 'text', info: { label: 'Country', notes: 'One of ten countries.' } },
  { id: 'city name', type: 'text' },
  { id: 'year', type: 'int4' },
  { id: 'population', type: 'int8' },
  { id: 'growth %', type: 'numeric' },
  { id: 'score', type: 'float8' },
  { id: 'active', type: 'bool' },
  { id: 'founded', type: 'date' },
  { id: 'updated at', type: 'timestamp' },
  { id: 'année', type: 'int4' },
  { id: 'größe', type: 'numeric' },
  { id: 'tags', type: '_text' },
  { id: 'details', type: 'json' },
  { id: 'notes', type: 'text' },
]

export const COUNTRIES = [
  'Germany',
  'France',
  'Israel',
  'Egypt',
  'Japan',
  'Brazil',
  'Canada',
  'India',
  'Kenya',
  'Spain',
] as const

const PLACES: Record<(typeof COUNTRIES)[number], string[]> = {
  Germany: ['Köln', 'München', 'Düsseldorf', 'Straße am See'],
  France: ['Orléans', 'Besançon', 'Nîmes', 'Saint-Étienne'],
  Israel: ['ירושלים', 'תל אביב', 'חיפה', 'באר שבע'],
  Egypt: ['القاهرة', 'الإسكندرية', 'الجيزة', 'أسوان'],
  Japan: ['東京', '大阪', '京都', '札幌'],
  Brazil: ['São Paulo', 'Belém', 'Maceió', 'Florianópolis'],
  Canada: ['Montréal', 'Québec', 'Toronto', 'Trois-Rivières'],
  India: ['मुंबई', 'दिल्ली', 'Chennai', 'Kolkata'],
  Kenya: ['Nairobi', 'Mombasa', 'Kisumu', 'Nakuru'],
  Spain: ['A Coruña', 'Málaga', 'Cádiz', 'Logroño'],
}

const TAGS = ['coastal', 'capital', 'historic', 'industrial', 'university', 'port', 'mountain', 'río', 'נהר']

const HOSTILE = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  "'; DROP TABLE x; --",
  '=HYPERLINK("http://example.com")',
]

const LOREM =
  'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. '

/** A small, fast hash-based generator (mulberry32), seeded per row. */
function rowRandom(seed: number, index: number): () => number {
  let state = (Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(index + 1, 0xc2b2ae35)) >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0')

/** Row `index` (0-based; its `_id` is index + 1), values in GENERATED_FIELDS order. */
export function generateRow(seed: number, index: number): Json[] {
  const random = rowRandom(seed, index)
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!
  const maybeNull = <T extends Json>(value: T, chance = 0.05): T | null => (random() < chance ? null : value)

  const country = COUNTRIES[index % COUNTRIES.length]!
  const place = pick(PLACES[country])
  const year = 1990 + Math.floor(random() * 35)
  const population = Math.floor(random() * 5_000_000_000) + 1
  const growthHundredths = Math.floor(random() * 2001) - 1000 // -10.00 .. 10.00, exact decimal
  const growth = `${growthHundredths < 0 ? '-' : ''}${Math.floor(Math.abs(growthHundredths) / 100)}.${pad(Math.abs(growthHundredths) % 100)}`
  const score = Math.round(random() * 1e6) / 1e4
  const month = 1 + Math.floor(random() * 12)
  const day = 1 + Math.floor(random() * 28)
  const founded = `${1200 + Math.floor(random() * 800)}-${pad(month)}-${pad(day)}`
  const updated = `${year}-${pad(month)}-${pad(day)}T${pad(Math.floor(random() * 24))}:${pad(Math.floor(random() * 60))}:${pad(Math.floor(random() * 60))}`
  const tagCount = Math.floor(random() * 4)
  const tags = Array.from({ length: tagCount }, () => pick(TAGS))
  const roll = random()
  const notes =
    roll < 0.02
      ? pick(HOSTILE)
      : roll < 0.04
        ? LOREM.repeat(5) + `(row ${index + 1})`
        : roll < 0.1
          ? null
          : `${place} — note ${index + 1}`

  return [
    `${place} ${index + 1}`,
    country,
    maybeNull(place),
    year,
    maybeNull(population),
    maybeNull(Number(growth) === 0 ? '0.00' : growth),
    maybeNull(score),
    maybeNull(random() < 0.5),
    maybeNull(founded),
    maybeNull(updated),
    maybeNull(year - Math.floor(random() * 5)),
    maybeNull(`${Math.floor(random() * 1000)}.${pad(Math.floor(random() * 1000), 3)}`),
    maybeNull(tags),
    maybeNull({
      rank: index % 100,
      coords: [(Math.round(random() * 18000) - 9000) / 100, (Math.round(random() * 36000) - 18000) / 100],
      label: place,
    }),
    notes,
  ]
}

/** The generated rows made batch by batch while they are loaded: 1M rows never sit in memory at once. */
export function generatedRowSource(seed: number, count: number): RowSource {
  return {
    count,
    slice(start, end) {
      const rows = new Array<Json[]>(end - start)
      for (let i = start; i < end; i++) rows[i - start] = generateRow(seed, i)
      return rows
    },
  }
}

/** The generated resource without its records (load it with `generatedRowSource`). */
export function generatedResourceInfo(seed: number, count: number): ResourceDefinition {
  return {
    resource_id: GENERATED_RESOURCE_ID,
    name: 'Generated cities',
    description: `Made-up places for trying the explorer: ${count.toLocaleString('en')} rows (seed ${seed}) with every column type, empty values, right-to-left text, long text and HTML-looking text.`,
    package_title: 'Test data for the explorer',
    package_id: 'generated-test-data',
    fields: GENERATED_FIELDS,
    records: [],
    aliases: ['generated'],
    indexes: ['year', 'country', 'population'],
  }
}
