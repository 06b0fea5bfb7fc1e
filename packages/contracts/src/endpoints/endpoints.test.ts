import { describe, expect, it } from 'vitest';
import { type Endpoint, isMutation } from '../endpoint.js';
import { endpoints } from './index.js';

const table: Record<string, Endpoint> = endpoints;

/** Every name an `invalidates` list gives that is not a readable endpoint of the table. */
function unknownInvalidations(all: Record<string, Endpoint>): string[] {
  return Object.entries(all).flatMap(([name, e]) =>
    (e.invalidates ?? []).filter((n) => all[n]?.method !== 'GET').map((n) => `${name} → ${n}`),
  );
}

describe('the endpoint table', () => {
  it('names every entry by its key (the key of its queries in the console)', () => {
    for (const [name, e] of Object.entries(table)) expect(e.name, name).toBe(name);
  });

  it('invalidates only reads that exist in the table', () => {
    expect(unknownInvalidations(table)).toEqual([]);
    // The check itself fails on a misspelt or non-read name.
    const broken = { ...table, extra: { ...table.createRole, invalidates: ['listRole', 'deleteRole'] } };
    expect(unknownInvalidations(broken)).toEqual(['extra → listRole', 'extra → deleteRole']);
  });

  it('declares invalidations only on mutations', () => {
    const reads = Object.entries(table).filter(([, e]) => !isMutation(e) && e.invalidates);
    expect(reads.map(([name]) => name)).toEqual([]);
  });

  it('every console mutation with a list of the same records invalidates that list', () => {
    // A mutation on a kind of record (its path without the id) refreshes the list at that path.
    const lists = Object.values(table).filter((e) => e.method === 'GET' && e.path.startsWith('/api/v1/'));
    const missing = Object.values(table)
      .filter((e) => isMutation(e) && e.path.startsWith('/api/v1/'))
      .flatMap((e) => {
        const list = lists.find((l) => l.path === e.path.replace(/\/:\w+$/, ''));
        return list && !e.invalidates?.includes(list.name!) ? [`${e.name} → ${list.name}`] : [];
      });
    expect(missing).toEqual([]);
  });

  it('every console mutation declares its audit target (the entity its audit rows name)', () => {
    const undeclared = (all: Record<string, Endpoint>) =>
      Object.entries(all)
        .filter(([, e]) => isMutation(e) && e.permission !== 'game')
        .filter(([, e]) => [e.auditTarget ?? []].flat().filter((x) => /^[a-z][A-Za-z]*$/.test(x)).length === 0)
        .map(([name]) => name);
    expect(undeclared(table)).toEqual([]);
    // The check itself fails on a mutation without one, and on a declaration that is no entity name.
    const { auditTarget: _, ...bare } = table.createRole;
    expect(undeclared({ ...table, extra: bare, odd: { ...table.updateRole, auditTarget: '{"id":1}' } })).toEqual([
      'extra',
      'odd',
    ]);
  });
});
