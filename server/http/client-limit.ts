// A fair share for each client: at most N requests of one client address in progress on the API
// at once; more are answered 429. A request counts until its work is done, not until its client
// leaves (a client that sends and disconnects would otherwise escape the count). An IPv6 client
// is counted by its /64 network, the smallest block a home or a host is given.
import type http from 'node:http'

/** The client a request is counted for: its IPv4 address, or its IPv6 /64 prefix. */
export function clientOf(request: http.IncomingMessage): string {
  return clientKey(request.socket.remoteAddress ?? '')
}

export function clientKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped) return mapped[1]!
  if (!address.includes(':')) return address
  const [head = '', tail = ''] = address.split('::', 2)
  const left = head === '' ? [] : head.split(':')
  const right = tail === '' ? [] : tail.split(':')
  const groups = address.includes('::')
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left
  return `${groups
    .slice(0, 4)
    .map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`
}

export class ClientLimit {
  private readonly inProgress = new Map<string, number>()

  /** `max` 0: no limit. */
  constructor(readonly max: number) {}

  /** Counts a request of `client` in, unless it has `max` in progress already. */
  tryEnter(client: string): boolean {
    const now = this.inProgress.get(client) ?? 0
    if (this.max > 0 && now >= this.max) return false
    this.inProgress.set(client, now + 1)
    return true
  }

  leave(client: string): void {
    const now = (this.inProgress.get(client) ?? 1) - 1
    if (now > 0) this.inProgress.set(client, now)
    else this.inProgress.delete(client)
  }

  /** Requests of `client` in progress (for tests). */
  count(client: string): number {
    return this.inProgress.get(client) ?? 0
  }
}
