import { consoleRoutes, flattenRoutes } from '@rookery/contracts';
import { describe, expect, it } from 'vitest';
import { routeIcons } from '../navigation/icons';
import { pageRoutes } from '../navigation/route-index';
import { screens } from './screens';

describe('screen registry', () => {
  it('every built page route has a screen', () => {
    for (const route of pageRoutes) expect(screens, route.name).toHaveProperty(route.name);
  });
  it('every screen belongs to a built page route', () => {
    const built = new Set(pageRoutes.map((r) => r.name));
    for (const name of Object.keys(screens)) expect(built, name).toContain(name);
  });
  it('every icon the route table names is mapped', () => {
    for (const route of flattenRoutes(consoleRoutes).filter((r) => r.icon))
      expect(routeIcons, route.name).toHaveProperty(route.icon!);
  });
});
