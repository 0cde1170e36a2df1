import js from '@eslint/js'
import pluginQuery from '@tanstack/eslint-plugin-query'
import { createNodeResolver, importX } from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import reactRefresh from 'eslint-plugin-react-refresh'
import { defineConfig, globalIgnores } from 'eslint/config'
import globals from 'globals'
import { readdirSync } from 'node:fs'
import tseslint from 'typescript-eslint'

// The explorer's layers, from the bottom up (docs/architecture.md): each may import the ones below it,
// never one above, and feature folders never import each other.
//   api/       the CKAN client: no React, no TanStack, no interface text
//   i18n/      message catalogues, translators, Intl formats
//   lib/       cell formatting by CKAN type
//   model/     the view: state, URL codec, state -> request, update rules
//   instance/  what a mount provides: view store, token and recent stores, config, environment
//   queries/   TanStack Query options and the record window
//   components/ shared UI pieces
//   features/* one folder per user-facing feature
//   app/       composition
//   main.tsx, standalone/  the standalone entry
//   embed/     the <datastore-explorer> element and the iframe page's entry
// Only the entries touch the page itself (its window, document, address, history and storage): they
// hand the rest what it needs through the ExplorerEnvironment (pageGlobals below).
const layers = ['api', 'i18n', 'lib', 'model', 'instance', 'queries', 'components', 'features', 'app']
const entries = ['./src/main.tsx', './src/standalone', './src/embed']
const features = readdirSync('src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

const testingZone = (layer) => ({
  target: `./src/${layer}`,
  from: './src/testing',
  message: 'src/testing is for tests only.',
})
const layerZones = (forTests) =>
  layers.flatMap((layer, index) => [
    ...(index + 1 < layers.length
      ? [
          {
            target: `./src/${layer}`,
            from: layers.slice(index + 1).map((above) => `./src/${above}`),
            message: `src/${layer} sits below these folders and must not import them (see eslint.config.js).`,
          },
        ]
      : []),
    { target: `./src/${layer}`, from: entries, message: 'Nothing imports the standalone entry.' },
    ...(forTests ? [] : [testingZone(layer)]),
  ])
const featureZones = features.map((feature) => ({
  target: `./src/features/${feature}`,
  from: './src/features',
  except: [`./${feature}`],
  message: 'Feature folders never import each other: share through model/, queries/ or components/.',
}))

// Module state would be shared by every explorer on a page: only the standalone entry may keep any.
const moduleState = [
  {
    selector: ":matches(Program, Program > ExportNamedDeclaration) > VariableDeclaration[kind!='const']",
    message: 'No mutable module state: keep it in the instance (src/instance) or in a component.',
  },
  {
    // a constant lookup table says so with its type: `const X: ReadonlySet<string> = new Set([...])`
    selector:
      ':matches(Program, Program > ExportNamedDeclaration) > VariableDeclaration > VariableDeclarator:not([id.typeAnnotation.typeAnnotation.typeName.name=/^Readonly(Set|Map)$/]) > NewExpression[callee.name=/^(Map|Set|WeakMap|WeakSet)$/]',
    message: 'No module-level collection: it would be shared by every explorer on the page.',
  },
  {
    selector:
      ':matches(Program, Program > ExportNamedDeclaration) > VariableDeclaration > VariableDeclarator > :matches(ArrayExpression[elements.length=0], ObjectExpression[properties.length=0])',
    message: 'No module-level accumulator: it would be shared by every explorer on the page.',
  },
]
// Every word a reader sees or hears comes from a message catalogue (src/i18n/catalogues), so that it
// can be translated: no letters in JSX text, nor in the attributes that are read aloud or shown.
const catalogueOnly = 'User-visible text lives in a message catalogue (src/i18n/catalogues): use t(…).'
const noLiteralText = [
  { selector: 'JSXText[value=/\\p{L}/u]', message: catalogueOnly },
  {
    selector:
      'JSXAttribute[name.name=/^(aria-label|aria-description|aria-roledescription|aria-valuetext|title|placeholder|alt)$/] > Literal[value=/\\p{L}/u]',
    message: catalogueOnly,
  },
]
// The page belongs to the entries: a component reads the window through the environment's viewport,
// the view through its view store, storage through the stores the entry built, an element's own
// window through its ownerDocument. (api/ckan/page-address.ts alone reads the page's address.)
const pageOnly =
  'Only the entries (main.tsx, standalone/, embed/) touch the page: use the ExplorerEnvironment (viewport, viewStore, stores) or an element’s ownerDocument.'
const pageGlobals = [
  'window',
  'document',
  'location',
  'history',
  'navigation',
  'localStorage',
  'sessionStorage',
  'indexedDB',
  'caches',
  'cookieStore',
  'top',
  'parent',
  'self',
  'frames',
  'opener',
  'frameElement',
  'innerWidth',
  'innerHeight',
  'outerWidth',
  'outerHeight',
  'scrollX',
  'scrollY',
  'pageXOffset',
  'pageYOffset',
  'screen',
  'visualViewport',
  'matchMedia',
  'addEventListener',
  'removeEventListener',
  'dispatchEvent',
  'scroll',
  'scrollTo',
  'scrollBy',
  'open',
  'close',
  'print',
  'alert',
  'confirm',
  'prompt',
  'name',
  'status',
].map((name) => ({ name, message: pageOnly }))
const pageProperties = ['window', 'document', 'location', 'history', 'localStorage', 'sessionStorage'].map(
  (property) => ({ object: 'globalThis', property, message: pageOnly }),
)
const noInnerHtml = {
  selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
  message: 'Data is rendered as text only: never dangerouslySetInnerHTML.',
}

export default defineConfig([
  globalIgnores(['dist', 'node_modules', 'coverage', 'test-results', 'playwright-report', '.data']),
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    languageOptions: { ecmaVersion: 2023, globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', noInnerHtml],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [
      reactHooks.configs.flat['recommended-latest'],
      reactRefresh.configs.vite,
      pluginQuery.configs['flat/recommended'],
    ],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })] },
    languageOptions: { globals: globals.browser },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...layerZones(false), ...featureZones] }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // the instance's CKAN client is not part of a query key: each instance has its own query cache
      '@tanstack/query/exhaustive-deps': ['error', { allowlist: { variables: ['api'] } }],
    },
  },
  {
    // tests keep the layers but may use the test helpers of src/testing
    files: ['src/**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...layerZones(true), ...featureZones] }] },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/main.tsx', 'src/standalone/**', 'src/testing/**', 'src/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', noInnerHtml, ...moduleState, ...noLiteralText] },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: [
      'src/main.tsx',
      'src/standalone/**',
      'src/embed/**',
      'src/testing/**',
      'src/**/*.test.{ts,tsx}',
      'src/api/ckan/page-address.ts',
      // a worker's entry: its `self` is the worker's own scope, not the page
      'src/**/*.worker.ts',
    ],
    rules: {
      'no-restricted-globals': ['error', ...pageGlobals],
      'no-restricted-properties': ['error', ...pageProperties],
    },
  },
  {
    // The API client has no React, no TanStack and no interface text, so a CLI or a test can use it.
    files: ['src/api/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['react', 'react-dom', '@tanstack/*'] }],
    },
  },
])
