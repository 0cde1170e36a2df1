// Every block of IANA's IPv4 and IPv6 special-purpose address registries (RFC 6890 and its updates),
// one address from each, and the odd spellings an attacker would try, against the proxy's policy.
import { describe, expect, it } from 'vitest'
import { isPublicAddress } from './address-policy.ts'

/** [address, the registry block (or other reserved range) it stands for] */
const REFUSED_V4: ReadonlyArray<readonly [string, string]> = [
  ['0.0.0.0', '0.0.0.0/32 this host on this network'],
  ['0.1.2.3', '0.0.0.0/8 this network'],
  ['10.0.0.1', '10.0.0.0/8 private use'],
  ['10.255.255.255', '10.0.0.0/8 private use, last address'],
  ['100.64.0.1', '100.64.0.0/10 shared address space (CGNAT)'],
  ['100.127.255.254', '100.64.0.0/10, last addresses'],
  ['127.0.0.1', '127.0.0.0/8 loopback'],
  ['127.8.9.10', '127.0.0.0/8 loopback'],
  ['169.254.169.254', '169.254.0.0/16 link local (cloud metadata)'],
  ['172.16.0.1', '172.16.0.0/12 private use'],
  ['172.31.255.254', '172.16.0.0/12 private use, last addresses'],
  ['192.0.0.1', '192.0.0.0/24 IETF protocol assignments, 192.0.0.0/29 DS-Lite'],
  ['192.0.0.8', '192.0.0.8/32 IPv4 dummy address'],
  ['192.0.0.9', '192.0.0.9/32 PCP anycast (globally reachable: refused, the nearest server is local)'],
  ['192.0.0.10', '192.0.0.10/32 TURN anycast (globally reachable: refused)'],
  ['192.0.0.170', '192.0.0.170/32 NAT64/DNS64 discovery'],
  ['192.0.0.171', '192.0.0.171/32 NAT64/DNS64 discovery'],
  ['192.0.2.1', '192.0.2.0/24 documentation (TEST-NET-1)'],
  ['192.31.196.1', '192.31.196.0/24 AS112-v4 (globally reachable: refused, anycast DNS sink)'],
  ['192.52.193.1', '192.52.193.0/24 AMT (globally reachable: refused, anycast relay)'],
  ['192.88.99.1', '192.88.99.0/24 deprecated 6to4 relay anycast'],
  ['192.88.99.2', '192.88.99.2/32 6a44 relay anycast'],
  ['192.168.1.1', '192.168.0.0/16 private use'],
  ['192.175.48.1', '192.175.48.0/24 direct delegation AS112 (globally reachable: refused)'],
  ['198.18.0.1', '198.18.0.0/15 benchmarking'],
  ['198.19.255.254', '198.18.0.0/15 benchmarking, last addresses'],
  ['198.51.100.1', '198.51.100.0/24 documentation (TEST-NET-2)'],
  ['203.0.113.1', '203.0.113.0/24 documentation (TEST-NET-3)'],
  ['224.0.0.1', '224.0.0.0/4 multicast (IANA multicast registry)'],
  ['239.255.255.250', '224.0.0.0/4 multicast'],
  ['240.0.0.1', '240.0.0.0/4 reserved'],
  ['255.255.255.255', '255.255.255.255/32 limited broadcast'],
]

/** Just outside each refused block: a prefix one bit too long or short would refuse one of these. */
const PUBLIC_V4: readonly string[] = [
  '1.1.1.1',
  '8.8.8.8',
  '93.184.216.34',
  '1.0.0.0',
  '9.255.255.255',
  '11.0.0.0',
  '100.63.255.255',
  '100.128.0.0',
  '126.255.255.255',
  '128.0.0.0',
  '169.253.255.255',
  '169.255.0.0',
  '172.15.255.255',
  '172.32.0.0',
  '191.255.255.255',
  '192.0.1.0',
  '192.0.3.0',
  '192.31.195.255',
  '192.31.197.0',
  '192.52.192.255',
  '192.52.194.0',
  '192.88.98.255',
  '192.88.100.0',
  '192.167.255.255',
  '192.169.0.0',
  '192.175.47.255',
  '192.175.49.0',
  '198.17.255.255',
  '198.20.0.0',
  '198.51.99.255',
  '198.51.101.0',
  '203.0.112.255',
  '203.0.114.0',
  '223.255.255.255',
]

