// Where the 13 recorded real-portal responses are: `../shared/ckan-samples`, next to the repository
// (they are third-party data, never copied into it). A test that needs them fails when they are
// missing, with how to get them, rather than passing silently.
import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const repoRoot = fileURLToPath(new URL('..', import.meta.url))

export const CKAN_SAMPLES_DIR = path.join(repoRoot, '..', 'shared', 'ckan-samples')

/** Every sample file (top level and `extracted/`), as absolute paths. Throws when the folder is missing. */
export function ckanSampleFiles(): string[] {
  if (!existsSync(CKAN_SAMPLES_DIR)) {
    throw new Error(
      `The recorded CKAN responses are missing: expected them in ${CKAN_SAMPLES_DIR} ` +
        '(../shared/ckan-samples next to the repository).',
    )
  }
  const inFolder = (folder: string) =>
    readdirSync(folder)
      .filter((name) => name.endsWith('.json'))
      .map((name) => path.join(folder, name))
  return [...inFolder(CKAN_SAMPLES_DIR), ...inFolder(path.join(CKAN_SAMPLES_DIR, 'extracted'))]
}
