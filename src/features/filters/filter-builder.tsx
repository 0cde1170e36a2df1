// The dialog behind "Add filter" and a chip: a column, a condition that fits its type (any of some
// values; for numbers and dates a range), then the values or the ends. Loaded with its catalogue on
// first use (initial JS budget).
import { useId, useState } from 'react'
import type { CkanField, FilterScalar, Portal, SearchRequest } from '../../api/ckan/types'
import { Dialog } from '../../components/ui/dialog'
import { useCellLocale } from '../../components/ui/use-cell-locale'
import { filterChipsCatalogue } from '../../i18n/catalogues/filter-chips'
import { filterDialogCatalogue } from '../../i18n/catalogues/filter-dialog'
import { mainCatalogue } from '../../i18n/catalogues/main'
import { useMessages } from '../../i18n/i18n-context'
import { fieldLabel } from '../../model/fields'
import { conditionField, writeFilters, type FilterCondition } from '../../model/filters'
import { filterValueText, rangePhrase } from './describe-filters'
import { filterableFields } from './filter-fields'
import {
  EMPTY_RANGE,
  operatorsFor,
  rangeCondition,
  rangeEnds,
  rangeForm,
  type Operator,
  type RangeForm,
  type RangeProblem,
} from './filter-form'
import { filterInputKind, parseFilterValue, sameValue, toggleValue } from './filter-values'
import { readTypedCriterion, type TypedCriterion } from './typed-criterion'
import { ValueSuggestions } from './value-suggestions'

export interface FilterBuilderProps {
  open: boolean
  onClose: () => void
  portal: Portal
  /** The view's request: the values offered follow its search and its other filters. */
  view: SearchRequest
  fields: readonly CkanField[]
  filters: readonly FilterCondition[]
  /** The chip to change (its place in `filters`), or a column to start on; neither: a new filter. */
  start?: { index: number } | { field: string }
  /** The view's exact count of matching records, when known. */
  viewTotal: number | undefined
  /** Puts `condition` at `index` (undefined: adds it; null condition: removes the one at `index`). */
  onApply: (index: number | undefined, condition: FilterCondition | null) => void
}

const PROBLEM_KEY = {
  empty: 'filterDialog.problemEmpty',
  number: 'filterDialog.problemNumber',
  separator: 'filterDialog.problemSeparator',
  order: 'filterDialog.problemOrder',
  date: 'filterDialog.problemDate',
  bool: 'filterDialog.problemBool',
  needValue: 'filterDialog.problemEmpty',
} as const

const OPERATOR_KEY = {
  number: {
    any: 'filterDialog.opAny',
    between: 'filterDialog.opBetween',
    atLeast: 'filterDialog.opAtLeast',
    atMost: 'filterDialog.opAtMost',
    moreThan: 'filterDialog.opMoreThan',
    lessThan: 'filterDialog.opLessThan',
  },
  date: {
    any: 'filterDialog.opAny',
    between: 'filterDialog.opBetweenDates',
    atLeast: 'filterDialog.opOnOrAfter',
    atMost: 'filterDialog.opOnOrBefore',
    moreThan: 'filterDialog.opOnOrAfter',
    lessThan: 'filterDialog.opOnOrBefore',
  },
} as const

/** The place of a column's "any of" values, which adding values to that column changes. */
function valuesIndex(filters: readonly FilterCondition[], field: string): number | undefined {
  const index = filters.findIndex((condition) => condition.kind === 'values' && condition.field === field)
  return index >= 0 ? index : undefined
}

/**
 * Which condition the dialog changes: the chip opened, or, when adding, the column's "any of" values
 * (a range is always added beside them: both then hold).
 */
function startingPoint(
  filters: readonly FilterCondition[],
  start: FilterBuilderProps['start'],
): { index: number | undefined; field: string } {
  if (start && 'index' in start) {
    const condition = filters[start.index]
    return { index: start.index, field: (condition && conditionField(condition)) ?? '' }
  }
  if (start && 'field' in start) return { index: valuesIndex(filters, start.field), field: start.field }
  return { index: undefined, field: '' }
}

export function FilterBuilder(props: FilterBuilderProps) {
  const t = useMessages(filterDialogCatalogue)
  const { field } = startingPoint(props.filters, props.start)
  const title =
    props.start !== undefined && field !== ''
      ? t('filterDialog.editTitle', {
          field: fieldLabel(
            props.fields.find((candidate) => candidate.id === field),
            field,
          ),
        })
      : t('filterDialog.dialogTitle')
  return (
    <Dialog open={props.open} onClose={props.onClose} title={title}>
      {props.open && <FilterForm {...props} />}
    </Dialog>
  )
}

