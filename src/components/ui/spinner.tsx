import { uiText } from './ui-messages'

/** A small animated indicator with text; the text is what assistive technology reads. */
export function Spinner({ label = uiText('loading') }: { label?: string }) {
  return (
    <span className="dse-spinner">
      <span className="dse-spinner__wheel" aria-hidden="true" />
      <span>{label}</span>
    </span>
  )
}
