import { homePath } from '@rookery/contracts';
import { describe, expect, it } from 'vitest';
import { findPageRoute, homeRoute, loginPath, toRouterPath } from './route-index';

describe('route index', () => {
  it('finds the page route of a path, params included', () => {
    expect(findPageRoute('/system/userlist')?.route.name).toBe('systemUserList');
    expect(findPageRoute('/redirect/%2Fsystem%2Flog')?.params['*']).toBe('/system/log');
    expect(findPageRoute('/system')).toBeUndefined();
    expect(findPageRoute('/nowhere')).toBeUndefined();
  });
  it('converts the table splat for the router', () => {
    expect(toRouterPath('/redirect/:route*')).toBe('/redirect/*');
    expect(toRouterPath('/purchase/piggyBankEdit/:id')).toBe('/purchase/piggyBankEdit/:id');
  });
  it('home is the affix tab route', () => {
    expect(homeRoute.fullPath).toBe(homePath);
  });
  it('carries the original full path to the login page', () => {
    expect(loginPath('/system/log?x=1')).toBe('/login?redirect=%2Fsystem%2Flog%3Fx%3D1');
    expect(loginPath('/')).toBe('/login');
    expect(loginPath('/login?redirect=%2Fa')).toBe('/login');
  });
});
