import { describe, expect, it } from 'vitest';
import { locationTabKey, resolveSavedTab } from './tab-entry';

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

describe('record tabs', () => {
  it('carries the record of a page whose route names a record query', () => {
    const tab = resolveSavedTab('/user/detail?userId=1042', ['admin']);
    expect(tab).toMatchObject({ name: 'gameUserDetail', recordQuery: 'userId', meta: { record: '1042' } });
    expect(resolveSavedTab('/system/useredit?id=4', ['admin'])?.meta.record).toBeUndefined();
  });
  it('keys a location by its route: the record query for a record page, the path otherwise', () => {
    expect(locationTabKey('/user/detail', '?userId=1042')).toBe('/user/detail?userId=1042');
    expect(locationTabKey('/system/useredit', '?id=4')).toBe('/system/useredit');
  });
});
