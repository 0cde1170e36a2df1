import { useId, useState } from 'react'
import { mainCatalogue } from '../../i18n/catalogues/main'
import { useFormats, useMessages } from '../../i18n/i18n-context'
import type { Limit } from '../../model/explorer-state'
import { LIMIT_PRESETS, limitChoice, limitFromChoice, parseCustomLimit } from './limit-options'

export function LimitSelect({
  limit,
  onChange,
  disabled,
}: {
  limit: Limit
  onChange: (limit: Limit) => void
  disabled?: boolean
}) {
  const t = useMessages(mainCatalogue)
  const format = useFormats().countFormat
  const choice = limitChoice(limit)
  // "Custom…" picked but no number applied yet: the select shows it while the input is filled in
  const [customOpen, setCustomOpen] = useState(false)
  const [customText, setCustomText] = useState(limit === 'all' ? '' : String(limit))
  const [invalid, setInvalid] = useState(false)
  const errorId = useId()
  const showCustom = customOpen || choice === 'custom'

  const applyCustom = () => {
    const value = parseCustomLimit(customText)
    setInvalid(value === null)
    if (value !== null) {
      setCustomOpen(false)
      onChange(value)
    }
  }

  return (
    <div className="dse-limit">
      <label className="dse-field">
        <span className="dse-field__label">{t('limit.label')}</span>
        <select
          className="dse-input dse-select"
          value={showCustom ? 'custom' : choice}
          disabled={disabled}
          onChange={(event) => {
            const value = event.target.value
            if (value === 'custom') {
              setCustomOpen(true)
              setCustomText(limit === 'all' ? '' : String(limit))
              return
            }
            setCustomOpen(false)
            setInvalid(false)
            const next = limitFromChoice(value, limit)
            if (next !== null) onChange(next)
          }}
        >
          {LIMIT_PRESETS.map((preset) => (
            <option key={preset} value={String(preset)}>
              {format.format(preset)}
            </option>
          ))}
          <option value="all">{t('limit.all')}</option>
          <option value="custom">{t('limit.custom')}</option>
        </select>
      </label>
      {showCustom && (
        <form
          className="dse-limit__custom"
          onSubmit={(event) => {
            event.preventDefault()
            applyCustom()
          }}
        >
          <label className="dse-field">
            <span className="dse-field__label">{t('limit.customLabel')}</span>
            <input
              className="dse-input dse-limit__number"
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              value={customText}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? errorId : undefined}
              onChange={(event) => setCustomText(event.target.value)}
            />
          </label>
          <button type="submit" className="dse-button dse-button--secondary">
            {t('limit.apply')}
          </button>
          {invalid && (
            <p id={errorId} className="dse-field-error">
              {t('limit.invalid')}
            </p>
          )}
        </form>
      )}
    </div>
  )
}
