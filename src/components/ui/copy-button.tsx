// A Copy button whose result is said in a polite live region beside it: "Copied", or, when the
// browser refuses (no permission, an insecure page, a frame without the clipboard), how to copy by
// hand. The words come from the caller's catalogue.
import { useState } from 'react'
import { copyText } from './clipboard'

export interface CopyButtonProps {
  /** The text to copy, read when the button is pressed. */
  text: string
  labels: { copy: string; copied: string; refused: string }
  /** Changes when what is shown changes (another form): the last result is cleared then. */
  resetKey?: string
}

export function CopyButton({ text, labels, resetKey = '' }: CopyButtonProps) {
  // each result replaces the live region's text node, so a second "Copied" is announced too
  const [status, setStatus] = useState<{ text: string; serial: number; key: string }>({
    text: '',
    serial: 0,
    key: resetKey,
  })
  const shown = status.key === resetKey ? status.text : ''
  const copy = async () => {
    // navigator.clipboard is undefined on a page that is not a secure context
    const result = await copyText(navigator.clipboard as Clipboard | undefined, text)
    const said = result === 'copied' ? labels.copied : labels.refused
    setStatus((previous) => ({ text: said, serial: previous.serial + 1, key: resetKey }))
  }
  return (
    <div className="dse-copy-button">
      <button type="button" className="dse-button dse-button--primary" onClick={() => void copy()}>
        {labels.copy}
      </button>
      <p className="dse-copy-button__status" role="status" aria-live="polite">
        <span key={status.serial}>{shown}</span>
      </p>
    </div>
  )
}
