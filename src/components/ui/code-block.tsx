/**
 * Code shown to be read and copied. Focusable, so that a keyboard can scroll a long one; left to right
 * in any language; `wrap` for an address, one long word that reads whole without scrolling sideways.
 */
export function CodeBlock({
  code,
  wrap = false,
  labelledBy,
}: {
  code: string
  wrap?: boolean
  labelledBy?: string
}) {
  return (
    <pre
      className={wrap ? 'dse-code-block dse-code-block--wrap' : 'dse-code-block'}
      dir="ltr"
      tabIndex={0}
      aria-labelledby={labelledBy}
    >
      <code>{code}</code>
    </pre>
  )
}
