// A React.lazy factory that does not suspend for code already in hand. React.lazy calls then() on
// what its factory returns and renders the component when the callback has run: with a promise, even a
// settled one, that is a microtask later, so the first render shows the fallback and the component
// comes in a second, time-sliced render. A thenable that calls back at once lets the same render go on.

/** For React.lazy: `loaded()`'s component at once when it is not null, else `load()`'s. */
export function atOnce<Component>(
  loaded: () => Component | null,
  load: () => Promise<Component>,
): () => Promise<{ default: Component }> {
  return () => {
    const component = loaded()
    if (component === null) return load().then((value) => ({ default: value }))
    const now: PromiseLike<{ default: Component }> = {
      then: (onFulfilled) => {
        const value = { default: component }
        return Promise.resolve(onFulfilled ? onFulfilled(value) : value) as never
      },
    }
    // React.lazy only calls then(), and takes the module from its callback
    return now as Promise<{ default: Component }>
  }
}
