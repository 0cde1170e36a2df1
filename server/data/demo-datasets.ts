// The bundled demo resources: real tables from the vega-datasets npm package (types and licences
// from its datapackage.json), the generated resource, and one private resource.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import Papa from 'papaparse'
import type { FieldDescriptor, Json, ResourceDefinition } from '../ckan/types.ts'

// The package's `exports` hide its data files from `require.resolve`, so locate it directly.
const vegaRoot = path.dirname(path.dirname(fileURLToPath(import.meta.resolve('vega-datasets'))))

interface DataPackageResource {
  name: string
  path: string
  description?: string
  licenses?: Array<{ name?: string; title?: string; path?: string }>
  sources?: Array<{ title?: string; path?: string }>
  schema?: { fields: Array<{ name: string; type: string; description?: string }> }
}

interface VegaResource {
  file: string
  resourceId: string
  /** The table's human title (CKAN's resource `name`). */
  title: string
  /** The dataset it belongs to (CKAN's package `title`). */
  dataset: string
  /** One plain sentence of what a row is, before the package's own description. */
  summary: string
  /** Column types that must differ from the datapackage's (e.g. zip codes are codes, not numbers). */
  overrides?: Record<string, string>
}

/** Stable readable ids, so URLs in docs and tests keep working. */
export const VEGA_RESOURCES: VegaResource[] = [
  {
    file: 'seattle-weather.csv',
    resourceId: 'seattle-weather',
    title: 'Seattle weather, 2012–2015',
    dataset: 'Seattle weather',
    summary: 'One row per day: rain, highest and lowest temperature, wind and the kind of weather.',
  },
  {
    file: 'penguins.json',
    resourceId: 'penguins',
    title: 'Palmer penguins',
    dataset: 'Penguins of the Palmer Archipelago',
    summary: 'One row per penguin: species, island, bill and flipper size, body mass and sex.',
  },
  {
    file: 'airports.csv',
    resourceId: 'us-airports',
    title: 'US airports',
    dataset: 'US airports',
    summary: 'One row per airport: its code, name, city, state and position.',
  },
  {
    file: 'zipcodes.csv',
    resourceId: 'us-zipcodes',
    title: 'US zip codes',
    dataset: 'US zip codes',
    summary: 'One row per zip code, with its place, county and position.',
    overrides: { zip_code: 'text' },
  },
]

export const PRIVATE_RESOURCE_ID = 'private-budget'

/** Frictionless type → CKAN column type, as DataPusher would type such a column. */
function ckanType(frictionlessType: string): string {
  switch (frictionlessType) {
    case 'integer':
      return 'int4'
    case 'number':
      return 'numeric'
    case 'date':
      return 'date'
    case 'datetime':
      return 'timestamp'
    case 'boolean':
      return 'bool'
    default:
      return 'text'
  }
}

function describe(summary: string, meta: DataPackageResource): string {
  const licence = meta.licenses?.map((l) => l.title ?? l.name).join('; ')
  const source = meta.sources?.map((s) => `${s.title ?? ''}${s.path ? ` (${s.path})` : ''}`).join('; ')
  return [
    summary,
    meta.description?.replace(/\s+/g, ' ').trim(),
    licence && `Licence: ${licence}.`,
    source && `Source: ${source}.`,
  ]
    .filter(Boolean)
    .join(' ')
}

async function readRecords(file: string, fields: FieldDescriptor[]): Promise<Json[][]> {
  const text = await readFile(path.join(vegaRoot, 'data', file), 'utf8')
  const convert = (value: unknown, type: string): Json => {
    if (value === undefined || value === null || value === '') return null
    if (type === 'text') return String(value)
    return typeof value === 'number' || typeof value === 'boolean' ? value : String(value)
  }
  if (file.endsWith('.json')) {
    const objects = JSON.parse(text) as Array<Record<string, unknown>>
    return objects.map((object) => fields.map((field) => convert(object[field.id], field.type)))
  }
  const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: 'greedy' })
  return parsed.data.map((row) => fields.map((field) => convert(row[field.id], field.type)))
}

export async function vegaResources(): Promise<ResourceDefinition[]> {
  const dataPackage = JSON.parse(await readFile(path.join(vegaRoot, 'datapackage.json'), 'utf8')) as {
    resources: DataPackageResource[]
  }
  return Promise.all(
    VEGA_RESOURCES.map(async (resource) => {
      const meta = dataPackage.resources.find((r) => r.path === resource.file)
      if (!meta?.schema) throw new Error(`vega-datasets has no schema for ${resource.file}`)
      const fields: FieldDescriptor[] = meta.schema.fields.map((field) => ({
        id: field.name,
        type: resource.overrides?.[field.name] ?? ckanType(field.type),
        ...(field.description ? { info: { label: field.name, notes: field.description } } : {}),
      }))
      return {
        resource_id: resource.resourceId,
        name: resource.title,
        description: describe(resource.summary, meta),
        package_title: resource.dataset,
        package_id: `vega-${meta.name}`,
        fields,
        records: await readRecords(resource.file, fields),
      }
    }),
  )
}

/** A small resource only readable with a `--token`. */
export function privateResource(): ResourceDefinition {
  const departments = ['Parks', 'Libraries', 'Roads', 'Schools', 'Water']
  return {
    resource_id: PRIVATE_RESOURCE_ID,
    name: 'Internal budget 2026',
    description: 'A private resource: readable only with an API token given to the server with --token.',
    package_title: 'Internal budget (private)',
    package_id: 'internal-budget',
    private: true,
    fields: [
      { id: 'department', type: 'text' },
      { id: 'quarter', type: 'int4' },
      { id: 'amount', type: 'numeric' },
    ],
    records: departments.flatMap((department, d) =>
      [1, 2, 3, 4].map((quarter) => [department, quarter, `${(d + 1) * 100_000 + quarter * 1234}.50`]),
    ),
  }
}
