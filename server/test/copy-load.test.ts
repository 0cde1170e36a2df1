// The COPY load of big tables (PGlite workers, `_full_text` computed by scratch databases) must
// give exactly the table the plain INSERT load gives: same values, types, `_full_text`, indexes.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { copyField, createResource, initDatastore, type CreateOptions } from '../ckan/datastore-create.ts'
import type { ResourceDefinition } from '../ckan/types.ts'
import { generatedResourceInfo, generatedRowSource } from '../data/generated.ts'
import { PgliteWorkerDb } from '../db/pglite-worker-db.ts'

describe('copyField', () => {
  it('writes NULL as \\N and escapes what COPY text format would read as separators', () => {
    expect(copyField(null)).toBe('\\N')
    expect(copyField('plain text, "quoted"')).toBe('plain text, "quoted"')
    expect(copyField('a\tb\nc\rd\\e')).toBe('a\\tb\\nc\\rd\\\\e')
    expect(copyField('\\N')).toBe('\\\\N')
  })
})

/**
 * Everything a client could see of a table: every row as text (with `_full_text`), its columns and
 * comments, indexes and sequence. The table's name is replaced by `T`, to compare tables by content.
 */
async function tableState(db: PgliteWorkerDb, table: string): Promise<unknown> {
  const quoted = `"${table}"`
  const rows = await db.query(`SELECT t::text AS row FROM ${quoted} t ORDER BY "_id"`)
  const indexes = await db.query<{ indexdef: string }>(
    `SELECT indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename = $1 ORDER BY indexname`,
    [table],
  )
  const columns = await db.query(
    `SELECT attname, format_type(atttypid, atttypmod) AS type, col_description(attrelid, attnum) AS comment
       FROM pg_attribute WHERE attrelid = $1::regclass AND attnum > 0 ORDER BY attnum`,
    [`public.${quoted}`],
  )
  const next = await db.query(`SELECT nextval(pg_get_serial_sequence($1, '_id')) AS next`, [
    `public.${quoted}`,
  ])
  return {
    rows: rows.rows,
    indexes: indexes.rows.map((row) => row.indexdef.replaceAll('"', '').replaceAll(table, 'T')),
    columns: columns.rows,
    next: next.rows,
  }
}

// Values that need escaping in COPY text, array and JSON forms, and every type's text form.
const awkward: ResourceDefinition = {
  resource_id: 'awkward-values',
  fields: [
    { id: 'text', type: 'text', info: { label: 'Text' } },
    { id: 'größe %', type: 'text' },
    { id: 'n', type: 'numeric' },
    { id: 'f', type: 'float8' },
    { id: 'b', type: 'bool' },
    { id: 'ts', type: 'timestamp' },
    { id: 'tags', type: '_text' },
    { id: 'doc', type: 'json' },
  ],
  records: Array.from({ length: 40 }, (_, i) => [
    ['tab\there', 'line\nbreak', 'back\\slash', 'cr\rhere', '\\N', '"quoted"', 'ירושלים', null][i % 8]!,
    i % 3 === 0 ? null : `x${i}\\t`,
    i % 5 === 0 ? null : `${i}.50`,
    i % 4 === 0 ? null : i / 7,
    i % 2 === 0,
    `2020-01-${String((i % 28) + 1).padStart(2, '0')}T10:11:12`,
    [`a"b${i}`, 'c\\d', 'tab\tin', null],
    { text: `line\nbreak\t${i}`, nested: { quote: '"', slash: '\\' } },
  ]),
  indexes: ['n'],
}

describe('createResource with COPY', () => {
  const size = 3_000
  let db: PgliteWorkerDb

  /** Loads the generated rows (or `def`) under the resource id `id`; returns the table's state. */
  async function load(id: string, options: CreateOptions, def?: ResourceDefinition): Promise<unknown> {
    const definition = def ?? generatedResourceInfo(42, size)
    const rows = def ? undefined : generatedRowSource(42, size)
    // aliases are left out: two tables cannot have the same alias
    await createResource(db, { ...definition, resource_id: id, aliases: [] }, { ...options, rows })
    return tableState(db, id)
  }

  beforeAll(async () => {
    db = await PgliteWorkerDb.open({ timeoutMs: 0 })
    await initDatastore(db)
  }, 120_000)
  afterAll(async () => {
    await db?.close()
  })

  it('loads the generated rows exactly as the INSERT load does, with one helper or several', async () => {
    // the COPY path really runs: as many helpers as asked for, one COPY into the table per batch
    const openScratch = vi.spyOn(db, 'openScratch')
    const copyFrom = vi.spyOn(db, 'copyFrom')
    try {
      const inserted = await load('inserted', { copyMinRows: Infinity })
      expect((inserted as { rows: unknown[] }).rows).toHaveLength(size)
      expect(openScratch).not.toHaveBeenCalled()
      expect(copyFrom).not.toHaveBeenCalled()

      expect(await load('copied', { copyMinRows: 0, helpers: 1, batchRows: 700 })).toEqual(inserted)
      expect(openScratch).toHaveBeenCalledTimes(1)
      expect(copyFrom).toHaveBeenCalledTimes(Math.ceil(size / 700))

      openScratch.mockClear()
      copyFrom.mockClear()
      expect(await load('copied-in-parallel', { copyMinRows: 0, helpers: 2, batchRows: 500 })).toEqual(
        inserted,
      )
      expect(openScratch).toHaveBeenCalledTimes(2)
      expect(copyFrom).toHaveBeenCalledTimes(Math.ceil(size / 500))
    } finally {
      openScratch.mockRestore()
      copyFrom.mockRestore()
    }
  }, 120_000)

  it('keeps tabs, newlines, backslashes, quotes, NULLs and JSON intact', async () => {
    const inserted = await load('awkward-inserted', { copyMinRows: Infinity }, awkward)
    expect((inserted as { rows: unknown[] }).rows).toHaveLength(40)
    expect(await load('awkward-copied', { copyMinRows: 0, helpers: 2, batchRows: 7 }, awkward)).toEqual(
      inserted,
    )
  }, 120_000)

  it('refuses a value its column cannot hold and leaves no table behind', async () => {
    const bad: ResourceDefinition = {
      resource_id: 'bad-number',
      fields: [{ id: 'n', type: 'int4' }],
      records: [[1], [2], ['three']],
    }
    await expect(createResource(db, bad, { copyMinRows: 0, helpers: 1 })).rejects.toThrow(/integer/)
    const left = await db.query(`SELECT to_regclass('public."bad-number"') AS t`)
    expect(left.rows).toEqual([{ t: null }])
  }, 120_000)
})
