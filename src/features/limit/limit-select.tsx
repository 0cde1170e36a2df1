import { useId, useState } from 'react'
import { countFormat } from '../../lib/format'
import type { Limit } from '../../model/explorer-state'
import { LIMIT_PRESETS, limitChoice, limitFromChoice, parseCustomLimit } from './limit-options'
import { limitText } from './limit-messages'

export function LimitSelect({
  limit,
  onChange,
  locale,
  disabled,
}: {
  limit: Limit
  onChange: (limit: Limit) => void
  locale: string
  disabled?: boolean
}) {
  const choice = limitChoice(limit)
  // "Custom…" picked but no number applied yet: the select shows it while the input is filled in
  const [customOpen, setCustomOpen] = useState(false)
  const [customText, setCustomText] = useState(limit === 'all' ? '' : String(limit))
  const [invalid, setInvalid] = useState(false)
  const errorId = useId()
  const format = countFormat(locale)
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
        <span className="dse-field__label">{limitText('label')}</span>
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
          <option value="all">{limitText('all')}</option>
          <option value="custom">{limitText('custom')}</option>
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
            <span className="dse-field__label">{limitText('customLabel')}</span>
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
            {limitText('apply')}
          </button>
          {invalid && (
            <p id={errorId} className="dse-field-error">
              {limitText('invalid')}
            </p>
          )}
        </form>
      )}
    </div>
  )
}
