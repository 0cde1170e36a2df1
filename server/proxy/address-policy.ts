// Which network addresses the proxy refuses to connect to: anything that is not the public internet.
// The proxy fetches URLs given by web pages, so without this it would let any page reach this machine,
// its network, or a cloud's metadata service (SSRF).
//
// The lists follow IANA's IPv4 and IPv6 special-purpose address registries (RFC 6890 and its updates).
// Every block of them is refused, the few the registries mark "globally reachable" included: those are
// anycast service addresses (PCP, TURN, AMT, AS112, 6to4 relays: the nearest server answers, which may
// be the operator's own) or identifiers that are not locators (ORCHIDv2, drone tags); no portal is
// there. The one exception is NAT64's well-known prefix 64:ff9b::/96, how an IPv6-only host reaches
// IPv4: it is allowed when the IPv4 address inside it is, as IPv4-mapped addresses are.
import { isIPv4, isIPv6 } from 'node:net'

interface Block {
  network: bigint
  bits: number
}

/** `a.b.c.d/n` or `x::/n` → the block, for the tables below (their entries are all valid). */
function block(cidr: string): Block {
  const [address, bits] = cidr.split('/') as [string, string]
  const parsed = parseAddress(address)
  if (!parsed) throw new Error(`not an address block: ${cidr}`)
  return { network: parsed.value, bits: Number(bits) }
}

/** IPv4 blocks never connected to. */
const REFUSED_V4: readonly Block[] = [
  '0.0.0.0/8', // "this network"; 0.0.0.0/32 "this host"
  '10.0.0.0/8', // private use
  '100.64.0.0/10', // shared address space (carrier-grade NAT)
  '127.0.0.0/8', // loopback
  '169.254.0.0/16', // link local, cloud metadata (169.254.169.254)
  '172.16.0.0/12', // private use
  '192.0.0.0/24', // IETF protocol assignments: DS-Lite, dummy, PCP and TURN anycast, NAT64 discovery
  '192.0.2.0/24', // documentation (TEST-NET-1)
  '192.31.196.0/24', // AS112-v4 (anycast DNS sink)
  '192.52.193.0/24', // AMT (anycast relay)
  '192.88.99.0/24', // deprecated 6to4 relay anycast, 6a44 relay anycast (192.88.99.2)
  '192.168.0.0/16', // private use
  '192.175.48.0/24', // direct delegation AS112 service
  '198.18.0.0/15', // benchmarking
  '198.51.100.0/24', // documentation (TEST-NET-2)
  '203.0.113.0/24', // documentation (TEST-NET-3)
  '224.0.0.0/4', // multicast (IANA's multicast registry)
  '240.0.0.0/4', // reserved; 255.255.255.255 limited broadcast
].map(block)

/** The IPv6 global unicast space: every address outside it is special or reserved by the IETF. */
const GLOBAL_UNICAST_V6 = block('2000::/3')

/**
 * Special-purpose blocks inside 2000::/3. Outside it, all of these are refused with the rest: ::/128,
 * ::1/128, ::/96 IPv4-compatible, ::ffff:0:0:0/96 IPv4-translated, 64:ff9b:1::/48 local-use NAT64,
 * 100::/64 discard, 100:0:0:1::/64 dummy, 5f00::/16 SRv6, fc00::/7 unique local (fd00:ec2::254 is a
 * cloud metadata address), fe80::/10 link-local, fec0::/10 site-local, ff00::/8 multicast.
 */
const REFUSED_V6: readonly Block[] = [
  // IETF protocol assignments: Teredo 2001::/32, PCP/TURN/DNS-SD anycast 2001:1::1-3, benchmarking
  // 2001:2::/48, AMT 2001:3::/32, AS112-v6 2001:4:112::/48, ORCHID 2001:10::/28, ORCHIDv2
  // 2001:20::/28, drone remote ID tags 2001:30::/28
  '2001::/23',
  '2001:db8::/32', // documentation
  '2002::/16', // 6to4: embeds an IPv4 address (2002:7f00:1:: is 127.0.0.1); deprecated (RFC 7526)
  '2620:4f:8000::/48', // direct delegation AS112 service
  '3fff::/20', // documentation
].map(block)

/** IPv6 blocks whose last 32 bits are an IPv4 address, allowed when that address is. */
const EMBEDS_V4: readonly Block[] = [
  '::ffff:0:0/96', // IPv4-mapped
  '64:ff9b::/96', // NAT64 well-known prefix
].map(block)

function contains({ network, bits }: Block, value: bigint, width: number): boolean {
  const shift = BigInt(width - bits)
  return value >> shift === network >> shift
}

interface ParsedAddress {
  version: 4 | 6
  value: bigint
}

/**
 * A literal IP address as a number, or null. IPv6 goes through the URL parser's canonical form, so
 * upper case, leading zeros and a dotted IPv4 tail all read as the same address; a zone id
 * (`fe80::1%eth0`) is refused, as nothing public has one.
 */
function parseAddress(address: string): ParsedAddress | null {
  if (isIPv4(address)) {
    const value = address.split('.').reduce((sum, part) => (sum << 8n) | BigInt(Number(part)), 0n)
    return { version: 4, value }
  }
  if (!isIPv6(address) || address.includes('%')) return null
  let canonical: string
  try {
    canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1)
  } catch {
    return null
  }
  const [head = '', tail] = canonical.split('::') as [string, string | undefined]
  const headGroups = head === '' ? [] : head.split(':')
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':')
  const zeros = tail === undefined ? [] : Array<string>(8 - headGroups.length - tailGroups.length).fill('0')
  const groups = [...headGroups, ...zeros, ...tailGroups]
  if (groups.length !== 8) return null
  const value = groups.reduce((sum, group) => (sum << 16n) | BigInt(Number.parseInt(group, 16)), 0n)
  return { version: 6, value }
}

function isPublicV4(value: bigint): boolean {
  return !REFUSED_V4.some((refused) => contains(refused, value, 32))
}

/** Whether the proxy may connect to this IP address (a literal, v4 or v6, without brackets). */
export function isPublicAddress(address: string): boolean {
  const parsed = parseAddress(address)
  if (!parsed) return false
  if (parsed.version === 4) return isPublicV4(parsed.value)
  if (EMBEDS_V4.some((embedding) => contains(embedding, parsed.value, 128)))
    return isPublicV4(parsed.value & 0xffff_ffffn)
  return (
    contains(GLOBAL_UNICAST_V6, parsed.value, 128) &&
    !REFUSED_V6.some((refused) => contains(refused, parsed.value, 128))
  )
}
