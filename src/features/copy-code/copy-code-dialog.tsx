// "Copy as code": the view as a page link, an API address, curl, Python, JavaScript and R, one tab
// each, every one with a Copy button whose result is said in a polite live region. Loaded lazily with
// its catalogue: it is not needed for the first rows.
import { useQuery } from '@tanstack/react-query'
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { needsOperators } from '../../api/ckan/filters'
import type { CkanField, Portal, SearchRequest } from '../../api/ckan/types'
import { CodeBlock } from '../../components/ui/code-block'
import { CopyButton } from '../../components/ui/copy-button'
import { Dialog } from '../../components/ui/dialog'
import { copyCodeCatalogue, type CopyCodeMessages } from '../../i18n/catalogues/copy-code'
import { useFormats, useMessages } from '../../i18n/i18n-context'
import { useEnvironment } from '../../instance/environment'
import type { SummarySpec } from '../../lib/summary/summary-spec'
import type { ExplorerState } from '../../model/explorer-state'
import { writeFilters } from '../../model/filters'
import { filterOperatorsQueryOptions } from '../../queries/datastore-queries'
import { SNIPPET_PAGE_SIZE, viewSnippets, type CodeSnippets } from './code-snippets'
import { summarySnippets } from './summary-snippets'

export interface CopyCodeDialogProps {
  open: boolean
  onClose: () => void
  portal: Portal
  state: ExplorerState
  /** The table's fields, in its column order: the visible ones become `fields`. */
  fields: readonly CkanField[]
  /** A summary of the view (the Summary tab's): the programs compute it instead of listing records. */
  summary?: { spec: SummarySpec; view: SearchRequest } | null
}

type Form = 'link' | 'apiUrl' | 'curl' | 'python' | 'javascript' | 'r'
type SummaryForm = 'pandas' | 'dplyr' | 'loop'

/** The hints under a form's code: what it does, and what the user must know to run it. */
function formHints(
  form: Form,
  snippets: CodeSnippets,
  tokenInUse: boolean,
  all: boolean,
): Array<keyof CopyCodeMessages> {
  const hints: Array<keyof CopyCodeMessages> = []
  const address = form === 'apiUrl' || (form === 'curl' && snippets.curlUsesDump)
  if (form === 'link') hints.push('copyCode.linkHint')
  if (form === 'apiUrl') hints.push(all ? 'copyCode.apiUrlAllHint' : 'copyCode.apiUrlHint')
  if (form === 'curl') hints.push(snippets.curlUsesDump ? 'copyCode.curlDumpHint' : 'copyCode.curlHint')
  if (form === 'python' || form === 'javascript' || form === 'r') hints.push(`copyCode.${form}Hint`)
  if (tokenInUse && form !== 'link')
    hints.push(form === 'apiUrl' ? 'copyCode.addressTokenHint' : 'copyCode.tokenHint')
  if (address && snippets.addressInexact) hints.push('copyCode.inexactHint')
  return hints
}

export function CopyCodeDialog(props: CopyCodeDialogProps) {
  return props.summary ? (
    <SummaryCodeDialog {...props} summary={props.summary} />
  ) : (
    <ViewCodeDialog {...props} />
  )
}

function ViewCodeDialog({ open, onClose, portal, state, fields }: CopyCodeDialogProps) {
  const t = useMessages(copyCodeCatalogue)
  const formats = useFormats()
  const { layout, api, viewStore } = useEnvironment()
  // ranges go into the code as CKAN 2.12 writes them: a portal before 2.12 cannot apply them
  const usesOperators = needsOperators(writeFilters(state.filters))
  const operators = useQuery({
    ...filterOperatorsQueryOptions(api, portal, state.resourceId ?? ''),
    enabled: usesOperators && !!state.resourceId,
  })
  const oldPortal = usesOperators && operators.data === false
  // the standalone page's address is the view (an embed's view lives in memory: it has no link)
  const pageLink = layout === 'page' ? viewStore.link?.() : undefined
  const snippets = useMemo(
    () => viewSnippets(portal, state, fields, pageLink),
    [portal, state, fields, pageLink],
  )
  const forms: Form[] = [
    ...(snippets.pageLink ? (['link'] as const) : []),
    'apiUrl',
    'curl',
    'python',
    'javascript',
    'r',
  ]
  // the page link first, when there is one: what a reader who is not a programmer wants to share
  const [chosen, setChosen] = useState<Form>(forms[0]!)
  const form = forms.includes(chosen) ? chosen : forms[0]!
  const code = form === 'link' ? (snippets.pageLink ?? '') : snippets[form]
  const tokenInUse = !!portal.token?.trim()
  const pageSize = formats.count(SNIPPET_PAGE_SIZE)
  const hints = [
    ...formHints(form, snippets, tokenInUse, state.limit === 'all'),
    ...(oldPortal && form !== 'link' ? (['copyCode.operatorsHint'] as const) : []),
  ].map((key) => t(key, { count: pageSize }))

  return (
    <Dialog open={open} onClose={onClose} title={t('copyCode.title')}>
      <p className="dse-hint dse-copy-code__intro">{t('copyCode.intro')}</p>
      <CodeTabs<Form>
        forms={forms}
        form={form}
        onChoose={setChosen}
        code={code}
        hints={hints}
        wrap={form === 'link' || form === 'apiUrl'}
        tabLabel={(name: Form) => t(`copyCode.${name}`)}
      />
    </Dialog>
  )
}

