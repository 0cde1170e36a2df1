// Copying to the clipboard can be refused (a permission denied, a page not served over HTTPS, an
// embed's frame without the clipboard allowed): the caller says so instead of failing silently.

/** The part of `navigator.clipboard` used here (absent on an insecure page). */
export interface TextClipboard {
  writeText(text: string): Promise<void>
}

export async function copyText(
  clipboard: TextClipboard | undefined,
  text: string,
): Promise<'copied' | 'refused'> {
  if (!clipboard) return 'refused'
  try {
    await clipboard.writeText(text)
    return 'copied'
  } catch {
    return 'refused'
  }
}
