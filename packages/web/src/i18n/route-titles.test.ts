import { flattenRoutes } from '@rookery/contracts';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { routeTitle } from '../navigation/route-index';
import { enUS } from './en-US';
import { zhCN } from './zh-CN';

describe('route titles', () => {
  it('every route of the route table has a title in both languages', () => {
    for (const route of flattenRoutes()) {
      expect(zhCN.routes, route.name).toHaveProperty(route.name);
      expect(enUS.routes, route.name).toHaveProperty(route.name);
    }
  });
  it('holds no title for a route that does not exist', () => {
    const names = new Set(flattenRoutes().map((r) => r.name));
    for (const key of Object.keys(zhCN.routes)) expect(names, key).toContain(key);
  });
  it('a new-item title for edit pages only, in both languages (新建实验 / New experiment)', () => {
    const names = new Set(flattenRoutes().map((r) => r.name));
    expect(Object.keys(zhCN.routesNew).sort()).toEqual(Object.keys(enUS.routesNew).sort());
    for (const key of Object.keys(zhCN.routesNew)) {
      expect(names, key).toContain(key);
      expect(zhCN.routesNew[key as keyof typeof zhCN.routesNew]).toMatch(/^新建/);
    }
    const t = ((key: string, o?: { defaultValue?: string }) =>
      key.startsWith('routesNew.')
        ? ((zhCN.routesNew as Record<string, string>)[key.slice(10)] ?? o?.defaultValue)
        : (zhCN.routes as Record<string, string>)[key.slice(7)]) as unknown as TFunction;
    expect(routeTitle(t, 'abtestExperimentEdit', null, {})).toBe('新建实验');
    expect(routeTitle(t, 'abtestExperimentEdit', null, { key: 'x' })).toBe('编辑实验');
    expect(routeTitle(t, 'systemUserEdit', null, { id: '1' })).toBe('编辑用户');
  });
});
