// The npm package's React entry (`datastore-explorer-element/react`): the <datastore-explorer>
// element, defined with the host's own React 19 (the package build leaves React out of this entry),
// and a component that renders it with props instead of attributes.
import {
  useEffect,
  useImperativeHandle,
  useRef,
  type HTMLAttributes,
  type ReactElement,
  type RefObject,
} from 'react'
import { DatastoreExplorerElement } from './datastore-explorer'
import type { DatastoreExplorerProps } from './react-api'

export type { DatastoreExplorerProps } from './react-api'
export type * from './public-api'

/** The props that are the element's attributes, by attribute name. */
const ATTRIBUTES = {
  portal: 'portal',
  resourceId: 'resource-id',
  q: 'q',
  filters: 'filters',
  limit: 'limit',
  sort: 'sort',
  search: 'search',
  hiddenColumns: 'hidden-columns',
  locale: 'locale',
  theme: 'theme',
  tiles: 'tiles',
  height: 'height',
} as const satisfies Partial<Record<keyof DatastoreExplorerProps, string>>

export function DatastoreExplorer(props: DatastoreExplorerProps): ReactElement {
  const { ref, token, onChange, onReady, onError, picker, syncUrl, className, style } = props
  const element = useRef<DatastoreExplorerElement>(null)
  useImperativeHandle(ref, () => element.current!, [])

  useEffect(() => {
    const target = element.current
    if (!target) return
    const listeners = [
      ['change', onChange],
      ['ready', onReady],
      ['error', onError],
    ] as const
    for (const [type, listener] of listeners)
      if (listener) target.addEventListener(type, listener as EventListener)
    return () => {
      for (const [type, listener] of listeners)
        if (listener) target.removeEventListener(type, listener as EventListener)
    }
  }, [onChange, onReady, onError])

  useEffect(() => {
    if (element.current) element.current.token = token ?? ''
  }, [token])

  const attributes: Record<string, string | undefined> = {}
  for (const [prop, attribute] of Object.entries(ATTRIBUTES))
    attributes[attribute] = props[prop as keyof typeof ATTRIBUTES]
  return (
    <datastore-explorer
      ref={element}
      {...attributes}
      picker={picker ? '' : undefined}
      sync-url={syncUrl ? '' : undefined}
      className={className}
      style={style}
    />
  )
}

export { DatastoreExplorerElement }

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- how React's JSX names its elements
  namespace JSX {
    interface IntrinsicElements {
      'datastore-explorer': HTMLAttributes<DatastoreExplorerElement> & {
        ref?: RefObject<DatastoreExplorerElement | null>
        [attribute: string]: unknown
      }
    }
  }
}
