// A client of the datastore API for the conformance tests: CKAN's envelope read back as JSON.
import { expect } from 'vitest'

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
export type Dict = Record<string, Json>

export interface Reply {
  status: number
  contentType: string
  text: string
  body: Json
}

/** The body as JSON, or null for non-JSON bodies (JSONP, HTML error pages). */
function parseJson(text: string): Json {
  try {
    return JSON.parse(text) as Json
  } catch {
    return null
  }
}

export class Client {
  constructor(readonly url: string) {}

  async request(path: string, init: RequestInit = {}): Promise<Reply> {
    const response = await fetch(this.url + path, init)
    const text = await response.text()
    return {
      status: response.status,
      contentType: response.headers.get('content-type') ?? '',
      text,
      body: parseJson(text),
    }
  }

  post(action: string, data: Dict, headers: Record<string, string> = {}): Promise<Reply> {
    return this.request(`/api/3/action/${action}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(data),
    })
  }

  get(action: string, params: Record<string, string>, headers: Record<string, string> = {}): Promise<Reply> {
    return this.request(`/api/3/action/${action}?${new URLSearchParams(params).toString()}`, { headers })
  }

  /** datastore_search that must succeed; returns `result`. */
  async search(data: Dict, headers: Record<string, string> = {}): Promise<Dict> {
    const reply = await this.post('datastore_search', data, headers)
    const body = reply.body as Dict | null
    if (reply.status !== 200 || body?.['success'] !== true) {
      throw new Error(`search failed (${reply.status}): ${reply.text.slice(0, 500)}`)
    }
    return body['result'] as Dict
  }

  /** datastore_search that must fail; returns status and `error`. */
  async searchError(data: Dict): Promise<{ status: number; error: Dict }> {
    const reply = await this.post('datastore_search', data)
    const body = reply.body as Dict | null
    expect(body?.['success']).toBe(false)
    return { status: reply.status, error: body?.['error'] as Dict }
  }
}

export const records = (result: Dict): Dict[] => result['records'] as Dict[]
export const column = (result: Dict, name: string): Json[] =>
  records(result).map((record) => record[name] ?? null)
