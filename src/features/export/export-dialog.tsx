// The Download dialog: the format (CSV, with Excel's BOM or not; JSON; XLSX), what the file will
// hold, then the progress with records done, time left and Cancel, and how it ended. Loaded lazily
// with its catalogue. The work is export-run.ts; this only wires it to the page.
import { useQueryClient } from '@tanstack/react-query'
import { Fragment, useCallback, useEffect, useId, useRef, useState } from 'react'
import type { CkanField, Portal, SearchRequest } from '../../api/ckan/types'
import { Dialog } from '../../components/ui/dialog'
import { exportCatalogue } from '../../i18n/catalogues/export'
import { useMessages } from '../../i18n/i18n-context'
import { withoutIsolation } from '../../i18n/translate'
import { useEnvironment } from '../../instance/environment'
import type { Limit } from '../../model/explorer-state'
import { viewSource } from '../../queries/view-source'
import type { ColumnLayout } from '../../model/column-layout'
import { shownColumns } from '../../model/fields'
import { csvOutput, jsonOutput, xlsxOutput, type RecordOutput } from './export-outputs'
import { exportFileName, isFiltered, type ExportColumn, type ExportFormat } from './export-plan'
import { runExport, type ExportProgress } from './export-run'
import { secondsLeft, timeLeft } from '../../lib/time-left'
import { failureReason, type FailureReason } from './export-status'
import { chooseFileSink } from './file-sinks'
import { createXlsxBuilder, XLSX_MAX_RECORDS } from './xlsx-workbook'

export interface ExportDialogProps {
  open: boolean
  onClose: () => void
  portal: Portal
  /** The view's request: its search, filters and sort. */
  view: SearchRequest
  limit: Limit
  fields: readonly CkanField[]
  /** How the view arranges its columns: the file has the shown ones, in the grid's order. */
  layout: ColumnLayout
  /** The table's name, for the file name. */
  name: string | undefined
  /** The matching records as the count line says them (exact or estimated), when known. */
  total: number | undefined
  /** Whether `total` is the portal's estimate: the download then counts exactly before it starts. */
  totalEstimated?: boolean
}

type Phase =
  | { step: 'choose' }
  | { step: 'running'; progress: ExportProgress | null; secondsLeft?: number }
  | { step: 'done'; records: number; fileName: string }
  | { step: 'cancelled' }
  | { step: 'failed'; reason: FailureReason }

const MIME_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv',
  json: 'application/json',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
}

/** The progress shown is redrawn at most this often. */
const PROGRESS_EVERY_MS = 150

export function ExportDialog(props: ExportDialogProps) {
  const { open, onClose, portal, view, limit, fields, layout, name, total, totalEstimated } = props
  const t = useMessages(exportCatalogue)
  const { api } = useEnvironment()
  const queryClient = useQueryClient()
  const [format, setFormat] = useState<ExportFormat>('csv')
  const [bom, setBom] = useState(false)
  const [phase, setPhase] = useState<Phase>({ step: 'choose' })
  const controller = useRef<AbortController | null>(null)
  const linkPlace = useRef<HTMLDivElement>(null)
  const formatName = useId()

  // closing the dialog cancels a running export, and it opens again on the choice of format
  const close = useCallback(() => {
    controller.current?.abort()
    setPhase({ step: 'choose' })
    onClose()
  }, [onClose])
  // leaving the table cancels it too
  useEffect(() => () => controller.current?.abort(), [])

  const columns = shownColumns(fields, layout.hidden, layout.columns, layout.pinned)
  const shownTotal = total === undefined ? undefined : limit === 'all' ? total : Math.min(limit, total)
  const xlsxTooMany = shownTotal !== undefined && shownTotal > XLSX_MAX_RECORDS
  const fileName = exportFileName({
    name,
    resourceId: view.resourceId,
    filtered: isFiltered(view),
    date: new Date(),
    format,
  })

  async function start() {
    const place = linkPlace.current
    if (!place) return
    // first, while the click still counts as the user's gesture: the picker needs one
    const sink = await chooseFileSink({
      fileName,
      mimeType: MIME_TYPES[format],
      extension: format,
      description: t(`export.${format}File`),
      container: place,
    })
    if (!sink) return
    const abort = new AbortController()
    controller.current = abort
    // an exact total is known already: the progress says "0 of N" at once, and nothing is counted again
    const knownTotal = totalEstimated ? undefined : total
    setPhase({
      step: 'running',
      progress: shownTotal === undefined || totalEstimated ? null : { done: 0, total: shownTotal },
    })
    const started = Date.now()
    let shownAt = 0
    try {
      const output = await outputFor(format, sink, columns, bom, t)
      // the records the table shows: an old portal's ranges applied by the browser, as the table's are
      const source = await viewSource(api, portal, view, queryClient)
      const outcome = await runExport({
        portal,
        search: source.search,
        view,
        limit,
        columns,
        output,
        dump: source.dump ? (format === 'csv' ? 'csv' : 'json') : null,
        signal: abort.signal,
        ...(knownTotal === undefined ? {} : { knownTotal }),
        onProgress: (progress) => {
          const now = Date.now()
          if (now - shownAt < PROGRESS_EVERY_MS && progress.done !== progress.total) return
          shownAt = now
          const left = secondsLeft(progress.done, progress.total, now - started)
          setPhase({ step: 'running', progress, ...(left === undefined ? {} : { secondsLeft: left }) })
        },
      })
      setPhase({ step: 'done', records: outcome.records, fileName })
    } catch (error) {
      await sink.abort().catch(() => undefined)
      // (closed meanwhile: the dialog already went back to the choice)
      if (abort.signal.aborted) setPhase((now) => (now.step === 'running' ? { step: 'cancelled' } : now))
      else setPhase({ step: 'failed', reason: failureReason(error) })
    } finally {
      if (controller.current === abort) controller.current = null
    }
  }

  const running = phase.step === 'running'
  const footer = running ? (
    <button
      type="button"
      className="dse-button dse-button--secondary"
      onClick={() => controller.current?.abort()}
    >
      {t('export.cancel')}
    </button>
  ) : phase.step === 'choose' ? (
    <button
      type="button"
      className="dse-button dse-button--primary"
      disabled={columns.length === 0 || (format === 'xlsx' && xlsxTooMany)}
      onClick={() => void start()}
    >
      {t('export.start')}
    </button>
  ) : (
    <button
      type="button"
      className="dse-button dse-button--primary"
      onClick={() => setPhase({ step: 'choose' })}
    >
      {phase.step === 'done' ? t('export.start') : t('export.tryAgain')}
    </button>
  )

  return (
    <Dialog open={open} onClose={close} title={t('export.title')} footer={footer}>
      <div className="dse-export" ref={linkPlace}>
        {phase.step === 'choose' ? (
          <>
            <fieldset className="dse-export__formats">
              <legend>{t('export.format')}</legend>
              {(['csv', 'json', 'xlsx'] as const).map((choice, index) => (
                <Fragment key={choice}>
                  <label className="dse-check">
                    <input
                      type="radio"
                      name={formatName}
                      value={choice}
                      checked={format === choice}
                      onChange={() => setFormat(choice)}
                      {...(index === 0 ? { 'data-autofocus': true } : {})}
                    />
                    <span>{t(`export.${choice}`)}</span>
                  </label>
                  {choice === 'csv' && (
                    // under CSV, which it belongs to (Excel's byte order mark)
                    <label className="dse-check dse-export__bom">
                      <input
                        type="checkbox"
                        checked={bom}
                        disabled={format !== 'csv'}
                        onChange={(event) => setBom(event.target.checked)}
                      />
                      <span>{t('export.csvBom')}</span>
                    </label>
                  )}
                </Fragment>
              ))}
            </fieldset>
            {columns.length === 0 ? (
              <p className="dse-field-error">{t('export.noColumns')}</p>
            ) : format === 'xlsx' && xlsxTooMany ? (
              <p className="dse-field-error">{t('export.xlsxTooMany', { max: XLSX_MAX_RECORDS })}</p>
            ) : (
              <p>
                {shownTotal === undefined
                  ? t('export.summaryAll', { columns: columns.length })
                  : t('export.summary', { count: shownTotal, columns: columns.length })}
              </p>
            )}
            <p className="dse-hint">{t('export.fileName', { name: fileName })}</p>
          </>
        ) : phase.step === 'running' ? (
          <Progress phase={phase} />
        ) : phase.step === 'done' ? (
          <p role="status">{t('export.done', { count: phase.records, name: phase.fileName })}</p>
        ) : phase.step === 'cancelled' ? (
          <p role="status">{t('export.cancelled')}</p>
        ) : (
          <div role="alert">
            <p>{t('export.failed')}</p>
            <p>{reasonText(phase.reason, t)}</p>
          </div>
        )}
      </div>
    </Dialog>
  )
}

