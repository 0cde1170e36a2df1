// "Embed this view": the view as HTML for another page, as the <datastore-explorer> element or as an
// iframe, with its height and whether readers may open other tables; the code with a Copy button, and
// a live preview built from that code. Loaded lazily with its catalogue: not needed for the first rows.
import { pageOrigin } from '../../api/ckan/page-address'
import { useQuery } from '@tanstack/react-query'
import { useId, useMemo, useState } from 'react'
import type { Portal } from '../../api/ckan/types'
import { CodeBlock } from '../../components/ui/code-block'
import { CopyButton } from '../../components/ui/copy-button'
import { Dialog } from '../../components/ui/dialog'
import { embedCodeCatalogue } from '../../i18n/catalogues/embed-code'
import { useFormats, useMessages } from '../../i18n/i18n-context'
import { useEnvironment } from '../../instance/environment'
import type { ExplorerState } from '../../model/explorer-state'
import { serializeExplorerState } from '../../model/url-codec'
import { EmbedPreview } from './embed-preview'
import { fetchRelease } from './embed-release'
import {
  DEFAULT_HEIGHT,
  embedSnippet,
  MAX_HEIGHT,
  MIN_HEIGHT,
  readHeight,
  type EmbedForm,
} from './embed-snippet'

export interface EmbedCodeDialogProps {
  open: boolean
  onClose: () => void
  portal: Portal
  state: ExplorerState
  /** The table's name, for the iframe's title. */
  tableName: string
}

/** How the page gives the element a token: the line the hint and the snippet's comment show. */
const TOKEN_CODE = "document.querySelector('datastore-explorer').token = yourToken"

export function EmbedCodeDialog({ open, onClose, portal, state, tableName }: EmbedCodeDialogProps) {
  const t = useMessages(embedCodeCatalogue)
  const formats = useFormats()
  const { config } = useEnvironment()
  // the server this page came from serves the element's script (unless --public-url names another)
  const origin = pageOrigin() ?? ''
  const publicUrl = config.publicUrl ?? origin
  const release = useQuery({
    queryKey: ['embed-release', origin],
    queryFn: ({ signal }) => fetchRelease(origin, signal),
    staleTime: Number.POSITIVE_INFINITY,
  })

  const [form, setForm] = useState<EmbedForm>('element')
  const [heightText, setHeightText] = useState(String(DEFAULT_HEIGHT))
  // a height being typed that is not one yet leaves the code as it was
  const [height, setHeight] = useState(DEFAULT_HEIGHT)
  const heightInvalid = readHeight(heightText) === null
  const [picker, setPicker] = useState(false)
  const tokenInUse = !!portal.token?.trim()

  // the view in link-parameter form, as the page's address holds it; the interface language stays
  // the reader's (the embed speaks the portal's language, else the reader's)
  const view = useMemo(() => serializeExplorerState({ ...state, portal: null, lang: null }), [state])
  const snippet = useMemo(
    () =>
      embedSnippet(view, portal.baseUrl, {
        form,
        publicUrl,
        release: release.data ?? null,
        height,
        picker,
        title: t('embedCode.frameTitle', { table: tableName }),
        ...(tokenInUse ? { tokenComment: t('embedCode.tokenComment', { code: TOKEN_CODE }) } : {}),
      }),
    [view, portal.baseUrl, form, publicUrl, release.data, height, picker, tableName, tokenInUse, t],
  )

  const ids = { form: useId(), height: useId(), heightHint: useId(), code: useId(), preview: useId() }
  const limits = { min: formats.count(MIN_HEIGHT), max: formats.count(MAX_HEIGHT) }

  return (
    <Dialog open={open} onClose={onClose} title={t('embedCode.title')} className="dse-embed-code-dialog">
      <div className="dse-embed-code">
        <div className="dse-embed-code__settings">
          <p className="dse-hint">{t('embedCode.intro')}</p>
          <fieldset className="dse-embed-code__forms">
            <legend>{t('embedCode.form')}</legend>
            {(['element', 'iframe'] as const).map((choice, index) => (
              <label key={choice} className="dse-check dse-embed-code__form">
                <input
                  type="radio"
                  name={ids.form}
                  value={choice}
                  checked={form === choice}
                  onChange={() => setForm(choice)}
                  {...(index === 0 ? { 'data-autofocus': true } : {})}
                />
                <span>
                  {t(`embedCode.${choice}`)}
                  <span className="dse-hint dse-embed-code__form-hint">{t(`embedCode.${choice}Hint`)}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <div className="dse-embed-code__height">
            <label htmlFor={ids.height}>{t('embedCode.height')}</label>
            <input
              id={ids.height}
              className="dse-input"
              inputMode="numeric"
              value={heightText}
              aria-invalid={heightInvalid}
              aria-describedby={ids.heightHint}
              onChange={(event) => {
                setHeightText(event.target.value)
                const next = readHeight(event.target.value)
                if (next !== null) setHeight(next)
              }}
            />
            <p id={ids.heightHint} className={heightInvalid ? 'dse-field-error' : 'dse-hint'}>
              {heightInvalid
                ? t('embedCode.heightError', { ...limits, height: formats.count(height) })
                : t('embedCode.heightHint', limits)}
            </p>
          </div>
          <label className="dse-check">
            <input type="checkbox" checked={picker} onChange={(event) => setPicker(event.target.checked)} />
            <span>{t('embedCode.picker')}</span>
          </label>
          {tokenInUse && (
            <p className="dse-embed-code__token">
              {form === 'iframe'
                ? t('embedCode.iframeTokenHint')
                : t('embedCode.tokenHint', { code: TOKEN_CODE })}
            </p>
          )}
          <h3 id={ids.code} className="dse-embed-code__heading">
            {t('embedCode.code')}
          </h3>
          <CodeBlock code={snippet} labelledBy={ids.code} />
          <CopyButton
            text={snippet}
            labels={{
              copy: t('embedCode.copy'),
              copied: t('embedCode.copied'),
              refused: t('embedCode.copyRefused'),
            }}
          />
        </div>
        <section className="dse-embed-code__preview-part" aria-labelledby={ids.preview}>
          <h3 id={ids.preview} className="dse-embed-code__heading">
            {t('embedCode.preview')}
          </h3>
          <p className="dse-hint">{t('embedCode.previewHint')}</p>
          {/* the code first needs the release (its versioned script): the preview waits for it */}
          {!release.isPending && (
            <EmbedPreview
              snippet={snippet}
              publicUrl={publicUrl}
              token={tokenInUse ? portal.token : undefined}
              failedText={(detail) => t('embedCode.previewFailed', { detail })}
            />
          )}
        </section>
      </div>
    </Dialog>
  )
}
