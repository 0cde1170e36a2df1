import { useEffect, useId, useRef, useState } from 'react'
import { createDebouncer, type Debouncer } from '../../components/ui/debouncer'
import { mainCatalogue } from '../../i18n/catalogues/main'
import { useMessages } from '../../i18n/i18n-context'
import type { SearchMode } from '../../model/explorer-state'

/** Results update when typing pauses this long; Enter searches at once. */
export const SEARCH_DEBOUNCE_MS = 300

export interface SearchBoxProps {
  q: string
  mode: SearchMode
  onSearch: (q: string) => void
  onModeChange: (mode: SearchMode) => void
  disabled?: boolean
  /** One line: the box alone (its label and hint kept for screen readers); whole words go elsewhere. */
  compact?: boolean
}

export function SearchBox({ q, mode, onSearch, onModeChange, disabled, compact }: SearchBoxProps) {
  const t = useMessages(mainCatalogue)
  const [text, setText] = useState(q)
  const [shownQ, setShownQ] = useState(q)
  // the last value this box sent: when q comes back equal to it, it is our own echo, not news
  const [sent, setSent] = useState(q)
  const hintId = useId()
  const onSearchRef = useRef(onSearch)
  useEffect(() => {
    onSearchRef.current = onSearch
  }, [onSearch])
  const textRef = useRef(text)
  useEffect(() => {
    textRef.current = text
  }, [text])
  const debouncerRef = useRef<Debouncer<string> | null>(null)
  const debouncer = () =>
    (debouncerRef.current ??= createDebouncer((value: string) => {
      // the box was reset from outside meanwhile (Back, another table): that wins
      if (value !== textRef.current) return
      setSent(value)
      onSearchRef.current(value)
    }, SEARCH_DEBOUNCE_MS))
  useEffect(() => () => debouncerRef.current?.cancel(), [])

  // q changed from outside (Back, another table): show it instead of what was typed
  const external = q !== shownQ && q !== sent
  if (q !== shownQ) {
    setShownQ(q)
    if (external) {
      setText(q)
      setSent(q)
    }
  }
  return (
    <search className={compact ? 'dse-search dse-search--compact' : 'dse-search'}>
      <form
        className="dse-search__form"
        onSubmit={(event) => {
          event.preventDefault()
          debouncer().cancel()
          setSent(text)
          onSearch(text)
        }}
      >
        <label className="dse-field">
          <span className={compact ? 'dse-visually-hidden' : 'dse-field__label'}>{t('search.label')}</span>
          <input
            type="search"
            dir="auto"
            className="dse-input dse-search__input"
            value={text}
            placeholder={t('search.placeholder')}
            aria-describedby={hintId}
            disabled={disabled}
            onChange={(event) => {
              setText(event.target.value)
              debouncer().schedule(event.target.value)
            }}
          />
        </label>
        {!compact && (
          <WholeWordsCheck mode={mode} onModeChange={onModeChange} {...(disabled ? { disabled } : {})} />
        )}
      </form>
      <p id={hintId} className={compact ? 'dse-visually-hidden' : 'dse-hint'}>
        {mode === 'plain' ? t('search.hintWhole') : t('search.hint')}
      </p>
    </search>
  )
}

/** CKAN's whole-word search, or the start of words: beside the box, or in the compact toolbar's sheet. */
export function WholeWordsCheck({
  mode,
  onModeChange,
  disabled,
}: {
  mode: SearchMode
  onModeChange: (mode: SearchMode) => void
  disabled?: boolean
}) {
  const t = useMessages(mainCatalogue)
  return (
    <label className="dse-check">
      <input
        type="checkbox"
        checked={mode === 'plain'}
        disabled={disabled}
        onChange={(event) => onModeChange(event.target.checked ? 'plain' : 'prefix')}
      />
      <span>{t('search.wholeWords')}</span>
    </label>
  )
}
