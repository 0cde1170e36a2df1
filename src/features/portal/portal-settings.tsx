import { useId, useState, type Ref } from 'react'
import { normalisePortalUrl, portalHost } from '../../api/ckan/portal-url'
import { mainCatalogue } from '../../i18n/catalogues/main'
import { useMessages } from '../../i18n/i18n-context'

export interface PortalSettingsProps {
  baseUrl: string
  defaultBaseUrl: string
  /** Called with a validated, normalised base URL; `addedLocale` when `/en` was appended. */
  onPortalChange: (baseUrl: string, addedLocale: boolean) => void
  hasToken: boolean
  remember: boolean
  onTokenApply: (token: string, remember: boolean) => void
  onRememberChange: (remember: boolean) => void
  tokenInputRef?: Ref<HTMLInputElement>
  /** The open table refused access: point at the token field. */
  tokenWanted?: boolean
}

const PROBLEM_TEXT = {
  empty: 'portal.emptyAddress',
  'not-url': 'portal.notUrl',
  'not-http': 'portal.notHttp',
} as const

export function PortalSettings(props: PortalSettingsProps) {
  const {
    baseUrl,
    defaultBaseUrl,
    onPortalChange,
    hasToken,
    remember,
    onTokenApply,
    onRememberChange,
    tokenInputRef,
    tokenWanted,
  } = props
  const t = useMessages(mainCatalogue)
  const [address, setAddress] = useState(baseUrl)
  const [shownBaseUrl, setShownBaseUrl] = useState(baseUrl)
  const [problem, setProblem] = useState<string | null>(null)
  const [token, setToken] = useState('')
  const addressHintId = useId()
  const addressErrorId = useId()
  const tokenHintId = useId()
  const tokenWantedId = useId()
  const host = portalHost(baseUrl)

  if (baseUrl !== shownBaseUrl) {
    // the portal changed elsewhere (Back, a pasted link): show it, and drop a half-typed token
    setShownBaseUrl(baseUrl)
    setAddress(baseUrl)
    setToken('')
  }

  const applyAddress = () => {
    const result = normalisePortalUrl(address)
    if (!result.ok) {
      setProblem(t(PROBLEM_TEXT[result.reason]))
      return
    }
    setProblem(null)
    setAddress(result.baseUrl)
    if (result.baseUrl !== baseUrl) onPortalChange(result.baseUrl, result.addedLocale)
  }

  const applyToken = () => {
    if (token.trim() === '') return
    onTokenApply(token.trim(), remember)
    setToken('')
  }

  return (
    <section className="dse-portal" aria-labelledby={`${addressHintId}-heading`}>
      <h2 id={`${addressHintId}-heading`} className="dse-visually-hidden">
        {t('portal.heading')}
      </h2>
      <form
        className="dse-portal__form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          applyAddress()
        }}
      >
        <label className="dse-field dse-portal__address">
          <span className="dse-field__label">{t('portal.addressLabel')}</span>
          <input
            className="dse-input"
            type="url"
            dir="ltr"
            inputMode="url"
            autoComplete="url"
            spellCheck={false}
            value={address}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${addressErrorId} ${addressHintId}` : addressHintId}
            onChange={(event) => setAddress(event.target.value)}
          />
        </label>
        <button type="submit" className="dse-button dse-button--secondary">
          {t('portal.usePortal')}
        </button>
        {baseUrl !== defaultBaseUrl && (
          <button
            type="button"
            className="dse-button dse-button--quiet"
            onClick={() => onPortalChange(defaultBaseUrl, false)}
          >
            {t('portal.resetPortal')}
          </button>
        )}
        <p id={addressHintId} className="dse-hint dse-portal__hint">
          {t('portal.addressHint')}
        </p>
        {problem && (
          <p id={addressErrorId} className="dse-field-error">
            {problem}
          </p>
        )}
      </form>
      <form
        className={`dse-portal__form dse-portal__token-form${tokenWanted ? ' dse-portal__token-form--wanted' : ''}`}
        onSubmit={(event) => {
          event.preventDefault()
          applyToken()
        }}
      >
        <label className="dse-field dse-portal__token">
          <span className="dse-field__label">{t('portal.tokenLabel')}</span>
          <input
            ref={tokenInputRef}
            className="dse-input"
            type="password"
            autoComplete="off"
            spellCheck={false}
            value={token}
            aria-describedby={tokenWanted ? `${tokenWantedId} ${tokenHintId}` : tokenHintId}
            onChange={(event) => setToken(event.target.value)}
          />
        </label>
        <label className="dse-check">
          <input
            type="checkbox"
            checked={remember}
            onChange={(event) => onRememberChange(event.target.checked)}
          />
          <span>{t('portal.remember')}</span>
        </label>
        <button type="submit" className="dse-button dse-button--secondary">
          {t('portal.useToken')}
        </button>
        {hasToken && (
          <button
            type="button"
            className="dse-button dse-button--quiet"
            onClick={() => onTokenApply('', remember)}
          >
            {t('portal.forgetToken')}
          </button>
        )}
        {tokenWanted && (
          <p id={tokenWantedId} className="dse-portal__wanted">
            {t('portal.tokenWanted')}
          </p>
        )}
        <p id={tokenHintId} className="dse-hint dse-portal__hint">
          {hasToken ? `${t('portal.tokenInUse', { host })} ` : ''}
          {remember ? t('portal.tokenHintSession', { host }) : t('portal.tokenHint', { host })}
        </p>
      </form>
    </section>
  )
}
