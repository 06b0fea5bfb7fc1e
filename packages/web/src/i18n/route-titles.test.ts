import { flattenRoutes } from '@rookery/contracts';
import { describe, expect, it } from 'vitest';
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
});