const REFUSED_V6: ReadonlyArray<readonly [string, string]> = [
  ['::', '::/128 unspecified'],
  ['::1', '::1/128 loopback'],
  ['::ffff:127.0.0.1', '::ffff:0:0/96 IPv4-mapped, of a refused IPv4 address'],
  ['::ffff:10.0.0.1', '::ffff:0:0/96 IPv4-mapped, of a refused IPv4 address'],
  ['::ffff:0:7f00:1', '::ffff:0:0:0/96 IPv4-translated (RFC 2765)'],
  ['::ffff:0:93.184.216.34', '::ffff:0:0:0/96 IPv4-translated, even of a public IPv4 address'],
  ['::127.0.0.1', '::/96 IPv4-compatible (deprecated)'],
  ['::93.184.216.34', '::/96 IPv4-compatible, even of a public IPv4 address'],
  ['64:ff9b::7f00:1', '64:ff9b::/96 NAT64, of a refused IPv4 address'],
  ['64:ff9b::a9fe:a9fe', '64:ff9b::/96 NAT64, of the metadata address'],
  ['64:ff9b:1::5db8:d822', '64:ff9b:1::/48 local-use NAT64'],
  ['100::1', '100::/64 discard-only'],
  ['100:0:0:1::1', '100:0:0:1::/64 dummy prefix'],
  ['2001::1', '2001::/32 Teredo, inside 2001::/23 IETF protocol assignments'],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', '2001::/32 Teredo'],
  ['2001:1::1', '2001:1::1/128 PCP anycast (globally reachable: refused)'],
  ['2001:1::2', '2001:1::2/128 TURN anycast (globally reachable: refused)'],
  ['2001:1::3', '2001:1::3/128 DNS-SD SRP anycast (globally reachable: refused)'],
  ['2001:2::1', '2001:2::/48 benchmarking'],
  ['2001:3::1', '2001:3::/32 AMT (globally reachable: refused)'],
  ['2001:4:112::1', '2001:4:112::/48 AS112-v6 (globally reachable: refused)'],
  ['2001:10::1', '2001:10::/28 deprecated ORCHID'],
  ['2001:20::1', '2001:20::/28 ORCHIDv2 (globally reachable: refused, identifiers)'],
  ['2001:30::1', '2001:30::/28 drone remote ID tags (globally reachable: refused, identifiers)'],
  ['2001:1ff:ffff::1', '2001::/23 IETF protocol assignments, last block'],
  ['2001:db8::1', '2001:db8::/32 documentation'],
  ['2002:7f00:1::', '2002::/16 6to4, of 127.0.0.1'],
  ['2002:5db8:d822::1', '2002::/16 6to4, even of a public IPv4 address'],
  ['2620:4f:8000::1', '2620:4f:8000::/48 direct delegation AS112 (globally reachable: refused)'],
  ['3fff::1', '3fff::/20 documentation'],
  ['3fff:fff::1', '3fff::/20 documentation, last block'],
  ['5f00::1', '5f00::/16 SRv6 SIDs'],
  ['fc00::1', 'fc00::/7 unique local'],
  ['fd00:ec2::254', 'fc00::/7 unique local (a cloud metadata address)'],
  ['fe80::1', 'fe80::/10 link-local'],
  ['febf::1', 'fe80::/10 link-local, last block'],
  ['fec0::1', 'fec0::/10 site-local (deprecated)'],
  ['feff::1', 'fec0::/10 site-local, last block'],
  ['ff02::1', 'ff00::/8 multicast'],
  ['ff0e::1', 'ff00::/8 multicast, global scope'],
  ['1::1', 'outside 2000::/3: reserved by the IETF'],
  ['4000::1', 'outside 2000::/3: reserved by the IETF'],
  ['e000::1', 'outside 2000::/3: reserved by the IETF'],
]

const PUBLIC_V6: readonly string[] = [
  '2606:4700:4700::1111',
  '2a00:1450:4001:82a::200e',
  '2001:200::1', // just past 2001::/23
  '2001:db7:ffff::1',
  '2001:db9::1',
  '2003::1', // just past 2002::/16
  '2620:4f:7fff::1',
  '2620:4f:8001::1',
  '3ffe:ffff::1', // just below 3fff::/20
  '::ffff:93.184.216.34', // IPv4-mapped, of a public IPv4 address
  '64:ff9b::93.184.216.34', // NAT64 of a public IPv4 address: how an IPv6-only host reaches IPv4
  '64:FF9B::5DB8:D822',
]

/** The same loopback, link-local and metadata addresses, spelled every way a parser accepts. */
const ODD_SPELLINGS: readonly string[] = [
  '0:0:0:0:0:0:0:1',
  '0000:0000:0000:0000:0000:0000:0000:0001',
  '0000::0001',
  '::0:1',
  '::FFFF:7F00:1',
  '::ffff:7f00:1',
  '::ffff:7F00:0001',
  '0:0:0:0:0:ffff:127.0.0.1',
  '0000:0000:0000:0000:0000:FFFF:127.0.0.1',
  '::ffff:169.254.169.254',
  '::ffff:a9fe:a9fe',
  '0::ffff:a9fe:a9fe',
  '64:FF9B::A9FE:A9FE',
  '0064:ff9b:0:0:0:0:a9fe:a9fe',
  '64:ff9b::169.254.169.254',
  '2002:7F00:0001::',
  '2002:7f00:1:0:0:0:0:0',
  'FE80::1',
  'fe80:0000::1',
  'fe80::1%eth0',
  'fe80::1%25eth0',
  'fe80::1%1',
  '::1%lo',
  'FEC0::1',
  '[::1]',
  ' ::1',
  '::1 ',
  '0x7f.0.0.1',
  '2130706433',
  '127.1',
  '0177.0.0.1',
  '127.000.000.001',
]

describe('the addresses the proxy may connect to', () => {
  it.each(REFUSED_V4)('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false)
  })

  it.each(PUBLIC_V4)('allows the public IPv4 address %s', (address) => {
    expect(isPublicAddress(address)).toBe(true)
  })

  it.each(REFUSED_V6)('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false)
  })

  it.each(PUBLIC_V6)('allows the public IPv6 address %s', (address) => {
    expect(isPublicAddress(address)).toBe(true)
  })

  it.each(ODD_SPELLINGS)('refuses %j, however it is spelled', (address) => {
    expect(isPublicAddress(address)).toBe(false)
  })

  it('refuses anything that is not an address', () => {
    for (const value of ['localhost', '', 'example.org', '1::2::3', '::1.2.3', '00000::1', ':::'])
      expect(isPublicAddress(value), value).toBe(false)
  })
})
