// The explorer's stylesheet as text, for the npm package (see explorer-stylesheet.ts).
import text from '../styles/explorer.css?inline'
import type { ExplorerStylesheet } from './explorer-stylesheet'

export const explorerStylesheet: ExplorerStylesheet = { text }
