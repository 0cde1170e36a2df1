// The explorer's stylesheet, as the embed served by the explorer's server gets it: a file linked in
// the shadow root, loaded beside the script (it stays out of the script's budget). The npm package
// takes explorer-stylesheet-inline.ts instead (vite.package.config.ts): the text, adopted, so that a
// bundler that moves the script cannot lose the file.
import href from '../styles/explorer.css?url'

export type ExplorerStylesheet = { href: string } | { text: string }

export const explorerStylesheet: ExplorerStylesheet = { href }
