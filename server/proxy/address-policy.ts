// Which network addresses the proxy refuses to connect to: anything that is not the public internet.
// The proxy fetches URLs given by web pages, so without this it would let any page reach this machine,
// its network, or a cloud's metadata service (SSRF).
import { BlockList, isIP } from 'node:net'

const PRIVATE_V4 = [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const

const PRIVATE_V6 = [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['::', 96], // IPv4-compatible (deprecated)
  ['64:ff9b::', 96], // NAT64: an IPv4 address in disguise
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local (fd00:ec2::254 is a cloud metadata address)
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const

function blockList(): BlockList {
  const list = new BlockList()
  for (const [network, prefix] of PRIVATE_V4) list.addSubnet(network, prefix, 'ipv4')
  for (const [network, prefix] of PRIVATE_V6) list.addSubnet(network, prefix, 'ipv6')
  return list
}

const BLOCKED: BlockList = blockList()

/** The IPv4 address inside an IPv4-mapped IPv6 address (`::ffff:127.0.0.1`, `::ffff:7f00:1`), if any. */
function mappedV4(address: string): string | null {
  const lower = address.toLowerCase()
  const dotted = /^(?:0{0,4}:){0,5}:?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower)
  if (dotted) return dotted[1]!
  const hex = /^(?:0{0,4}:){0,5}:?ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower)
  if (!hex) return null
  const high = Number.parseInt(hex[1]!, 16)
  const low = Number.parseInt(hex[2]!, 16)
  return [high >> 8, high & 255, low >> 8, low & 255].join('.')
}

/** Whether the proxy may connect to this IP address (a literal, v4 or v6, without brackets). */
export function isPublicAddress(address: string): boolean {
  const version = isIP(address)
  if (version === 0) return false
  if (version === 4) return !BLOCKED.check(address, 'ipv4')
  const v4 = mappedV4(address)
  if (v4 !== null) return isIP(v4) === 4 && !BLOCKED.check(v4, 'ipv4')
  return !BLOCKED.check(address, 'ipv6')
}
