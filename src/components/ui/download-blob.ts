// A file made in the page, saved as a normal download: a link to the Blob, clicked inside the
// explorer's own root (a shadow root in an embed), its address let go a minute later.

/** How long a finished download's address stays valid (the browser reads it after the click). */
const DOWNLOAD_URL_LIFETIME_MS = 60_000

/** Starts the download of `blob` with a link made inside `container` (our own root, shadow or not). */
export function downloadBlob(blob: Blob, fileName: string, container: HTMLElement): void {
  const url = URL.createObjectURL(blob)
  const link = container.ownerDocument.createElement('a')
  link.href = url
  link.download = fileName
  link.hidden = true
  container.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), DOWNLOAD_URL_LIFETIME_MS)
}
