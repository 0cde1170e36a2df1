// The <datastore-explorer> element's attributes use the link parameters' names and syntax; the
// element keeps its view as those link parameters. These functions translate between the two.
import { resourceIdParameter } from '../api/ckan/ckan-syntax'

/** Attribute → link parameter. `hidden-columns` is the link's `hidden` (HTML's `hidden` keeps its meaning). */
export const VIEW_ATTRIBUTES: Readonly<Record<string, string>> = {
  portal: 'portal',
  'resource-id': 'resource_id',
  q: 'q',
  search: 'search',
  filters: 'filters',
  sort: 'sort',
  limit: 'limit',
  'hidden-columns': 'hidden',
  columns: 'columns',
  pinned: 'pinned',
  locale: 'lang',
  view: 'view',
  group: 'group',
  show: 'show',
  place: 'place',
  at: 'at',
}

/** The link parameters a `change` event and `element.view` carry (the view, not where or in which language). */
const VIEW_PARAMETERS = [
  'resource_id',
  'q',
  'filters',
  'limit',
  'sort',
  'hidden',
  'columns',
  'pinned',
  'search',
  'view',
  'group',
  'show',
  'place',
  'at',
] as const

export type ViewParameters = Partial<Record<(typeof VIEW_PARAMETERS)[number], string>>

type AttributeSource = Pick<Element, 'getAttribute'>

/** The view that the element's attributes describe, as a query string (no `?`). */
export function viewFromAttributes(element: AttributeSource): string {
  const params = new URLSearchParams()
  for (const [attribute, parameter] of Object.entries(VIEW_ATTRIBUTES)) {
    const value = element.getAttribute(attribute)
    if (value !== null) params.set(parameter, value)
  }
  return params.toString()
}

/** `search` with the parameter of one attribute set to `value` (removed when null). */
export function withAttribute(search: string, attribute: string, value: string | null): string {
  const parameter = VIEW_ATTRIBUTES[attribute]
  if (!parameter) return search
  const params = new URLSearchParams(search)
  if (value === null) params.delete(parameter)
  else params.set(parameter, value)
  return params.toString()
}

/** The view parameters of a stored view, as the page's link would carry them; empty ones left out. */
export function viewParameters(search: string): ViewParameters {
  const params = new URLSearchParams(search)
  const view: ViewParameters = {}
  for (const name of VIEW_PARAMETERS) {
    const value = params.get(name)
    if (value !== null && value !== '') view[name] = value
  }
  return view
}

/** Link parameters of the iframe page (`/embed.html?resource_id=…`) → the element's attributes. */
export function attributesFromLink(search: string): Array<[string, string]> {
  const params = new URLSearchParams(search)
  const attributes: Array<[string, string]> = []
  for (const [attribute, parameter] of Object.entries(VIEW_ATTRIBUTES)) {
    // CKAN's `id` names the table too, as on the main page
    const value = parameter === 'resource_id' ? (resourceIdParameter(params) ?? null) : params.get(parameter)
    if (value !== null) attributes.push([attribute, value])
  }
  if (params.has('picker')) attributes.push(['picker', ''])
  return attributes
}
