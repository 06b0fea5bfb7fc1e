import { describe, expect, it } from 'vitest';
import { resolveSavedTab } from './tab-entry';

describe('resolveSavedTab', () => {
  it('rebuilds a known page with its query', () => {
    const tab = resolveSavedTab('/system/useredit?id=4', ['admin']);
    expect(tab).toMatchObject({ name: 'systemUserEdit', fullPath: '/system/useredit?id=4', query: { id: '4' } });
    expect(tab?.meta.title).toBe('routes.systemUserEdit');
  });
  it('drops unknown, tab-less and forbidden pages', () => {
    expect(resolveSavedTab('/no/such/page', ['admin'])).toBeNull();
    expect(resolveSavedTab('/refresh', ['admin'])).toBeNull();
    expect(resolveSavedTab('/system/userlist', ['tester'])).toBeNull();
  });
  it('marks the index tab as affix', () => {
    expect(resolveSavedTab('/dashboard/console', ['tester'])?.meta.affix).toBe(true);
  });
});
