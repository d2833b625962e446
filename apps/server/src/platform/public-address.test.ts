import { describe, expect, it } from 'vitest';
import { hostLiteral, isFetchableScheme, isPublicAddress } from './public-address.ts';

/** The IP literal a user-written address names, after the WHATWG URL parser normalises it. */
const literalOf = (address: string) => hostLiteral(new URL(address));

describe('isPublicAddress', () => {
  it.each([
    // Loopback, however it is written (the URL parser turns each into 127.0.0.1).
    ['127.0.0.1', '127.0.0.1'],
    ['127.1', literalOf('http://127.1/')],
    ['2130706433 (decimal)', literalOf('http://2130706433/')],
    ['0x7f000001 (hex)', literalOf('http://0x7f000001/')],
    ['0177.0.0.1 (octal)', literalOf('http://0177.0.0.1/')],
    ['127.255.255.254', '127.255.255.254'],
    // Private networks.
    ['10.0.0.1', '10.0.0.1'],
    ['10.255.255.255', '10.255.255.255'],
    ['172.16.0.1', '172.16.0.1'],
    ['172.31.255.255', '172.31.255.255'],
    ['192.168.1.1', '192.168.1.1'],
    // Link-local: cloud metadata lives here.
    ['169.254.169.254', '169.254.169.254'],
    ['169.254.169.254 (decimal)', literalOf('http://2852039166/')],
    // Carrier-grade NAT.
    ['100.64.0.1', '100.64.0.1'],
    ['100.127.255.255', '100.127.255.255'],
    // Multicast, unspecified, "this network", broadcast, reserved.
    ['224.0.0.1', '224.0.0.1'],
    ['239.255.255.250', '239.255.255.250'],
    ['0.0.0.0', '0.0.0.0'],
    ['0.1.2.3', '0.1.2.3'],
    ['255.255.255.255', '255.255.255.255'],
    ['240.0.0.1', '240.0.0.1'],
    // IPv6.
    ['::1', '::1'],
    ['[::1] in a URL', literalOf('http://[::1]:8080/')],
    ['::', '::'],
    ['fe80::1', 'fe80::1'],
    ['fe80::1%eth0 (zone)', 'fe80::1%eth0'],
    ['febf::1', 'febf::1'],
    ['fc00::1', 'fc00::1'],
    ['fd12:3456:789a::1', 'fd12:3456:789a::1'],
    ['ff02::1', 'ff02::1'],
    // IPv4-mapped and NAT64 forms of refused IPv4 addresses.
    ['::ffff:127.0.0.1', '::ffff:127.0.0.1'],
    ['::ffff:7f00:1 (URL-normalised)', literalOf('http://[::ffff:127.0.0.1]/')],
    ['::ffff:169.254.169.254', '::ffff:169.254.169.254'],
    ['::ffff:a9fe:a9fe', literalOf('http://[::ffff:169.254.169.254]/')],
    ['::ffff:10.0.0.1', '::ffff:10.0.0.1'],
    ['0:0:0:0:0:ffff:c0a8:101', '0:0:0:0:0:ffff:c0a8:101'],
    ['64:ff9b::7f00:1', '64:ff9b::7f00:1'],
    ['64:ff9b::169.254.169.254', '64:ff9b::169.254.169.254'],
    ['64:ff9b:1::1 (local-use NAT64)', '64:ff9b:1::1'],
    ['::127.0.0.1 (IPv4-compatible)', '::127.0.0.1'],
    ['2002:7f00:1::1 (6to4 of loopback)', '2002:7f00:1::1'],
    ['2001:db8::1 (documentation)', '2001:db8::1'],
    ['2001:0:4136:e378::1 (Teredo)', '2001:0:4136:e378::1'],
    // Not addresses at all.
    ['a host name', 'calendar.example.com'],
    ['empty', ''],
    ['a half-written address', '127.0.0'],
  ])('refuses %s', (_label, address) => {
    expect(address).not.toBeNull();
    expect(isPublicAddress(address ?? '')).toBe(false);
  });

  it.each([
    ['93.184.216.34', '93.184.216.34'],
    ['8.8.8.8', '8.8.8.8'],
    ['172.32.0.1 (just past 172.16/12)', '172.32.0.1'],
    ['100.128.0.1 (just past 100.64/10)', '100.128.0.1'],
    ['2606:2800::1', '2606:2800::1'],
    ['2606:2800:220:1:248:1893:25c8:1946', '2606:2800:220:1:248:1893:25c8:1946'],
    ['::ffff:93.184.216.34 (mapped public)', '::ffff:93.184.216.34'],
    ['64:ff9b::5db8:d822 (NAT64 of a public address)', '64:ff9b::5db8:d822'],
    ['2002:5db8:d822::1 (6to4 of a public address)', '2002:5db8:d822::1'],
  ])('allows %s', (_label, address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('hostLiteral', () => {
  it('is null for a host name and the bare literal for an address', () => {
    expect(hostLiteral(new URL('https://calendar.google.com/x.ics'))).toBeNull();
    expect(hostLiteral(new URL('http://[2606:2800::1]:8443/'))).toBe('2606:2800::1');
    expect(hostLiteral(new URL('http://93.184.216.34/'))).toBe('93.184.216.34');
  });
});

describe('isFetchableScheme', () => {
  it.each([
    ['file:///etc/passwd', false],
    ['ftp://example.com/a.ics', false],
    ['gopher://example.com:70/_x', false],
    ['data:text/calendar,BEGIN:VCALENDAR', false],
    ['javascript:alert(1)', false],
    ['webcal://example.com/a.ics', false],
    ['http://example.com/a.ics', true],
    ['https://example.com/a.ics', true],
    ['HTTPS://example.com/a.ics', true],
  ])('%s → %s', (address, fetchable) => {
    expect(isFetchableScheme(new URL(address))).toBe(fetchable);
  });
});
