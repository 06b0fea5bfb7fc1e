import { describe, expect, it } from 'vitest';
import { redirectTarget } from './redirect-target';

const home = '/dashboard/console';

describe('redirectTarget', () => {
  it('accepts a plain path, with or without the leading slash', () => {
    expect(redirectTarget('system/log', home)).toBe('/system/log');
    expect(redirectTarget('%2Fsystem%2Fuseredit%3Fid%3D2', home)).toBe('/system/useredit?id=2');
  });
  it('accepts a JSON-encoded route with a query', () => {
    expect(redirectTarget(encodeURIComponent('{"path":"/system/useredit","query":{"id":"3"}}'), home)).toBe(
      '/system/useredit?id=3',
    );
  });
  it('goes home for garbage or a path leaving the console', () => {
    expect(redirectTarget('{bad json', home)).toBe(home);
    expect(redirectTarget('%E0%A4%A', home)).toBe(home);
    expect(redirectTarget(encodeURIComponent('//evil.example.com'), home)).toBe(home);
  });
});
