import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { type AreaDeclaration, defineArea } from './area.js';
import { constantResource } from './areas/content/constant.js';
import { areas, endpoints, foldAreas, jobCatalogue, messages, permissionLabels, resources } from './areas.js';
import { zhEn } from './bilingual.js';
import { endpoint } from './endpoint.js';
import type { JobName } from './jobs.js';
import type { MessageKey } from './messages.js';
import type { Permission } from './permissions.js';
import { consoleRoutes, type RouteName } from './routes/index.js';
import type { RouteNamesOf } from './routes/types.js';

type Area = (typeof areas)[number];
type PartOf<K extends string> = Area extends infer A ? (A extends { readonly [P in K]: infer T } ? T : never) : never;
type KeysOf<T> = T extends object ? keyof T & string : never;

const probe = defineArea({
  name: 'probe',
  permissions: { probe: { label: zhEn('探针', 'Probe'), permissions: { probeQuery: zhEn('查询', 'Query') } } },
  routes: [{ path: '/probe', name: 'probe', title: zhEn('探针', 'Probe'), auth: ['probeQuery'], built: true }],
  endpoints: {
    probeList: endpoint({
      method: 'GET',
      path: '/api/v1/probe',
      summary: 'Probe',
      permission: ['probeQuery'],
      response: z.object({}),
    }),
  },
  messages: { 'probe.gone': zhEn('不存在', 'Gone') },
  jobs: { 'probe.prune': zhEn('清理', 'Prune') },
});

describe('the list of areas', () => {
  it('folds into catalogues that fit together', () => {
    expect(foldAreas(areas).problems).toEqual([]);
    expect(foldAreas([...areas, probe]).problems).toEqual([]);
    expect(new Set(areas.map((a) => a.name)).size).toBe(areas.length);
    // Every catalogue holds what the areas declare, and only that.
    for (const area of areas as readonly AreaDeclaration[]) {
      for (const name of Object.keys(area.endpoints ?? {})) expect(endpoints).toHaveProperty(name);
      for (const name of Object.keys(area.resources ?? {})) expect(resources).toHaveProperty(name);
      for (const key of Object.keys(area.messages ?? {})) expect(messages).toHaveProperty([key]);
      for (const name of Object.keys(area.jobs ?? {})) expect(jobCatalogue).toHaveProperty([name]);
    }
    expect(consoleRoutes.map((r) => r.name)).toEqual(
      areas.flatMap((a) => (a as AreaDeclaration).routes ?? []).map((r) => r.name),
    );
  });

  it('refuses an area that names twice what another declares', () => {
    const twice = defineArea({ ...probe, name: 'twice' });
    expect(foldAreas([probe, twice]).problems).toEqual([
      'permission group probe: declared by probe and twice',
      'permission probeQuery: declared by probe and twice',
      'endpoint probeList: declared by probe and twice',
      'message probe.gone: declared by probe and twice',
      'job probe.prune: declared by probe and twice',
      'route probe: declared twice',
    ]);
    expect(foldAreas([probe, probe]).problems).toContain('area probe: declared twice');
    expect(foldAreas([probe, defineArea({ name: 'x', messages: { 'http.400': zhEn('a', 'b') } })]).problems).toEqual([
      'message http.400: declared by the platform and an area',
    ]);
  });

  it('refuses a permission no area declares, in a route, an endpoint or a resource', () => {
    const stray = defineArea({
      name: 'stray',
      routes: [{ path: '/stray', name: 'stray', title: zhEn('走失', 'Stray'), auth: ['admin', 'strayQuery'] }],
      endpoints: {
        strayList: endpoint({
          method: 'GET',
          path: '/x',
          summary: 'x',
          permission: ['strayEdit'],
          response: z.object({}),
        }),
      },
    });
    expect(foldAreas([probe, stray]).problems).toEqual([
      'route stray: unknown permission strayQuery',
      'endpoint strayList: unknown permission strayEdit',
    ]);
    const kit = defineArea({ name: 'kit', resources: { constant: constantResource } });
    expect(foldAreas([kit]).problems).toEqual([
      'resource constant: its endpoints are not in its area',
      'resource constant: unknown permission constQuery',
      'resource constant: unknown permission constEdit',
    ]);
  });

  it("types every name by the areas' typed entries, and those agree with the declarations", () => {
    // The entries each area file adds (declaration merging) against what its declaration holds.
    expectTypeOf<Permission>().toEqualTypeOf<
      PartOf<'permissions'> extends infer G
        ? G extends object
          ? { [K in keyof G]: G[K] extends { permissions: infer P } ? KeysOf<P> : never }[keyof G]
          : never
        : never
    >();
    expectTypeOf<RouteName>().toEqualTypeOf<RouteNamesOf<PartOf<'routes'>>>();
    expectTypeOf<JobName>().toEqualTypeOf<KeysOf<PartOf<'jobs'>>>();
    expectTypeOf<Exclude<MessageKey, KeysOf<PartOf<'messages'>>>>().toEqualTypeOf<
      Exclude<MessageKey, KeysOf<PartOf<'messages'>>>
    >();
    expectTypeOf(endpoints).toHaveProperty('createGiftCodeBatch');
    // @ts-expect-error: a name no area declares is a type error
    expect(endpoints.noSuchEndpoint).toBeUndefined();
    expect(Object.keys(permissionLabels)).toContain('giftCodeQuery');
  });
});
