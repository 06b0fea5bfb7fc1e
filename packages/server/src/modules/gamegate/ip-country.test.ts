import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileOverrides, IpCountry, openCountryDatabase } from './ip-country.js';

/** The lookup code on MaxMind's published test database (see testdata/README.md). */

const dir = path.join(import.meta.dirname, 'testdata');
const test = new IpCountry(openCountryDatabase(path.join(dir, 'GeoLite2-Country-Test.mmdb')));
type Entry = Record<string, { country?: { iso_code?: string }; registered_country?: { iso_code?: string } }>;
const source = JSON.parse(fs.readFileSync(path.join(dir, 'GeoLite2-Country-Test.json'), 'utf8')) as Entry[];

describe('IP country on MaxMind test data', () => {
  it('gives the published examples', () => {
    expect(test.country('81.2.69.142')).toBe('GB');
    expect(test.country('89.160.20.112')).toBe('SE');
    expect(test.country('216.160.83.56')).toBe('US');
    expect(test.country('2001:218::1')).toBe('JP');
    expect(test.country('::ffff:81.2.69.142')).toBe('GB');
  });

  it('agrees with every network of the source JSON (first address; country, else registered country)', () => {
    let checked = 0;
    for (const entry of source)
      for (const [network, record] of Object.entries(entry)) {
        const expected = record.country?.iso_code ?? record.registered_country?.iso_code ?? null;
        const first = network.split('/')[0];
        expect(test.country(first), network).toBe(expected);
        checked += 1;
      }
    expect(checked).toBeGreaterThan(200);
  });

  it('knows nothing of private, unknown or malformed addresses', () => {
    expect(test.country('10.0.0.1')).toBeNull();
    expect(test.country('1.1.1.1')).toBeNull();
    expect(test.country('not an ip')).toBeNull();
    expect(test.country('')).toBeNull();
  });

  it('overrides win over the database; the narrowest range wins among them; v4 and v6', () => {
    const ip = new IpCountry(
      openCountryDatabase(path.join(dir, 'GeoLite2-Country-Test.mmdb')),
      compileOverrides([
        { name: 'wide', cidr: '81.2.0.0/16', country: 'FR' },
        { name: 'lab', cidr: '81.2.69.142', country: 'DE' },
        { name: 'v6', cidr: '2001:218::/48', country: 'KR' },
        { name: 'mapped', cidr: '::ffff:10.0.0.0/104', country: 'NL' },
      ]),
    );
    expect(ip.lookup('81.2.69.142')).toEqual({ country: 'DE', source: 'override', override: 'lab' });
    expect(ip.lookup('81.2.69.143')).toEqual({ country: 'FR', source: 'override', override: 'wide' });
    expect(ip.lookup('89.160.20.112')).toEqual({ country: 'SE', source: 'database', override: null });
    expect(ip.country('2001:218::5')).toBe('KR');
    expect(ip.country('2001:218:1::5')).toBe('JP');
    expect(ip.country('10.9.8.7')).toBe('NL');
  });
});

describe('the shipped database', () => {
  it('opens from the npm package and answers for IPv4 and IPv6', () => {
    const shipped = new IpCountry(openCountryDatabase());
    expect(shipped.country('8.8.8.8')).toBe('US');
    expect(shipped.country('2001:4860:4860::8888')).toBe('US');
    expect(shipped.country('::ffff:8.8.8.8')).toBe('US');
    // Private, loopback, CGNAT, link-local and unique-local addresses are nowhere (the database has a row for 192.168/16).
    for (const ip of [
      '192.168.1.1',
      '10.1.2.3',
      '127.0.0.1',
      '100.64.0.1',
      '172.16.5.4',
      'fe80::1',
      'fd12:3456::1',
      '::1',
    ])
      expect(shipped.country(ip), ip).toBeNull();
  });
});