function FilterForm({
  onClose,
  portal,
  view,
  fields,
  filters,
  start,
  viewTotal,
  onApply,
}: FilterBuilderProps) {
  const t = useMessages(filterDialogCatalogue)
  const tMain = useMessages(mainCatalogue)
  const cellLocale = useCellLocale()
  const locale = cellLocale.formats.locale
  const choices = filterableFields(fields)
  const initial = startingPoint(filters, start)
  const initialCondition = initial.index !== undefined ? filters[initial.index] : undefined
  const kindOf = (id: string) => filterInputKind(choices.find((choice) => choice.id === id)?.type ?? 'text')

  const [fieldId, setFieldId] = useState(initial.field)
  // the condition changed: a chip opened, or (adding) the column's values, which "any of" adds to
  const [target, setTarget] = useState(initial.index)
  const [values, setValues] = useState<FilterScalar[]>(() =>
    initialCondition?.kind === 'values' ? [...initialCondition.values] : [],
  )
  const [range, setRange] = useState<RangeForm>(() => rangeForm(initialCondition, kindOf(initial.field)))
  const [typed, setTyped] = useState('')
  const [problem, setProblem] = useState<{ text: string; box: 'typed' | 'from' | 'to' | null } | null>(null)
  const [note, setNote] = useState<string | null>(null)
  const ids = {
    field: useId(),
    operator: useId(),
    typed: useId(),
    from: useId(),
    to: useId(),
    problem: useId(),
  }
  const field = choices.find((candidate) => candidate.id === fieldId)
  const kind = field ? filterInputKind(field.type) : 'text'
  const operators = operatorsFor(kind)
  const operator: Operator = operators.includes(range.operator) ? range.operator : 'any'
  const dates = kind === 'date' || kind === 'timestamp'
  const operatorKeys = dates ? OPERATOR_KEY.date : OPERATOR_KEY.number
  const show = (value: FilterScalar) =>
    filterValueText(value, field?.type ?? 'text', cellLocale, tMain('cell.empty'), fieldId)
  const editingChip = start !== undefined && 'index' in start
  const tChips = useMessages(filterChipsCatalogue)
  const describeRange = ({ lower, upper }: Extract<TypedCriterion, { kind: 'range' }>) =>
    rangePhrase(
      { fields, locale: cellLocale, t: tChips, emptyText: tMain('cell.empty') },
      fieldId,
      lower,
      upper,
    )

  // The records the other conditions keep: suggestions are their values (the condition changed is left out).
  const others = filters.filter((_, at) => at !== target)
  const scopeFilters = writeFilters(others)
  const scope: SearchRequest = { resourceId: view.resourceId, limit: 0 }
  if (view.q !== undefined) scope.q = view.q
  if (view.plain !== undefined) scope.plain = view.plain
  if (view.language !== undefined) scope.language = view.language
  if (scopeFilters) scope.filters = scopeFilters
  const scopeTotal = others.length === filters.length ? viewTotal : undefined

  const chooseField = (id: string) => {
    setFieldId(id)
    // adding: "any of" starts from the column's chosen values, as a chip of it would
    const index = editingChip ? target : valuesIndex(filters, id)
    const existing = index !== undefined ? filters[index] : undefined
    setTarget(index)
    setValues(existing?.kind === 'values' && existing.field === id ? [...existing.values] : [])
    setRange(
      existing?.kind === 'range' && existing.field === id ? rangeForm(existing, kindOf(id)) : EMPTY_RANGE,
    )
    setTyped('')
    setProblem(null)
    setNote(null)
  }

  const showProblem = (key: RangeProblem | 'bool', box: 'typed' | 'from' | 'to' | null) =>
    setProblem({ text: t(PROBLEM_KEY[key]), box })

  /** A typed comparison ("more than 40") becomes that condition in the form: said, never dropped. */
  const takeComparison = (criterion: Extract<TypedCriterion, { kind: 'range' }>) => {
    const { lower, upper } = criterion
    const next: RangeForm = {
      operator:
        lower && upper
          ? 'between'
          : lower
            ? lower.inclusive
              ? 'atLeast'
              : 'moreThan'
            : upper?.inclusive
              ? 'atMost'
              : 'lessThan',
      from: lower ? String(lower.value) : '',
      to: upper ? String(upper.value) : '',
      fromInclusive: lower?.inclusive ?? true,
      toInclusive: upper?.inclusive ?? true,
    }
    setRange(next)
    setTyped('')
    setProblem(null)
    return next
  }

  /** The typed value added to the chosen ones; a comparison switches the form to it. */
  const addTyped = (): { ok: true; values: FilterScalar[]; range?: RangeForm } | { ok: false } => {
    if (kind === 'number') {
      const read = readTypedCriterion(typed, locale)
      if (!read.ok) {
        showProblem(read.problem, 'typed')
        return { ok: false }
      }
      if (read.criterion.kind === 'range') {
        const next = takeComparison(read.criterion)
        setNote(t('filterDialog.readAs', { condition: describeRange(read.criterion) }))
        return { ok: true, values, range: next }
      }
      return addValue(read.criterion.value)
    }
    const parsed = parseFilterValue(typed, kind)
    if (!parsed.ok) {
      showProblem(parsed.problem === 'empty' ? 'needValue' : parsed.problem, 'typed')
      return { ok: false }
    }
    return addValue(parsed.value)
  }

  const addValue = (value: FilterScalar) => {
    setProblem(null)
    setNote(null)
    setTyped('')
    const next = values.some((existing) => sameValue(existing, value)) ? values : [...values, value]
    setValues(next)
    return { ok: true as const, values: next }
  }

  const applyRange = (form: RangeForm) => {
    if (!field) return
    const built = rangeCondition(field.id, kind, form, locale)
    if (!built.ok) {
      showProblem(built.problem, built.box)
      return
    }
    // a range is its own condition: adding one never replaces the column's values
    onApply(editingChip ? target : undefined, built.condition)
    onClose()
  }

  const apply = () => {
    if (!field) {
      setProblem({ text: t('filterDialog.needField'), box: null })
      return
    }
    if (operator !== 'any') return applyRange({ ...range, operator })
    let finalValues = values
    // a value typed but not yet added counts: people press "Apply" right after typing
    if (typed.trim() !== '') {
      const added = addTyped()
      if (!added.ok) return
      if (added.range) {
        // a comparison alone applies at once; beside chosen values it waits to be seen
        if (values.length === 0) applyRange(added.range)
        return
      }
      finalValues = added.values
    }
    const changing = target !== undefined && filters[target]?.kind === 'values'
    if (finalValues.length === 0 && !changing) {
      setProblem({ text: t('filterDialog.needValue'), box: 'typed' })
      return
    }
    onApply(target, finalValues.length > 0 ? { kind: 'values', field: field.id, values: finalValues } : null)
    onClose()
  }

  const ends = rangeEnds(operator)
  const invalid = (box: 'typed' | 'from' | 'to') =>
    problem?.box === box ? { 'aria-invalid': true as const, 'aria-describedby': ids.problem } : {}
  const numberBox = { type: 'text', inputMode: 'decimal', autoComplete: 'off', spellCheck: false } as const
  const rangeBox = dates ? ({ type: 'date' } as const) : numberBox
  const rangeLabel = (end: 'from' | 'to') =>
    operator === 'between'
      ? t(end === 'from' ? 'filterDialog.from' : 'filterDialog.to')
      : dates
        ? t('filterDialog.date')
        : t('filterDialog.number')

  return (
    <form
      className="dse-filter-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        apply()
      }}
    >
      <label className="dse-field">
        <span className="dse-field__label">{t('filterDialog.field')}</span>
        <select
          id={ids.field}
          className="dse-input dse-select"
          data-autofocus
          value={fieldId}
          onChange={(event) => chooseField(event.target.value)}
        >
          <option value="">{t('filterDialog.chooseField')}</option>
          {choices.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {fieldLabel(choice, choice.id)}
            </option>
          ))}
        </select>
      </label>

      {field && operators.length > 1 && (
        <label className="dse-field">
          <span className="dse-field__label">{t('filterDialog.condition')}</span>
          <select
            id={ids.operator}
            className="dse-input dse-select"
            value={operator}
            onChange={(event) => {
              setRange({
                ...EMPTY_RANGE,
                from: range.from,
                to: range.to,
                operator: event.target.value as Operator,
              })
              setProblem(null)
              setNote(null)
            }}
          >
            {operators.map((option) => (
              <option key={option} value={option}>
                {t(operatorKeys[option])}
              </option>
            ))}
          </select>
        </label>
      )}

      {field && operator !== 'any' && (
        <div className="dse-filter-form__range">
          {ends.from && (
            <label className="dse-field">
              <span className="dse-field__label">{rangeLabel('from')}</span>
              <input
                id={ids.from}
                className="dse-input"
                {...rangeBox}
                value={range.from}
                {...invalid('from')}
                onChange={(event) => setRange({ ...range, from: event.target.value, fromInclusive: true })}
              />
            </label>
          )}
          {ends.to && (
            <label className="dse-field">
              <span className="dse-field__label">{rangeLabel('to')}</span>
              <input
                id={ids.to}
                className="dse-input"
                {...rangeBox}
                value={range.to}
                {...invalid('to')}
                onChange={(event) => setRange({ ...range, to: event.target.value, toInclusive: true })}
              />
            </label>
          )}
          {operator === 'between' && (
            <p className="dse-hint">{t(dates ? 'filterDialog.rangeHintDates' : 'filterDialog.rangeHint')}</p>
          )}
        </div>
      )}

      {field && operator === 'any' && (
        <>
          <p className="dse-hint">{t('filterDialog.valuesHint')}</p>
          <ValueSuggestions
            portal={portal}
            scope={scope}
            field={field}
            scopeTotal={scopeTotal}
            chosen={values}
            onToggle={(value) => setValues(toggleValue(values, value))}
            formatValue={show}
          />
          <div className="dse-filter-form__typed">
            <label className="dse-field">
              <span className="dse-field__label">
                {kind === 'bool' ? t('filterDialog.typeBool') : t('filterDialog.typeValue')}
              </span>
              {kind === 'bool' ? (
                <select
                  id={ids.typed}
                  className="dse-input dse-select"
                  value={typed}
                  onChange={(event) => setTyped(event.target.value)}
                >
                  <option value="">{t('filterDialog.chooseBool')}</option>
                  <option value="true">{t('filterDialog.true')}</option>
                  <option value="false">{t('filterDialog.false')}</option>
                </select>
              ) : (
                <input
                  id={ids.typed}
                  className="dse-input"
                  {...(kind === 'number' ? numberBox : { type: kind === 'date' ? 'date' : 'text' })}
                  placeholder={kind === 'timestamp' ? '2024-01-31T12:00' : undefined}
                  value={typed}
                  {...invalid('typed')}
                  onChange={(event) => setTyped(event.target.value)}
                  onKeyDown={(event) => {
                    // Enter adds the value; "Apply filter" applies
                    if (event.key === 'Enter') {
                      event.preventDefault()
                      addTyped()
                    }
                  }}
                />
              )}
            </label>
            <button type="button" className="dse-button dse-button--secondary" onClick={() => addTyped()}>
              {t('filterDialog.addValue')}
            </button>
          </div>
          {kind === 'number' && <p className="dse-hint">{t('filterDialog.typedHint')}</p>}
          <div className="dse-filter-form__chosen">
            <h3 className="dse-field__label">{t('filterDialog.chosen')}</h3>
            {values.length === 0 ? (
              <p className="dse-hint">{t('filterDialog.noneChosen')}</p>
            ) : (
              <ul className="dse-chips">
                {values.map((value) => (
                  <li key={`${typeof value}:${String(value)}`} className="dse-chip">
                    <span className="dse-chip__text">{show(value)}</span>
                    <button
                      type="button"
                      className="dse-chip__remove"
                      aria-label={t('filterDialog.removeValue', { value: show(value) })}
                      onClick={() => setValues(values.filter((existing) => !sameValue(existing, value)))}
                    >
                      <span aria-hidden="true">×</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </>
      )}
      {note && (
        <p className="dse-hint" role="status">
          {note}
        </p>
      )}
      {problem && (
        <p id={ids.problem} className="dse-field-error" role="alert">
          {problem.text}
        </p>
      )}
      <div className="dse-dialog__footer">
        <button type="button" className="dse-button dse-button--quiet" onClick={onClose}>
          {t('filterDialog.cancel')}
        </button>
        <button type="submit" className="dse-button dse-button--primary">
          {t('filterDialog.apply')}
        </button>
      </div>
    </form>
  )
}
