import { useId, useState } from 'react'
import type { CkanField, FilterScalar, Portal } from '../../api/ckan/types'
import { Dialog } from '../../components/ui/dialog'
import { useCellLocale } from '../../components/ui/use-cell-locale'
import { filterDialogCatalogue } from '../../i18n/catalogues/filter-dialog'
import { mainCatalogue } from '../../i18n/catalogues/main'
import { useMessages } from '../../i18n/i18n-context'
import { fieldLabel } from '../../model/fields'
import { filterValueText } from './describe-filters'
import { filterableFields } from './filter-fields'
import {
  filterInputKind,
  parseFilterValue,
  sameValue,
  toggleValue,
  valuesOf,
  type ParsedValue,
} from './filter-values'
import { ValueSuggestions } from './value-suggestions'

export interface FilterBuilderProps {
  open: boolean
  onClose: () => void
  portal: Portal
  resourceId: string
  fields: readonly CkanField[]
  filters: Record<string, readonly FilterScalar[]>
  /** The column to start with (when changing an existing filter). */
  initialField?: string
  resourceTotal: number | undefined
  /** `values` empty means: no filter on this column. */
  onApply: (field: string, values: FilterScalar[]) => void
}

const PROBLEM_KEY = {
  empty: 'filterDialog.problemEmpty',
  number: 'filterDialog.problemNumber',
  date: 'filterDialog.problemDate',
  bool: 'filterDialog.problemBool',
} as const

/** The dialog behind "Add filter": a column, then one or more values (picked or typed). */
export function FilterBuilder(props: FilterBuilderProps) {
  const t = useMessages(filterDialogCatalogue)
  const editing = props.initialField
  const title = editing
    ? t('filterDialog.editTitle', {
        field: fieldLabel(
          props.fields.find((field) => field.id === editing),
          editing,
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
  resourceId,
  fields,
  filters,
  initialField,
  resourceTotal,
  onApply,
}: FilterBuilderProps) {
  const t = useMessages(filterDialogCatalogue)
  const tMain = useMessages(mainCatalogue)
  const cellLocale = useCellLocale()
  const choices = filterableFields(fields)
  const [fieldId, setFieldId] = useState(initialField ?? '')
  const [values, setValues] = useState<FilterScalar[]>(() => [
    ...(initialField ? valuesOf(filters, initialField) : []),
  ])
  const [typed, setTyped] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const ids = { field: useId(), typed: useId(), problem: useId(), hint: useId() }
  const field = choices.find((candidate) => candidate.id === fieldId)
  const kind = field ? filterInputKind(field.type) : 'text'
  const show = (value: FilterScalar) =>
    filterValueText(value, field?.type ?? 'text', cellLocale, tMain, fieldId)

  const chooseField = (id: string) => {
    setFieldId(id)
    setValues(valuesOf(filters, id))
    setTyped('')
    setProblem(null)
  }

  const addTyped = (): ParsedValue => {
    const parsed = parseFilterValue(typed, kind)
    if (!parsed.ok) {
      setProblem(t(PROBLEM_KEY[parsed.problem]))
      return parsed
    }
    setProblem(null)
    setTyped('')
    if (!values.some((existing) => sameValue(existing, parsed.value))) setValues([...values, parsed.value])
    return parsed
  }

  const apply = () => {
    if (!field) {
      setProblem(t('filterDialog.needField'))
      return
    }
    let finalValues = values
    // a value typed but not yet added counts: people press "Apply" right after typing
    if (typed.trim() !== '') {
      const parsed = addTyped()
      if (!parsed.ok) return
      if (!values.some((existing) => sameValue(existing, parsed.value)))
        finalValues = [...values, parsed.value]
    }
    if (finalValues.length === 0 && !Object.hasOwn(filters, field.id)) {
      setProblem(t('filterDialog.needValue'))
      return
    }
    onApply(field.id, finalValues)
    onClose()
  }

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

      {field && (
        <>
          <p id={ids.hint} className="dse-hint">
            {t('filterDialog.valuesHint')}
          </p>
          <ValueSuggestions
            portal={portal}
            resourceId={resourceId}
            field={field}
            resourceTotal={resourceTotal}
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
                  type={
                    kind === 'number'
                      ? 'number'
                      : kind === 'date'
                        ? 'date'
                        : kind === 'timestamp'
                          ? 'text'
                          : 'text'
                  }
                  step={kind === 'number' ? 'any' : undefined}
                  inputMode={kind === 'number' ? 'decimal' : undefined}
                  placeholder={kind === 'timestamp' ? '2024-01-31T12:00' : undefined}
                  value={typed}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={problem ? ids.problem : undefined}
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
      {problem && (
        <p id={ids.problem} className="dse-field-error" role="alert">
          {problem}
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
