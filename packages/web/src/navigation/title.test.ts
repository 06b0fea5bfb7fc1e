import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { enUS } from '../i18n/en-US';
import { zhCN } from '../i18n/zh-CN';
import { routeTitle } from './route-index';
import { pageTitle } from './title';

async function translator(lng: 'zh-CN' | 'en-US') {
  const i18n = createInstance();
  await i18n.init({ lng, resources: { 'zh-CN': { translation: zhCN }, 'en-US': { translation: enUS } } });
  return i18n.t;
}

describe('page titles', () => {
  it('names the record a page shows, in the route’s own words, as its tab does', async () => {
    const zh = await translator('zh-CN');
    expect(pageTitle(routeTitle(zh, 'gameUserDetail', '12345'))).toBe('玩家 12345 - Rookery');
    const en = await translator('en-US');
    expect(pageTitle(routeTitle(en, 'gameUserDetail', '12345'))).toBe('Player 12345 - Rookery');
  });
  it('without a record (or for a route without its own wording) is the route title, then the record', async () => {
    const en = await translator('en-US');
    expect(routeTitle(en, 'gameUserDetail')).toBe(en('routes.gameUserDetail'));
    expect(routeTitle(en, 'systemUserEdit', '4')).toBe(`${en('routes.systemUserEdit')} 4`);
  });
});
