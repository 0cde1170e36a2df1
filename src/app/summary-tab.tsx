// The Summary tab's wiring, loaded with it: the summary of the view, a chosen group as the view's
// filter (the table then shows its records), and "Copy as code" for the summary.
import { lazy, Suspense, useCallback, useLayoutEffect, useRef, useState } from 'react'
import type { Portal, SearchRequest, SearchResult } from '../api/ckan/types'
import { Spinner } from '../components/ui/spinner'
import { SummaryView } from '../features/summary/summary-view'
import { mainCatalogue } from '../i18n/catalogues/main'
import { useMessages } from '../i18n/i18n-context'
import type { SummarySpec } from '../lib/summary/summary-spec'
import type { ExplorerState } from '../model/explorer-state'
import { replaceCondition, setFilterValues } from '../model/filter-edits'
import type { FilterCondition } from '../model/filters'
import type { ChangeView } from './use-explorer-state'

const CopyCodeDialog = lazy(() =>
  import('../features/copy-code/copy-code-dialog').then((module) => ({ default: module.CopyCodeDialog })),
)

export interface SummaryTabProps {
  portal: Portal
  state: ExplorerState
  firstPage: SearchResult | undefined
  request: SearchRequest | null
  change: ChangeView
  tableName: string | undefined
}

export function SummaryTab({ portal, state, firstPage, request, change, tableName }: SummaryTabProps) {
  const t = useMessages(mainCatalogue)
  // the summary whose code is shown (the dialog stays mounted once opened, for its closing focus)
  const [code, setCode] = useState<{ spec: SummarySpec; open: boolean } | null>(null)
  // the summary's chart and table are memoised: what they call stays the same from render to render
  const latest = useRef({ change, filters: state.filters })
  useLayoutEffect(() => {
    latest.current = { change, filters: state.filters }
  })
  // a value replaces the column's values condition (as a value chosen in a profile does); a span (a
  // month, a range of numbers) is one more range condition, which narrows what the view already holds
  const chooseGroup = useCallback((conditions: FilterCondition[]) => {
    let next = latest.current.filters
    for (const condition of conditions)
      next =
        condition.kind === 'values'
          ? setFilterValues(next, condition.field, condition.values)
          : replaceCondition(next, undefined, condition)
    latest.current.change({ filters: next, tab: 'table' }, { history: 'push' })
  }, [])
  const changeSummary = useCallback(
    (summary: ExplorerState['summary']) => latest.current.change({ summary }, { history: 'push' }),
    [],
  )
  const copyCode = useCallback((spec: SummarySpec) => setCode({ spec, open: true }), [])
  if (!firstPage || !request) return <Spinner label={t('app.loadingTable')} />
  return (
    <>
      <SummaryView
        portal={portal}
        view={request}
        fields={firstPage.fields}
        chosen={state.summary}
        tableName={tableName}
        onChange={changeSummary}
        onChooseGroup={chooseGroup}
        onCopyCode={copyCode}
      />
      {code && (
        <Suspense fallback={null}>
          <CopyCodeDialog
            open={code.open}
            onClose={() => setCode({ ...code, open: false })}
            portal={portal}
            state={state}
            fields={firstPage.fields}
            summary={{ spec: code.spec, view: request }}
          />
        </Suspense>
      )}
    </>
  )
}
