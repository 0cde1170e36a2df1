/**
 * Moves the keyboard focus to the grid's entry point (its roving tab stop) inside `container`: the
 * standalone page's skip link and an embed's `focusGrid()`. False when no records are shown.
 */
export function focusGrid(container: ParentNode | null): boolean {
  const target = container?.querySelector<HTMLElement>('[role="grid"] [tabindex="0"]')
  target?.focus()
  return !!target
}
