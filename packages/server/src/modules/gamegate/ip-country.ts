import fs from 'node:fs';
import { createRequire } from 'node:module';
import ipaddr from 'ipaddr.js';
import { Reader, type Response } from 'maxmind';

/**
 * IP address → country: operator overrides by CIDR first (the narrowest range wins), then an
 * MMDB database read into memory once. The shipped database is `@ip-location-db/geo-whois-asn-country-mmdb`
 * (records `{ country_code }`, IPv4 and IPv6 in one file); MaxMind's GeoLite2 layout
 * (`country.iso_code`, else `registered_country.iso_code`) is read too, so the code is tested
 * on MaxMind's published test database.
 */

type CountryRecord = {
  country_code?: string;
  country?: { iso_code?: string };
  registered_country?: { iso_code?: string };
};

const require = createRequire(import.meta.url);

/** The MMDB file shipped in the npm package (no download at run time). */
export const shippedDatabasePath = () =>
  require.resolve('@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb');

/** Open an MMDB file into memory. */
export function openCountryDatabase(file = shippedDatabasePath()): Reader<Response> {
  return new Reader<Response>(fs.readFileSync(file));
}

let shipped: Reader<Response> | null = null;
/** The shipped database, opened once per process (about 8 MB) on first use. */
export function shippedCountryDatabase(): Reader<Response> {
  shipped ??= openCountryDatabase();
  return shipped;
}

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** Ranges (ipaddr.js names) that are no place on earth. */
const notPublic = new Set([
  'unspecified',
  'broadcast',
  'multicast',
  'linkLocal',
  'loopback',
  'private',
  'carrierGradeNat',
  'uniqueLocal',
]);

/** An address as written, or null: IPv4-mapped IPv6 (`::ffff:1.2.3.4`) reads as the IPv4 address. */
export function parseIp(ip: string): Address | null {
  try {
    return ipaddr.process(ip.trim());
  } catch {
    return null;
  }
}

interface CompiledOverride {
  name: string;
  country: string;
  range: [ipaddr.IPv4 | ipaddr.IPv6, number];
}

export interface OverrideInput {
  name: string;
  cidr: string;
  country: string;
}

/** Overrides in lookup order: narrowest range first, then by name (stable for equal ranges). */
export function compileOverrides(overrides: readonly OverrideInput[]): CompiledOverride[] {
  const compiled: CompiledOverride[] = [];
  for (const o of overrides) {
    const text = o.cidr.includes('/') ? o.cidr : `${o.cidr}/${o.cidr.includes(':') ? 128 : 32}`;
    try {
      const [addr, prefix] = ipaddr.parseCIDR(text);
      // `::ffff:10.0.0.0/104` is an IPv4 range written in IPv6.
      const range: [ipaddr.IPv4 | ipaddr.IPv6, number] =
        addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress() && prefix >= 96
          ? [(addr as ipaddr.IPv6).toIPv4Address(), prefix - 96]
          : [addr, prefix];
      compiled.push({ name: o.name, country: o.country, range });
    } catch {
      // Saved overrides passed the same check; an unreadable one is skipped rather than failing every login.
    }
  }
  return compiled.sort((a, b) => b.range[1] - a.range[1] || a.name.localeCompare(b.name));
}

export interface CountryLookup {
  country: string | null;
  source: 'override' | 'database' | 'none';
  override: string | null;
}

export class IpCountry {
  constructor(
    private readonly reader: Reader<Response>,
    private readonly overrides: CompiledOverride[] = [],
  ) {}

  /**
   * The country of an address from the database alone (upper-case ISO code); null when unknown or
   * not a public address (a private, loopback or link-local address says nothing of where the
   * player is, whatever a database row for it says).
   */
  private fromDatabaseAt(addr: Address): string | null {
    if (notPublic.has(addr.range())) return null;
    let record: CountryRecord | null;
    try {
      // `::ffff:1.2.3.4` (an IPv4 client on a dual-stack socket) reads as the IPv4 address.
      record = this.reader.get(addr.toString()) as CountryRecord | null;
    } catch {
      return null;
    }
    if (!record) return null;
    const code = record.country_code ?? record.country?.iso_code ?? record.registered_country?.iso_code;
    return code ? code.toUpperCase() : null;
  }

  private overrideAt(addr: Address): CompiledOverride | null {
    const kind = addr.kind();
    for (const o of this.overrides) if (o.range[0].kind() === kind && addr.match(o.range as never)) return o;
    return null;
  }

  /** The country from the database alone. */
  fromDatabase(ip: string): string | null {
    const addr = parseIp(ip);
    return addr && this.fromDatabaseAt(addr);
  }

  /** The country and where it came from. */
  lookup(ip: string): CountryLookup {
    const addr = parseIp(ip);
    const o = addr && this.overrides.length > 0 ? this.overrideAt(addr) : null;
    if (o) return { country: o.country, source: 'override', override: o.name };
    const country = addr && this.fromDatabaseAt(addr);
    return { country, source: country ? 'database' : 'none', override: null };
  }

  /** The country of `ip`: an override's, else the database's, else null. Parses the address once. */
  country(ip: string): string | null {
    const addr = parseIp(ip);
    if (!addr) return null;
    if (this.overrides.length > 0) {
      const o = this.overrideAt(addr);
      if (o) return o.country;
    }
    return this.fromDatabaseAt(addr);
  }
}
