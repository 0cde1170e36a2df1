// Reading a request body within a size limit, for the API and the proxy alike.
import type http from 'node:http'

/** The body was over the limit (it was read to its end and dropped). */
export class BodyTooLargeError extends Error {}

/** The client went away before its body was read to the end: nobody is left to answer. */
export class BodyAbortedError extends Error {
  constructor() {
    super('request aborted')
    this.name = 'BodyAbortedError'
  }
}

/** Beyond this much, an oversized body is not read to its end: the connection is closed instead. */
const DRAIN_LIMIT_FACTOR = 16

/**
 * Reads the body up to `limit` bytes. A bigger body is read to its end and dropped before the 413 is
 * sent: answering while the client still uploads makes it fail on a broken pipe instead of reading
 * the answer.
 */
export function readBody(request: http.IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(request.headers['content-length'])
    const chunks: Buffer[] = []
    let size = 0
    let tooLarge = Number.isFinite(declared) && declared > limit
    request.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) tooLarge = true
      if (!tooLarge) chunks.push(chunk)
      else if (size > limit * DRAIN_LIMIT_FACTOR) request.destroy()
    })
    request.on('end', () => (tooLarge ? reject(new BodyTooLargeError()) : resolve(Buffer.concat(chunks))))
    request.on('error', reject)
    request.on('close', () => {
      if (!request.complete) reject(tooLarge ? new BodyTooLargeError() : new BodyAbortedError())
    })
  })
}

/** Reads the body to its end without keeping it (before a refusal: see readBody). */
export function drainBody(request: http.IncomingMessage): Promise<void> {
  return new Promise((resolve) => {
    if (request.complete) return resolve()
    request.on('end', resolve)
    request.on('close', resolve)
    request.on('error', resolve)
    request.resume()
  })
}
