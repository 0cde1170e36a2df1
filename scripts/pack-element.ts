// `npm run pack:element`: the <datastore-explorer> element as an npm package, packed with `npm pack`.
//   node --import tsx scripts/pack-element.ts [--out DIR]    (DIR: where the .tgz goes; default: dist)
// It builds the element twice (vite.package.config.ts: with React inside, and on the host's React),
// compiles the public types (src/embed/public-api.ts, react-api.ts) into declarations, and writes the
// package's package.json, README and LICENSE beside them. Prints the tarball's path last.
import { spawnSync } from 'node:child_process'
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
/** The package's name on npm. */
export const PACKAGE_NAME = 'datastore-explorer-element'

function run(command: string, args: string[], env: Record<string, string> = {}, cwd = root): string {
  const result = spawnSync(command, args, { cwd, env: { ...process.env, ...env }, encoding: 'utf8' })
  if (result.status !== 0) {
    process.stderr.write(result.stdout + result.stderr)
    throw new Error(`${command} ${args.join(' ')} failed`)
  }
  return result.stdout
}

function outDir(argv: string[]): string {
  const index = argv.indexOf('--out')
  return path.resolve(index >= 0 && argv[index + 1] ? argv[index + 1]! : path.join(root, 'dist'))
}

/** The package's own package.json: the root's version, licence and description; the entries' exports. */
export function packageManifest(rootManifest: { version: string; license: string }): Record<string, unknown> {
  return {
    name: PACKAGE_NAME,
    version: rootManifest.version,
    description:
      'The <datastore-explorer> element: explore a table of a CKAN portal’s DataStore inside any web page.',
    license: rootManifest.license,
    type: 'module',
    keywords: ['ckan', 'datastore', 'open-data', 'web-component', 'custom-element', 'data-table'],
    exports: {
      '.': { types: './index.d.ts', default: './dist/datastore-explorer.js' },
      './react': { types: './react.d.ts', default: './dist/react/datastore-explorer-react.js' },
      './package.json': './package.json',
    },
    main: './dist/datastore-explorer.js',
    types: './index.d.ts',
    // the entries define the element when imported
    sideEffects: true,
    files: ['dist', '*.d.ts', 'README.md', 'LICENSE'],
    peerDependencies: { react: '^19.0.0', 'react-dom': '^19.0.0' },
    peerDependenciesMeta: { react: { optional: true }, 'react-dom': { optional: true } },
  }
}

/** The entries' declarations, on top of the compiled public-api.d.ts and react-api.d.ts. */
const INDEX_DTS = `export * from './public-api.js'
import type { DatastoreExplorerConstructor } from './public-api.js'
/** The element's class; \`DatastoreExplorer.version\` is this release. */
export declare const DatastoreExplorer: DatastoreExplorerConstructor
export declare const DatastoreExplorerElement: DatastoreExplorerConstructor
`
const REACT_DTS = `import type { ReactElement } from 'react'
import type { DatastoreExplorerConstructor } from './public-api.js'
import type { DatastoreExplorerProps } from './react-api.js'
export type * from './public-api.js'
export type { DatastoreExplorerProps } from './react-api.js'
/** The element, rendered with your React: props instead of attributes, callbacks for its events. */
export declare function DatastoreExplorer(props: DatastoreExplorerProps): ReactElement
export declare const DatastoreExplorerElement: DatastoreExplorerConstructor
`

export async function packElement(out: string): Promise<string> {
  const staging = await mkdtemp(path.join(tmpdir(), 'dse-element-package-'))
  const packageDir = path.join(staging, 'package')
  try {
    const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js')
    for (const entry of ['element', 'react']) {
      run(process.execPath, [vite, 'build', '--config', 'vite.package.config.ts', '--logLevel', 'error'], {
        ELEMENT_PACKAGE_ENTRY: entry,
        ELEMENT_PACKAGE_DIR: packageDir,
      })
    }
    const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc')
    run(process.execPath, [
      tsc,
      'src/embed/public-api.ts',
      'src/embed/react-api.ts',
      '--declaration',
      '--emitDeclarationOnly',
      '--outDir',
      packageDir,
      '--target',
      'es2022',
      '--module',
      'esnext',
      '--moduleResolution',
      'bundler',
      '--lib',
      'es2023,dom,dom.iterable',
      '--types',
      'react',
      '--strict',
      '--skipLibCheck',
      '--ignoreConfig',
    ])
    await writeFile(path.join(packageDir, 'index.d.ts'), INDEX_DTS)
    await writeFile(path.join(packageDir, 'react.d.ts'), REACT_DTS)
    const rootManifest = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as {
      version: string
      license: string
    }
    await writeFile(
      path.join(packageDir, 'package.json'),
      `${JSON.stringify(packageManifest(rootManifest), null, 2)}\n`,
    )
    await copyFile(path.join(root, 'embed-package', 'README.md'), path.join(packageDir, 'README.md'))
    await copyFile(path.join(root, 'LICENSE'), path.join(packageDir, 'LICENSE'))
    await mkdir(out, { recursive: true })
    const packed = JSON.parse(
      run('npm', ['pack', '--json', '--pack-destination', out], {}, packageDir),
    ) as Array<{ filename: string }>
    return path.join(out, packed[0]!.filename)
  } finally {
    await rm(staging, { recursive: true, force: true })
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  packElement(outDir(process.argv.slice(2))).then(
    (tarball) => console.log(tarball),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error)
      process.exit(1)
    },
  )
}
