import { useQuery } from '@tanstack/react-query'
import { useId, useRef, useState } from 'react'
import type { ParsedResourceInput } from '../../api/ckan/resource-input'
import type { Portal, ResourceSummary } from '../../api/ckan/types'
import { useDebouncedValue } from '../../components/ui/use-debounced-value'
import { mainCatalogue, type MainMessages } from '../../i18n/catalogues/main'
import { useI18n, useMessages } from '../../i18n/i18n-context'
import type { Translate } from '../../i18n/translate'
import { useEnvironment } from '../../instance/environment'
import { resourceSearchQueryOptions } from '../../queries/datastore-queries'

// Loaded when the Table box is first focused (else at the first open): see read-resource-input.ts.
const loadResourceInput = () => import('./read-resource-input')

export const PICKER_DEBOUNCE_MS = 300

type Option =
  | { kind: 'resource'; summary: ResourceSummary; group: 'recent' | 'results' }
  | { kind: 'typed'; text: string }

/** What the live status line says about the catalogue search of `typed`. */
function searchStatus(
  t: Translate<MainMessages>,
  typed: string,
  settled: string,
  results: { isFetching: boolean; isError: boolean; data?: readonly ResourceSummary[] },
): string {
  if (typed === '') return ''
  if (results.isFetching || settled !== typed) return t('picker.searching')
  if (results.isError) return t('picker.searchFailed')
  if (!results.data) return ''
  if (results.data.length === 0) return t('picker.noMatch', { text: typed })
  return t('picker.resultCount', { count: results.data.length })
}

function looksLikeLink(text: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(text.trim()) || text.trim().startsWith('/')
}

/**
 * The table chooser: an ARIA 1.2 combobox over the portal's catalogue search (debounced), the
 * recently opened tables, and "open what I pasted" for ids and links.
 */
