import {
  compileOverrides,
  IpCountry,
  openCountryDatabase,
} from '../packages/server/src/modules/gamegate/ip-country.js';
import { assertRight, log, ms, resultLine } from './harness.js';

/**
 * `ip-country`: IP → country lookups per second (the shipped MMDB read with `maxmind`, the code
 * the game login runs), against a plain `Map` lookup of a string key (the same addresses as keys,
 * pre-filled with their answers): the cost of the lookup against the cheapest lookup there is.
 * Addresses: BENCH_IPS (default 200,000) pseudo-random public ones, four IPv4 to one IPv6. A
 * second line adds 50 operator overrides (CIDR ranges, checked before the database).
 */

const COUNT = Number(process.env.BENCH_IPS ?? 200_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS_IP ?? 5);

/** A small deterministic generator (mulberry32), so every run looks up the same addresses. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function addresses(n: number): string[] {
  const next = random(11);
  const byte = () => Math.floor(next() * 256);
  const hex = () => Math.floor(next() * 65536).toString(16);
  const out: string[] = [];
  for (let i = 0; i < n; i += 1) {
    if (i % 5 === 4)
      out.push(
        `2${Math.floor(next() * 4096)
          .toString(16)
          .padStart(3, '0')}:${hex()}:${hex()}::${hex()}`,
      );
    else out.push(`${1 + Math.floor(next() * 222)}.${byte()}.${byte()}.${byte()}`);
  }
  return out;
}

/** Lookups per second of `lookup` over `ips`: best of ROUNDS passes (other sessions share the machine). */
function rate(ips: string[], lookup: (ip: string) => string | null | undefined): number {
  let best = 0;
  let sink = 0;
  for (let r = 0; r < ROUNDS; r += 1) {
    const t = process.hrtime.bigint();
    for (const ip of ips) if (lookup(ip)) sink += 1;
    best = Math.max(best, ips.length / (ms(t) / 1000));
  }
  if (sink < 0) throw new Error('unreachable');
  return best;
}

export async function benchIpCountry(): Promise<string[]> {
  const ips = addresses(COUNT);
  const reader = openCountryDatabase();
  const plain = new IpCountry(reader);
  const next = random(7);
  const overrideInputs = Array.from({ length: 50 }, (_, i) => ({
    name: `o${i}`,
    cidr:
      i % 5 === 4
        ? `2${Math.floor(next() * 4096)
            .toString(16)
            .padStart(3, '0')}:${Math.floor(next() * 65536).toString(16)}::/32`
        : `${1 + Math.floor(next() * 222)}.${Math.floor(next() * 256)}.0.0/16`,
    country: 'DE',
  }));
  const overrides = compileOverrides(overrideInputs);
  const withOverrides = new IpCountry(reader, overrides);
  const map = new Map<string, string | null>(ips.map((ip) => [ip, plain.country(ip)]));
  const known = [...map.values()].filter(Boolean).length;
  log(`${COUNT} addresses, ${known} with a country in the shipped database`);

  // The answers first: known addresses give their countries (those the game login test checks),
  // an address inside an override gives the override's, and every other answer is the database's.
  for (const [ip, country] of [
    ['81.2.69.142', 'GB'],
    ['89.160.20.112', 'SE'],
    ['2001:4860:4860::8888', 'US'],
  ] as const)
    assertRight(plain.country(ip) === country, `${ip} → ${plain.country(ip)}, expected ${country}`);
  assertRight(known > 0, 'no generated address has a country: the lookups would only look fast');
  let overridden = 0;
  for (const ip of ips) {
    const got = withOverrides.country(ip);
    if (got !== map.get(ip)) {
      assertRight(got === 'DE', `${ip} → ${got} with overrides, ${map.get(ip)} without`);
      overridden += 1;
    }
  }
  const inFirst = overrideInputs[0].cidr.replace('.0.0/16', '.7.7');
  assertRight(
    withOverrides.country(inFirst) === 'DE',
    `${inFirst} → ${withOverrides.country(inFirst)}, inside an override to DE`,
  );
  log(`${overridden} generated addresses fall in an override`);

  // Warm all three, then measure.
  rate(ips.slice(0, 20_000), (ip) => map.get(ip));
  rate(ips.slice(0, 20_000), (ip) => plain.country(ip));
  rate(ips.slice(0, 20_000), (ip) => withOverrides.country(ip));
  const mapRate = rate(ips, (ip) => map.get(ip));
  const ourRate = rate(ips, (ip) => plain.country(ip));
  const overrideRate = rate(ips, (ip) => withOverrides.country(ip));
  const baseline = `${Math.round(mapRate).toLocaleString('en-US')} Map.get/s of a string key`;
  return [
    resultLine(
      'ip-country',
      `${Math.round(ourRate).toLocaleString('en-US')} lookups/s (${(1e9 / ourRate).toFixed(0)} ns each; ${COUNT} addresses, 1 in 5 IPv6)`,
      ourRate / mapRate,
      baseline,
    ),
    resultLine(
      'ip-country-overrides',
      `${Math.round(overrideRate).toLocaleString('en-US')} lookups/s with 50 CIDR overrides checked first`,
      overrideRate / mapRate,
      baseline,
    ),
  ];
}
