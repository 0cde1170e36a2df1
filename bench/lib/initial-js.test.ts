import { describe, expect, it } from 'vitest'
import { initialScripts, staticImports } from './initial-js'

describe('initialScripts', () => {
  it('finds module scripts and modulepreloads, absolute or relative, once each', () => {
    const html = `
      <script type="module" crossorigin src="/assets/index-abc.js"></script>
      <link rel="modulepreload" crossorigin href="./assets/shared-def.js">
      <link rel="modulepreload" href="/assets/index-abc.js">
      <link rel="stylesheet" href="/assets/index.css">`
    expect(initialScripts(html)).toEqual(['assets/index-abc.js', 'assets/shared-def.js'])
  })

  it('ignores stylesheets and pages without scripts', () => {
    expect(initialScripts('<link rel="stylesheet" href="/a.css"><p>hi</p>')).toEqual([])
  })
})

describe('staticImports', () => {
  it('finds the relative modules of static imports and re-exports, not dynamic imports', () => {
    const code =
      'import{a as b}from"./chunks/a-1.js";import"./chunks/side.js";export{c}from"../x.js";' +
      'const l=()=>import("./chunks/lazy.js");import x from "react"'
    expect(staticImports(code)).toEqual(['./chunks/a-1.js', './chunks/side.js', '../x.js'])
  })
})