export function ResourcePicker({
  portal,
  recent,
  onOpen,
  compact = false,
  onTextChange,
}: {
  portal: Portal
  recent: readonly ResourceSummary[]
  onOpen: (input: ParsedResourceInput, summary?: ResourceSummary) => void
  /** One line, for the header of an open table: the heading and the hint are for screen readers only. */
  compact?: boolean
  /** What is typed in the box, as it changes (the start page filters its list of tables with it). */
  onTextChange?: (text: string) => void
}) {
  const t = useMessages(mainCatalogue)
  const i18n = useI18n()
  const { api } = useEnvironment()
  const [text, setTextState] = useState('')
  const setText = (next: string) => {
    setTextState(next)
    onTextChange?.(next)
  }
  const [expanded, setExpanded] = useState(false)
  const [active, setActive] = useState(-1)
  const [problem, setProblem] = useState<string | null>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  const ids = { listbox: useId(), hint: useId(), problem: useId(), option: useId() }
  const settled = useDebouncedValue(text.trim(), PICKER_DEBOUNCE_MS)
  const searchable = expanded && !looksLikeLink(settled)
  const results = useQuery({ ...resourceSearchQueryOptions(api, portal, settled), enabled: searchable })

  const options: Option[] = []
  if (text.trim() === '') {
    for (const summary of recent) options.push({ kind: 'resource', summary, group: 'recent' })
  }
  if (!looksLikeLink(text) && results.data && settled === text.trim()) {
    for (const summary of results.data) options.push({ kind: 'resource', summary, group: 'results' })
  }
  if (text.trim() !== '') options.push({ kind: 'typed', text: text.trim() })
  const showList = expanded && options.length > 0
  const activeOption = showList && active >= 0 ? options[active] : undefined

  const choose = (option: Option | undefined) => {
    if (!option) return void openTyped(text)
    if (option.kind === 'resource') {
      setText('')
      setExpanded(false)
      setProblem(null)
      onOpen({ resourceId: option.summary.id }, option.summary)
    } else {
      void openTyped(option.text)
    }
  }

  const openTyped = async (value: string) => {
    const reader = await loadResourceInput().catch(() => null)
    if (!reader) {
      setProblem(t('picker.loadFailed'))
      return
    }
    const parsed = reader.readResourceInput(value, portal.baseUrl, i18n)
    if ('problem' in parsed) {
      setProblem(parsed.problem)
      return
    }
    setProblem(null)
    setText('')
    setExpanded(false)
    // a name typed exactly as listed: keep its dataset title for the heading
    const known = results.data?.find((summary) => summary.id === parsed.resourceId)
    onOpen(parsed, known)
  }

  const status = expanded && searchable ? searchStatus(t, text.trim(), settled, results) : ''

  return (
    <section
      className={compact ? 'dse-picker dse-picker--compact' : 'dse-picker'}
      aria-labelledby={`${ids.hint}-heading`}
    >
      <h2 id={`${ids.hint}-heading`} className={compact ? 'dse-visually-hidden' : 'dse-section-title'}>
        {t('picker.heading')}
      </h2>
      <form
        className="dse-picker__form"
        onSubmit={(event) => {
          event.preventDefault()
          choose(activeOption)
        }}
      >
        <div className="dse-picker__combo">
          <label className="dse-field">
            <span className="dse-field__label">{t('picker.label')}</span>
            <input
              ref={inputRef}
              className="dse-input"
              type="text"
              role="combobox"
              dir="auto"
              autoComplete="off"
              spellCheck={false}
              aria-autocomplete="list"
              aria-expanded={showList}
              aria-controls={ids.listbox}
              aria-activedescendant={activeOption ? `${ids.option}-${active}` : undefined}
              aria-describedby={problem ? `${ids.problem} ${ids.hint}` : ids.hint}
              aria-invalid={problem ? true : undefined}
              placeholder={t('picker.placeholder')}
              value={text}
              onChange={(event) => {
                setText(event.target.value)
                setExpanded(true)
                setActive(-1)
                setProblem(null)
              }}
              onFocus={() => {
                setExpanded(true)
                void loadResourceInput().catch(() => undefined)
              }}
              onBlur={() => setExpanded(false)}
              onKeyDown={(event) => {
                if (event.key === 'ArrowDown') {
                  event.preventDefault()
                  setExpanded(true)
                  setActive(options.length === 0 ? -1 : (active + 1) % options.length)
                } else if (event.key === 'ArrowUp') {
                  event.preventDefault()
                  setExpanded(true)
                  setActive(options.length === 0 ? -1 : active <= 0 ? options.length - 1 : active - 1)
                } else if (event.key === 'Escape') {
                  if (showList) {
                    event.preventDefault()
                    setExpanded(false)
                    setActive(-1)
                  } else if (text !== '') {
                    event.preventDefault()
                    setText('')
                  }
                }
              }}
            />
          </label>
          <ul
            id={ids.listbox}
            role="listbox"
            aria-label={t('picker.label')}
            className="dse-picker__list"
            hidden={!showList}
          >
            {options.map((option, index) => {
              const previous = options[index - 1]
              const groupStart =
                option.kind === 'resource' &&
                (previous === undefined || previous.kind !== 'resource' || previous.group !== option.group)
              return (
                <li
                  key={option.kind === 'resource' ? `${option.group}:${option.summary.id}` : 'typed'}
                  id={`${ids.option}-${index}`}
                  role="option"
                  aria-selected={index === active}
                  className={`dse-picker__option${index === active ? ' dse-picker__option--active' : ''}`}
                  // keep focus in the input, so the list does not close before the click lands
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(option)}
                >
                  {groupStart && (
                    <span className="dse-picker__group" aria-hidden="true">
                      {option.group === 'recent' ? t('picker.recent') : t('picker.results')}
                    </span>
                  )}
                  {option.kind === 'resource' ? (
                    <>
                      <span className="dse-picker__name">{option.summary.name}</span>
                      {option.summary.datasetTitle && (
                        <span className="dse-picker__dataset">
                          {t('picker.inDataset', { title: option.summary.datasetTitle })}
                        </span>
                      )}
                    </>
                  ) : (
                    <span className="dse-picker__name">{t('picker.openTyped', { text: option.text })}</span>
                  )}
                </li>
              )
            })}
          </ul>
        </div>
        <button type="submit" className="dse-button dse-button--primary">
          {t('picker.open')}
        </button>
      </form>
      <p id={ids.hint} className={compact ? 'dse-visually-hidden' : 'dse-hint'}>
        {t('picker.hint')}
      </p>
      <p className="dse-picker__status" role="status">
        {status}
      </p>
      {problem && (
        <p id={ids.problem} className="dse-field-error" role="alert">
          {problem}
        </p>
      )}
    </section>
  )
}
