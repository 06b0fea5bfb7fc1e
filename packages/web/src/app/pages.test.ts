import { consoleRoutes, flattenRoutes } from '@rookery/contracts';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { pageRoutes } from '../navigation/route-index';
import { routeIcons, webAreas } from './areas';
import { pages } from './pages';

describe('route-to-page map', () => {
  it('every built page route has a page', () => {
    for (const route of pageRoutes) expect(pages, route.name).toHaveProperty(route.name);
  });
  it('every page belongs to a built page route', () => {
    const built = new Set(pageRoutes.map((r) => r.name));
    for (const name of Object.keys(pages)) expect(built, name).toContain(name);
  });
  it('no two areas bind the same route', () => {
    const seen = new Map<string, string>();
    for (const area of webAreas)
      for (const name of Object.keys({ ...area.pages, ...area.publicPages })) {
        expect(seen.get(name), `${name} in ${area.name}`).toBeUndefined();
        seen.set(name, area.name);
      }
  });
  it('every icon a built route names is brought by an area', () => {
    const built = new Set(pageRoutes.map((r) => r.name));
    const named = flattenRoutes(consoleRoutes).filter(
      (r) => r.icon && (built.has(r.name) || pageRoutes.some((p) => p.trail.includes(r.name))),
    );
    expect(named.length).toBeGreaterThan(5);
    for (const route of named) expect(routeIcons, route.name).toHaveProperty(route.icon!);
  });
});

describe('pages bundled in one chunk', () => {
  // The pages' modules load the console's i18n, which reads the browser's languages.
  beforeAll(() => {
    vi.stubGlobal('navigator', { language: 'zh-CN', languages: ['zh-CN'] });
    vi.stubGlobal('document', { documentElement: {} });
  });
  // The store, the game door and A/B tests make their pages from their resources' declarations:
  // each route such an area claims must come out of its chunk with a page.
  it.each(
    webAreas.filter((a) => ['store', 'settings', 'abtest'].includes(a.name)).flatMap((a) => Object.keys(a.pages)),
  )('%s loads a page', async (name) => {
    expect((await pages[name]()).default).toBeTypeOf('function');
  });
});
