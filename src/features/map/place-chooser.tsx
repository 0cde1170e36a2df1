// "Choose the position columns": for a table whose positions the explorer guessed wrong (or found in
// columns it should not use), the reader names a latitude and a longitude column, or one column of
// positions. The choice goes into the link (`place`); "Find them for me" goes back to the guess.
import { useId, useState, type FormEvent } from 'react'
import type { CkanField } from '../../api/ckan/types'
import { mapCatalogue } from '../../i18n/catalogues/map'
import { useMessages } from '../../i18n/i18n-context'
import { fieldLabel } from '../../model/fields'
import { placeChoices, placeFieldIds, type PlaceColumns } from './find-places'

export interface PlaceChooserProps {
  fields: readonly CkanField[]
  /** The columns in use. */
  places: PlaceColumns
  /** The reader's choice: [latitude, longitude], [one column], or [] for the explorer's own finding. */
  onChoose(names: string[]): void
}

export function PlaceChooser({ fields, places, onChoose }: PlaceChooserProps) {
  const t = useMessages(mapCatalogue)
  const id = useId()
  const choices = placeChoices(fields)
  const [kind, setKind] = useState<'pair' | 'single'>(places.kind === 'pair' ? 'pair' : 'single')
  const [lat, setLat] = useState(places.kind === 'pair' ? places.lat : (choices.numbers[0] ?? ''))
  const [lon, setLon] = useState(places.kind === 'pair' ? places.lon : (choices.numbers[1] ?? ''))
  const [single, setSingle] = useState(places.kind === 'pair' ? (choices.single[0] ?? '') : places.field)
  const [problem, setProblem] = useState(false)
  const name = (fieldId: string) =>
    fieldLabel(
      fields.find((field) => field.id === fieldId),
      fieldId,
    )
  const options = (ids: readonly string[]) =>
    ids.map((fieldId) => (
      <option key={fieldId} value={fieldId}>
        {name(fieldId)}
      </option>
    ))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (kind === 'pair') {
      if (lat === '' || lon === '' || lat === lon) return setProblem(true)
      onChoose([lat, lon])
    } else if (single !== '') onChoose([single])
  }

  return (
    <details className="dse-map__choose">
      <summary>
        {t('map.columns')} <bdi>{placeFieldIds(places).map(name).join(', ')}</bdi>
        <span className="dse-map__choose-action">{t('map.choose')}</span>
      </summary>
      <form onSubmit={submit} className="dse-map__choose-form" noValidate>
        {choices.single.length > 0 && choices.numbers.length > 1 && (
          <fieldset className="dse-map__choose-kind">
            <legend>{t('map.chooseKind')}</legend>
            <label>
              <input
                type="radio"
                name={`${id}-kind`}
                checked={kind === 'pair'}
                onChange={() => setKind('pair')}
              />{' '}
              {t('map.choosePair')}
            </label>
            <label>
              <input
                type="radio"
                name={`${id}-kind`}
                checked={kind === 'single'}
                onChange={() => setKind('single')}
              />{' '}
              {t('map.chooseSingle')}
            </label>
          </fieldset>
        )}
        {kind === 'pair' ? (
          <>
            <label className="dse-field">
              <span className="dse-field__label">{t('map.latitude')}</span>
              <select
                className="dse-input dse-select"
                value={lat}
                aria-invalid={problem}
                aria-describedby={problem ? `${id}-problem` : undefined}
                onChange={(event) => {
                  setLat(event.target.value)
                  setProblem(false)
                }}
              >
                {options(choices.numbers)}
              </select>
            </label>
            <label className="dse-field">
              <span className="dse-field__label">{t('map.longitude')}</span>
              <select
                className="dse-input dse-select"
                value={lon}
                aria-invalid={problem}
                aria-describedby={problem ? `${id}-problem` : undefined}
                onChange={(event) => {
                  setLon(event.target.value)
                  setProblem(false)
                }}
              >
                {options(choices.numbers)}
              </select>
            </label>
          </>
        ) : (
          <label className="dse-field">
            <span className="dse-field__label">{t('map.positionColumn')}</span>
            <select
              className="dse-input dse-select"
              value={single}
              onChange={(event) => setSingle(event.target.value)}
            >
              {options(choices.single)}
            </select>
          </label>
        )}
        {problem && (
          <p id={`${id}-problem`} className="dse-field-error" role="alert">
            {t('map.chooseTwo')}
          </p>
        )}
        <div className="dse-map__choose-buttons">
          <button type="submit" className="dse-button">
            {t('map.useColumns')}
          </button>
          <button type="button" className="dse-button dse-button--secondary" onClick={() => onChoose([])}>
            {t('map.findColumns')}
          </button>
        </div>
      </form>
    </details>
  )
}
