// The npm package (issue 26): `npm run pack:element`'s tarball, installed with npm into a scratch
// folder as a portal team would, works in a Vite app (the element, and the React component on the
// app's own React 19), in a plain page with an import map and no bundler, and for TypeScript. The
// scratch app borrows this repository's Vite, TypeScript and React (symlinked): no network.
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Page } from '@playwright/test'
import { PACKAGE_NAME, packElement } from '../scripts/pack-element'
import { expect, test } from './fixtures'
import { MAIN_PORTAL } from './ports'

const root = fileURLToPath(new URL('..', import.meta.url))
const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string }

function run(command: string, args: string[], cwd: string): string {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8' })
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')}:\n${result.stdout}${result.stderr}`)
  return result.stdout
}

/** The scratch app's files: a page with the element, a page with the React component, types to check. */
const APP_FILES: Record<string, string> = {
  'package.json': JSON.stringify({ name: 'portal-scratch', private: true, type: 'module' }),
  'vite.config.mjs': `export default {
  base: './',
  logLevel: 'error',
  build: { rollupOptions: { input: { element: 'element.html', react: 'react.html' } } },
}
`,
  'element.html': `<!doctype html>
<html lang="en">
  <head><meta charset="UTF-8" /><title>Element in a Vite app</title><link rel="icon" href="data:," /></head>
  <body>
    <main>
      <h1>Element in a Vite app</h1>
      <p>Release <output id="version"></output></p>
      <ol id="events" aria-label="Events"></ol>
      <datastore-explorer id="explorer" portal="${MAIN_PORTAL}" resource-id="penguins" sort="Species desc"></datastore-explorer>
    </main>
    <script type="module" src="./element.js"></script>
  </body>
</html>
`,
  'element.js': `import { DatastoreExplorer } from '${PACKAGE_NAME}'

document.getElementById('version').textContent = DatastoreExplorer.version
const explorer = document.getElementById('explorer')
explorer.addEventListener('ready', (event) => {
  const item = document.createElement('li')
  item.textContent = 'ready ' + JSON.stringify(event.detail)
  document.getElementById('events').append(item)
})
`,
  'react.html': `<!doctype html>
<html lang="en">
  <head><meta charset="UTF-8" /><title>Component in a React app</title><link rel="icon" href="data:," /></head>
  <body>
    <main id="app"></main>
    <script type="module" src="./react.js"></script>
  </body>
</html>
`,
  'react.js': `import { createElement, useState, version as reactVersion } from 'react'
import { createRoot } from 'react-dom/client'
import { DatastoreExplorer, DatastoreExplorerElement } from '${PACKAGE_NAME}/react'

function App() {
  const [ready, setReady] = useState('not yet')
  return createElement(
    'div',
    null,
    createElement('h1', null, 'Component in a React app'),
    createElement('p', null, 'React ' + reactVersion + ', release ' + DatastoreExplorerElement.version),
    createElement('p', { role: 'status' }, 'Ready: ' + ready),
    createElement(DatastoreExplorer, {
      portal: '${MAIN_PORTAL}',
      resourceId: 'seattle-weather',
      sort: 'date desc',
      height: '420',
      onReady: (event) => setReady(event.detail.resource_id + ' ' + event.detail.total),
    }),
  )
}
createRoot(document.getElementById('app')).render(createElement(App))
`,
  'tsconfig.json': JSON.stringify({
    compilerOptions: {
      strict: true,
      noEmit: true,
      target: 'es2022',
      module: 'esnext',
      moduleResolution: 'bundler',
      lib: ['es2023', 'dom', 'dom.iterable'],
      types: [],
      jsx: 'react-jsx',
      // the package's declarations are compiled from checked sources; what matters is how they read
      skipLibCheck: true,
    },
    files: ['check.tsx'],
  }),
  // what a portal team's TypeScript sees: the tag, the events' details, the component's props
  'check.tsx': `import { DatastoreExplorer, type DatastoreExplorerView } from '${PACKAGE_NAME}'
import { DatastoreExplorer as Explorer } from '${PACKAGE_NAME}/react'

const version: string = DatastoreExplorer.version
const explorer = document.querySelector('datastore-explorer')!
explorer.token = 'from the page'
explorer.reset()
const focused: boolean = explorer.focusGrid()
const view: DatastoreExplorerView = explorer.view
explorer.addEventListener('change', (event) => console.log(event.detail.resource_id, event.detail.sort))
explorer.addEventListener('ready', (event) => {
  const total: number | null = event.detail.total
  // @ts-expect-error: the total may be null
  const wrong: number = event.detail.total
  console.log(total, wrong)
})
explorer.addEventListener('error', (event) => {
  const type: string | null = event.detail.type
  // @ts-expect-error: the kinds are named
  const kind: 'no-such-kind' = event.detail.kind
  console.log(type, kind)
})
const made = document.createElement('datastore-explorer')
made.setAttribute('resource-id', 'x')
export const element = (
  <Explorer resourceId="x" picker onReady={(event) => console.log(event.detail.total)} token="t" />
)
// @ts-expect-error: no such prop
export const wrong = <Explorer resourceID="x" />
console.log(version, focused, view, made)
`,
}

/** The plain page: an import map, no bundler, the package straight from node_modules. */
const IMPORT_MAP_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Element with an import map</title>
    <link rel="icon" href="data:," />
    <script type="importmap">
      { "imports": { "${PACKAGE_NAME}": "./node_modules/${PACKAGE_NAME}/dist/datastore-explorer.js" } }
    </script>
    <script type="module" src="./import-map.js"></script>
  </head>
  <body>
    <main>
      <h1>Element with an import map</h1>
      <p>Release <output id="version"></output></p>
      <datastore-explorer id="explorer" portal="${MAIN_PORTAL}" resource-id="us-airports"></datastore-explorer>
    </main>
  </body>
