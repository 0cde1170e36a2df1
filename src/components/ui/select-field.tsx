// A labelled drop-down of [value, text] choices: the summary's settings.
import { useId } from 'react'

export function SelectField<Value extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string
  value: Value
  options: ReadonlyArray<readonly [Value, string]>
  onChange: (value: Value) => void
}) {
  const id = useId()
  return (
    <div className="dse-field">
      <label className="dse-field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="dse-input dse-select"
        value={value}
        onChange={(event) => onChange(event.target.value as Value)}
      >
        {options.map(([optionValue, text]) => (
          <option key={optionValue} value={optionValue}>
            {text}
          </option>
        ))}
      </select>
    </div>
  )
}
