import { describe, expect, it } from 'vitest';
import { areas } from './areas.js';
import { type Area, startOrder } from './module.js';

const area = (name: string, needs: string[] = []): Area => ({ name, needs, register: () => {} });

describe('area start order', () => {
  it('starts each area after the areas it needs, keeping the list order otherwise', () => {
    const order = startOrder([area('a', ['c']), area('b'), area('c', ['b']), area('d')]).map((a) => a.name);
    expect(order).toEqual(['b', 'c', 'a', 'd']);
  });

  it('fails on a cycle, naming it', () => {
    expect(() => startOrder([area('a', ['b']), area('b', ['c']), area('c', ['a'])])).toThrow(
      'areas need each other in a cycle: a → b → c → a',
    );
  });

  it('fails on an unknown need and on a name declared twice', () => {
    expect(() => startOrder([area('a', ['nope'])])).toThrow('area a needs nope, which is not in the list of areas');
    expect(() => startOrder([area('a'), area('a')])).toThrow('area a is declared twice');
  });

  it('orders the server’s own list (A/B after config, whose layers it plugs into)', () => {
    const names = startOrder(areas).map((a) => a.name);
    expect(new Set(names).size).toBe(areas.length);
    expect(names.indexOf('abtest')).toBeGreaterThan(names.indexOf('config'));
    for (const a of areas) for (const n of a.needs ?? []) expect(names.indexOf(n)).toBeLessThan(names.indexOf(a.name));
  });
});
