import { lazy, Suspense, type ComponentType } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { atOnce } from './at-once'

function Cards() {
  return <p>the cards</p>
}

const page = (Component: ComponentType) => (
  <Suspense fallback={<p>loading</p>}>
    <Component />
  </Suspense>
)

describe('a lazy component whose code is in hand', () => {
  it('renders in the same render, without its fallback', () => {
    const Lazy = lazy(
      atOnce(
        () => Cards,
        () => Promise.resolve(Cards),
      ),
    )
    expect(renderToString(page(Lazy))).toContain('the cards')
  })

  it('suspends as React.lazy does when the code is still to come', () => {
    const Lazy = lazy(
      atOnce<typeof Cards>(
        () => null,
        () => Promise.resolve(Cards),
      ),
    )
    expect(renderToString(page(Lazy))).toContain('loading')
  })

  it('is needed: a settled promise alone still shows the fallback first', () => {
    const settled = Promise.resolve({ default: Cards })
    const Lazy = lazy(() => settled)
    expect(renderToString(page(Lazy))).toContain('loading')
  })
})