</html>
`
const IMPORT_MAP_SCRIPT = `import { DatastoreExplorer } from '${PACKAGE_NAME}'
document.getElementById('version').textContent = DatastoreExplorer.version
`

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
}

/** Serves `folder` on a free port of 127.0.0.1 (a portal's own web server). */
async function serve(folder: string): Promise<{ server: Server; origin: string }> {
  const server = createServer(async (request, response) => {
    const name = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)
    const file = path.join(folder, path.normalize(name))
    const type = TYPES[path.extname(file)]
    if (!file.startsWith(folder) || !type) return void response.writeHead(404).end()
    try {
      const body = await readFile(file)
      response.writeHead(200, { 'Content-Type': type }).end(body)
    } catch {
      response.writeHead(404).end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (typeof address !== 'object' || !address) throw new Error('no address')
  return { server, origin: `http://127.0.0.1:${address.port}` }
}

test.describe('the npm package, installed as a portal team would', () => {
  test.describe.configure({ timeout: 300_000 })
  let scratch = ''
  let site: { server: Server; origin: string }

  test.beforeAll(async () => {
    scratch = await mkdtemp(path.join(tmpdir(), 'dse-package-'))
    const tarball = await packElement(path.join(scratch, 'packed'))
    const app = path.join(scratch, 'app')
    await mkdir(app, { recursive: true })
    for (const [name, text] of Object.entries(APP_FILES)) await writeFile(path.join(app, name), text)
    await writeFile(path.join(app, 'import-map.html'), IMPORT_MAP_PAGE)
    await writeFile(path.join(app, 'import-map.js'), IMPORT_MAP_SCRIPT)
    run('npm', ['install', tarball, '--no-audit', '--no-fund', '--offline', '--no-save'], app)
    // the app's own React 19 and its types, borrowed from this repository
    await mkdir(path.join(app, 'node_modules', '@types'), { recursive: true })
    for (const name of ['react', 'react-dom', '@types/react'])
      await symlink(path.join(root, 'node_modules', name), path.join(app, 'node_modules', name))
    run(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], app)
    site = await serve(app)
  })

  test.afterAll(async () => {
    site?.server.close()
    if (scratch) await rm(scratch, { recursive: true, force: true })
  })

  test('the tarball holds the element, its React-sharing entry, their types, a README and the MIT licence', async () => {
    const installed = path.join(scratch, 'app', 'node_modules', PACKAGE_NAME)
    const manifest = JSON.parse(await readFile(path.join(installed, 'package.json'), 'utf8')) as {
      version: string
      license: string
      exports: Record<string, unknown>
    }
    expect(manifest.version).toBe(version)
    expect(manifest.license).toBe('MIT')
    expect(Object.keys(manifest.exports)).toEqual(['.', './react', './package.json'])
    expect(await readFile(path.join(installed, 'LICENSE'), 'utf8')).toContain('MIT License')
    expect(await readFile(path.join(installed, 'README.md'), 'utf8')).toContain('<datastore-explorer')
    // the React entry imports the host's React; the element's entry carries its own
    const reactEntry = await readFile(path.join(installed, 'dist/react/datastore-explorer-react.js'), 'utf8')
    expect(reactEntry).toMatch(/from"react(-dom\/client|\/jsx-runtime)?"/)
    expect((await stat(path.join(installed, 'index.d.ts'))).isFile()).toBe(true)
  })

  test('TypeScript knows the element: its tag, properties, methods, events and the component’s props', () => {
    run(
      process.execPath,
      [path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'],
      path.join(scratch, 'app'),
    )
  })

  async function expectTable(page: Page, firstRow: string): Promise<void> {
    const grid = page.locator('datastore-explorer').getByRole('grid', { name: 'Records' })
    await expect(grid.getByRole('row').nth(1)).toContainText(firstRow)
  }

  test('in a Vite app, the element shows its table, says its release and fires ready', async ({
    page,
    consoleErrors,
  }) => {
    void consoleErrors
    await page.goto(`${site.origin}/dist/element.html`)
    await expect(page.locator('#version')).toHaveText(version)
    await expectTable(page, 'Gentoo')
    await expect(page.getByRole('list', { name: 'Events' }).getByRole('listitem')).toHaveText([
      'ready {"resource_id":"penguins","total":344}',
    ])
    // its stylesheet came with the script: the explorer is laid out, not bare HTML
    const grid = page.locator('datastore-explorer').getByRole('grid', { name: 'Records' })
    expect(await grid.evaluate((element) => getComputedStyle(element).overflow)).not.toBe('visible')
  })

  test('in a React 19 app, the component renders the element with the app’s own React', async ({
    page,
    consoleErrors,
  }) => {
    void consoleErrors
    await page.goto(`${site.origin}/dist/react.html`)
    await expect(
      page.getByText(new RegExp(`^React 19\\.[\\d.]+, release ${version.replaceAll('.', '\\.')}$`)),
    ).toBeVisible()
    await expectTable(page, 'Dec 31, 2015')
    await expect(page.getByRole('status').filter({ hasText: /^Ready:/ })).toHaveText(
      'Ready: seattle-weather 1461',
    )
  })

  test('in a plain page with an import map and no bundler, the element works from node_modules', async ({
    page,
    consoleErrors,
  }) => {
    void consoleErrors
    await page.goto(`${site.origin}/import-map.html`)
    await expect(page.locator('#version')).toHaveText(version)
    await expectTable(page, '00M')
  })
})
