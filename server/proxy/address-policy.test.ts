import { describe, expect, it } from 'vitest'
import { isPublicAddress } from './address-policy.ts'

describe('the addresses the proxy may connect to', () => {
  it('refuses loopback, private, link-local, metadata, multicast and unspecified IPv4', () => {
    for (const address of [
      '127.0.0.1',
      '127.8.9.10',
      '10.0.0.1',
      '10.255.255.255',
      '172.16.0.1',
      '172.31.255.254',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
    ]) {
      expect(isPublicAddress(address), address).toBe(false)
    }
  })

  it('refuses the same in IPv6, IPv4-mapped and IPv4-compatible forms included', () => {
    for (const address of [
      '::1',
      '::',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '0:0:0:0:0:ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      '::127.0.0.1',
      '64:ff9b::a9fe:a9fe',
      'fe80::1',
      'fd00:ec2::254',
      'fc00::1',
      'ff02::1',
    ]) {
      expect(isPublicAddress(address), address).toBe(false)
    }
  })

  it('allows public addresses, and nothing that is not an address', () => {
    expect(isPublicAddress('93.184.216.34')).toBe(true)
    expect(isPublicAddress('172.32.0.1')).toBe(true)
    expect(isPublicAddress('2606:4700:4700::1111')).toBe(true)
    expect(isPublicAddress('::ffff:93.184.216.34')).toBe(true)
    expect(isPublicAddress('localhost')).toBe(false)
    expect(isPublicAddress('')).toBe(false)
  })
})