function SummaryCodeDialog({
  open,
  onClose,
  portal,
  summary,
}: CopyCodeDialogProps & { summary: { spec: SummarySpec; view: SearchRequest } }) {
  const t = useMessages(copyCodeCatalogue)
  const { api } = useEnvironment()
  const snippets = useMemo(() => summarySnippets(portal, summary.view, summary.spec), [portal, summary])
  // the code sends the view's ranges as CKAN 2.12 writes them: a portal before 2.12 cannot apply them
  const usesOperators = needsOperators(summary.view.filters)
  const operators = useQuery({
    ...filterOperatorsQueryOptions(api, portal, summary.view.resourceId),
    enabled: usesOperators,
  })
  const forms: SummaryForm[] = ['pandas', 'dplyr', 'loop']
  const [form, setForm] = useState<SummaryForm>('pandas')
  const code = form === 'pandas' ? snippets.python : form === 'dplyr' ? snippets.r : snippets.javascript
  const hints = [
    t(`copyCode.${form}Hint`),
    ...(portal.token?.trim() ? [t('copyCode.tokenHint')] : []),
    ...(usesOperators && operators.data === false ? [t('copyCode.operatorsHint')] : []),
  ]
  return (
    <Dialog open={open} onClose={onClose} title={t('copyCode.summaryTitle')}>
      <p className="dse-hint dse-copy-code__intro">{t('copyCode.summaryIntro')}</p>
      <CodeTabs<SummaryForm>
        forms={forms}
        form={form}
        onChoose={setForm}
        code={code}
        hints={hints}
        wrap={false}
        tabLabel={(name: SummaryForm) => t(`copyCode.${name}`)}
      />
    </Dialog>
  )
}

/** The forms as tabs, and the chosen one's hints, code and Copy button. */
function CodeTabs<F extends string>({
  forms,
  form,
  onChoose,
  code,
  hints,
  wrap,
  tabLabel,
}: {
  forms: readonly F[]
  form: F
  onChoose(form: F): void
  code: string
  hints: readonly string[]
  /** An address (a link): wrapped anywhere, not as code lines. */
  wrap: boolean
  tabLabel(form: F): string
}) {
  const t = useMessages(copyCodeCatalogue)
  const baseId = useId()
  const tabId = (name: F) => `${baseId}-tab-${name}`
  const panelId = `${baseId}-panel`
  const tabRefs = useRef(new Map<F, HTMLButtonElement>())

  const choose = (next: F) => onChoose(next)
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: -1 }
    if (!Object.hasOwn(moves, event.key)) return
    event.preventDefault()
    const next = forms.at(moves[event.key]! % forms.length)!
    choose(next)
    tabRefs.current.get(next)?.focus()
  }

  return (
    <>
      <div className="dse-view-tabs dse-copy-code__tabs" role="tablist" aria-label={t('copyCode.forms')}>
        {forms.map((name, index) => (
          <button
            key={name}
            ref={(element) => {
              if (element) tabRefs.current.set(name, element)
              else tabRefs.current.delete(name)
            }}
            type="button"
            role="tab"
            id={tabId(name)}
            className="dse-view-tab"
            aria-selected={form === name}
            aria-controls={panelId}
            tabIndex={form === name ? 0 : -1}
            data-autofocus={form === name ? true : undefined}
            onClick={() => choose(name)}
            onKeyDown={(event) => onTabKey(event, index)}
          >
            {tabLabel(name)}
          </button>
        ))}
      </div>
      <div id={panelId} role="tabpanel" aria-labelledby={tabId(form)} className="dse-copy-code__panel">
        {hints.map((hint) => (
          <p key={hint} className="dse-hint">
            {hint}
          </p>
        ))}
        <CodeBlock code={code} wrap={wrap} />
        <CopyButton
          text={code}
          resetKey={form}
          labels={{
            copy: t('copyCode.copy'),
            copied: t('copyCode.copied'),
            refused: t('copyCode.copyRefused'),
          }}
        />
      </div>
    </>
  )
}