function Progress({ phase }: { phase: Extract<Phase, { step: 'running' }> }) {
  const t = useMessages(exportCatalogue)
  const labelId = useId()
  const progress = phase.progress
  const text =
    progress === null || (progress.done === 0 && progress.total === undefined)
      ? t('export.preparing')
      : progress.total === undefined
        ? t('export.progressNoTotal', { done: progress.done })
        : t('export.progress', { done: progress.done, total: progress.total })
  const left = phase.secondsLeft === undefined ? null : timeLeft(phase.secondsLeft)
  return (
    <div className="dse-export__progress">
      <p id={labelId}>{text}</p>
      <progress
        aria-labelledby={labelId}
        {...(progress?.total ? { value: progress.done, max: progress.total } : {})}
      />
      <p className="dse-hint">
        {left
          ? left.unit === 'seconds'
            ? t('export.secondsLeft', { count: left.count })
            : t('export.minutesLeft', { count: left.count })
          : ''}
      </p>
    </div>
  )
}

type ExportTranslate = ReturnType<typeof useMessages<typeof exportCatalogue.en>>

function reasonText(reason: FailureReason, t: ExportTranslate): string {
  switch (reason.kind) {
    case 'network':
      return t('export.failedNetwork')
    case 'server':
      return t('export.failedServer')
    case 'busy':
      return t('export.failedBusy')
    case 'incomplete':
      return t('export.failedIncomplete', { records: reason.records, total: reason.total })
    case 'refused':
      return t('export.failedRefused', { detail: reason.detail })
    case 'operators':
      return t('export.failedOperators')
    case 'disk':
      return t('export.failedDisk', { detail: reason.detail })
  }
}

async function outputFor(
  format: ExportFormat,
  sink: Parameters<typeof csvOutput>[0],
  columns: readonly ExportColumn[],
  bom: boolean,
  t: ExportTranslate,
): Promise<RecordOutput> {
  if (format === 'csv') return csvOutput(sink, columns, bom)
  if (format === 'json') return jsonOutput(sink, columns)
  // words written into the file: no marks that only lay the screen out
  const words = (
    key: `export.${'recordsSheet' | 'columnsSheet' | 'columnId' | 'columnLabel' | 'columnNotes'}`,
  ) => withoutIsolation(t(key))
  const builder = await createXlsxBuilder(columns, {
    recordsSheet: words('export.recordsSheet'),
    columnsSheet: words('export.columnsSheet'),
    columnsHeader: [words('export.columnId'), words('export.columnLabel'), words('export.columnNotes')],
  })
  return xlsxOutput(sink, builder)
}
