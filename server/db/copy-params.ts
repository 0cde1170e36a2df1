// PostgreSQL's COPY takes no bound parameters. To COPY a parameterised query without putting any
// value into SQL text, each value is set as a transaction-local setting (itself a bound parameter of
// `set_config`) and the query reads it back with `current_setting`, cast to the type PostgreSQL
// inferred for that parameter. The cast runs the type's input function on the same text a bound
// parameter would have carried, so values mean exactly what they meant as parameters.

/** The WITH options of a COPY that writes CSV, or TSV (CSV quoting with tabs) for '\t'. */
export function copyCsvOptions(delimiter: ',' | '\t'): string {
  return delimiter === ',' ? 'FORMAT csv' : "FORMAT csv, DELIMITER E'\\t'"
}

/** The setting that carries parameter `n` (1-based); custom settings need a dotted name. */
export function settingName(n: number): string {
  return `dse_copy.p${n}`
}

/**
 * Replaces each `$n` of `sql` outside string literals and quoted identifiers with a read of its
 * setting cast to `types[n - 1]` (a type name as PostgreSQL's `format_type` writes it), or with a
 * typed NULL where `isNull(n)`.
 */
export function inlineParamsAsSettings(
  sql: string,
  types: readonly string[],
  isNull: (n: number) => boolean,
): string {
  let out = ''
  let index = 0
  while (index < sql.length) {
    const char = sql[index]!
    if (char === "'" || char === '"') {
      // a literal or quoted identifier: copied whole ('' and "" escape their quote)
      let end = index + 1
      for (;;) {
        end = sql.indexOf(char, end)
        if (end < 0) throw new Error('unterminated quote in SQL')
        if (sql[end + 1] === char) end += 2
        else break
      }
      out += sql.slice(index, end + 1)
      index = end + 1
      continue
    }
    const placeholder =
      char === '$' && !/[\w$]/.test(sql[index - 1] ?? '') ? /^\$(\d+)/.exec(sql.slice(index)) : null
    if (placeholder) {
      const n = Number(placeholder[1])
      const type = types[n - 1]
      if (type === undefined) throw new Error(`no type for parameter $${n}`)
      out += isNull(n) ? `(NULL::${type})` : `(CAST(current_setting('${settingName(n)}') AS ${type}))`
      index += placeholder[0].length
      continue
    }
    out += char
    index++
  }
  return out
}
