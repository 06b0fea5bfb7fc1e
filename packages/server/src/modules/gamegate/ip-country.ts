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

/**
 * The reader's cache of decoded records, by their offset in the data section. A country database
 * holds a few hundred distinct records (one per country), so every lookup after the first few
 * skips decoding; the bound only guards against a database with far more.
 */
function recordCache(max = 10_000) {
  const records = new Map<number, unknown>();
  return {
    get: (offset: number) => records.get(offset),
    set: (offset: number, value: unknown) => {
      if (records.size < max) records.set(offset, value);
    },
  };
}

/** Open an MMDB file into memory. */
export function openCountryDatabase(file = shippedDatabasePath()): Reader<Response> {
  return new Reader<Response>(fs.readFileSync(file), { cache: recordCache() as never });
}

let shipped: Reader<Response> | null = null;
/** The shipped database, opened once per process (about 8 MB) on first use. */
export function shippedCountryDatabase(): Reader<Response> {
  shipped ??= openCountryDatabase();
  return shipped;
}

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** An address as written, or null: IPv4-mapped IPv6 (`::ffff:1.2.3.4`) reads as the IPv4 address. */
export function parseIp(ip: string): Address | null {
  try {
    return ipaddr.process(ip.trim());
  } catch {
    return null;
  }
}

/** A dotted-quad IPv4 address as an unsigned 32-bit number, -1 when `text` is not one (no allocation). */
export function ipv4Number(text: string, from = 0): number {
  let n = 0;
  let part = 0;
  let digits = 0;
  let dots = 0;
  for (let i = from; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === 46) {
      if (digits === 0 || dots === 3) return -1;
      n = n * 256 + part;
      part = 0;
      digits = 0;
      dots += 1;
    } else if (c >= 48 && c <= 57) {
      if (digits === 3 || (digits > 0 && part === 0)) return -1;
      part = part * 10 + (c - 48);
      if (part > 255) return -1;
      digits += 1;
    } else return -1;
  }
  if (dots !== 3 || digits === 0) return -1;
  return n * 256 + part;
}

/** IPv4 ranges that are no place on earth: [first, last] as numbers. */
const v4NotPublic: [number, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 3],
].map(([a, bits]) => {
  const first = ipv4Number(a as string);
  return [first, first + 2 ** (32 - (bits as number)) - 1];
});
const v4Public = (n: number) => {
  for (const [first, last] of v4NotPublic) if (n >= first && n <= last) return false;
  return true;
};
/** IPv6 that is no place on earth: unspecified, loopback, unique local (fc00::/7), link-local (fe80::/10), multicast (ff00::/8). */
const v6Public = (lower: string) =>
  !(lower === '::' || lower === '::1' || /^(f[cd][0-9a-f]{2}|fe[89ab][0-9a-f]|ff[0-9a-f]{2}):/.test(lower));

interface CompiledOverride {
  name: string;
  country: string;
  range: [ipaddr.IPv4 | ipaddr.IPv6, number];
  /** IPv4 ranges as numbers (the common case checks without parsing). */
  v4?: [number, number];
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
      let v4: [number, number] | undefined;
      if (range[0].kind() === 'ipv4') {
        const size = 2 ** (32 - range[1]);
        const first = Math.floor(ipv4Number(range[0].toString()) / size) * size;
        v4 = [first, first + size - 1];
      }
      compiled.push({ name: o.name, country: o.country, range, v4 });
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

/** An address ready for lookups: IPv4 as a number, IPv6 as text (parsed only if an IPv6 override needs it). */
type Key = { v4: number; text: string } | { v4: -1; text: string };

function keyOf(ip: string): Key | null {
  const t = ip.trim();
  const v4 = ipv4Number(t);
  if (v4 >= 0) return { v4, text: t };
  if (!t.includes(':')) return null;
  const lower = t.toLowerCase();
  if (lower.startsWith('::ffff:')) {
    const mapped = ipv4Number(lower, 7);
    if (mapped >= 0) return { v4: mapped, text: lower.slice(7) };
  }
  return { v4: -1, text: lower };
}

export class IpCountry {
  private readonly v6Overrides: CompiledOverride[];

  constructor(
    private readonly reader: Reader<Response>,
    private readonly overrides: CompiledOverride[] = [],
  ) {
    this.v6Overrides = overrides.filter((o) => !o.v4);
  }

  /**
   * The country of an address from the database alone (upper-case ISO code); null when unknown or
   * not a public address (a private, loopback or link-local address says nothing of where the
   * player is, whatever a database row for it says).
   */
  private fromDatabaseAt(key: Key): string | null {
    if (key.v4 >= 0 ? !v4Public(key.v4) : !v6Public(key.text)) return null;
    let record: CountryRecord | null;
    try {
      record = this.reader.get(key.text) as CountryRecord | null;
    } catch {
      return null;
    }
    if (!record) return null;
    const code = record.country_code ?? record.country?.iso_code ?? record.registered_country?.iso_code;
    return code ? code.toUpperCase() : null;
  }

  private overrideAt(key: Key): CompiledOverride | null {
    if (key.v4 >= 0) {
      for (const o of this.overrides) if (o.v4 && key.v4 >= o.v4[0] && key.v4 <= o.v4[1]) return o;
      return null;
    }
    if (this.v6Overrides.length === 0) return null;
    const addr = parseIp(key.text);
    if (addr?.kind() !== 'ipv6') return null;
    for (const o of this.v6Overrides) if (addr.match(o.range as never)) return o;
    return null;
  }

  /** The country from the database alone. */
  fromDatabase(ip: string): string | null {
    const key = keyOf(ip);
    return key && this.fromDatabaseAt(key);
  }

  /** The country and where it came from. */
  lookup(ip: string): CountryLookup {
    const key = keyOf(ip);
    const o = key && this.overrides.length > 0 ? this.overrideAt(key) : null;
    if (o) return { country: o.country, source: 'override', override: o.name };
    const country = key && this.fromDatabaseAt(key);
    return { country, source: country ? 'database' : 'none', override: null };
  }

  /** The country of `ip`: an override's, else the database's, else null. */
  country(ip: string): string | null {
    const key = keyOf(ip);
    if (!key) return null;
    if (this.overrides.length > 0) {
      const o = this.overrideAt(key);
      if (o) return o.country;
    }
    return this.fromDatabaseAt(key);
  }
}
