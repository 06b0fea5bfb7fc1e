import { describe, expect, it } from 'vitest';
import { guardRedirect, signedInRedirect } from './guard';

const tester = { access: ['tester', 'userQuery'], status: 'active' as const };

describe('guardRedirect', () => {
  it('lets public routes through without a session', () => {
    expect(guardRedirect({ name: 'login', auth: undefined, public: true }, null, '/login')).toBeNull();
  });
  it('sends a signed-out user to login with the original full path', () => {
    expect(guardRedirect({ name: 'systemLog', auth: ['sysLogQuery'] }, null, '/system/log?actor=a')).toBe(
      '/login?redirect=%2Fsystem%2Flog%3Factor%3Da',
    );
  });
  it('sends a user lacking the permission list to 403', () => {
    expect(guardRedirect({ name: 'systemUserList', auth: ['admin'] }, tester, '/system/userlist')).toBe('/403');
    expect(guardRedirect({ name: 'systemAllow', auth: ['admin', 'tester'] }, tester, '/system/allow')).toBeNull();
  });
  it('passes admin everywhere', () => {
    expect(
      guardRedirect({ name: 'systemLog', auth: ['sysLogQuery'] }, { access: ['admin'], status: 'active' }, '/'),
    ).toBeNull();
  });
  it('keeps a pending registration on its result page', () => {
    const pending = { access: [], status: 'pending' as const };
    expect(guardRedirect({ name: 'console', auth: true }, pending, '/dashboard/console')).toBe('/register/result');
    expect(guardRedirect({ name: 'registerResult', auth: true }, pending, '/register/result')).toBeNull();
  });
});

describe('signedInRedirect (the login page while signed in)', () => {
  const active = { status: 'active' as const };
  it('shows the form to a signed-out user', () => {
    expect(signedInRedirect(null, '/system/log')).toBeNull();
  });
  it('sends a signed-in user home, or to the console path it was given', () => {
    expect(signedInRedirect(active, null)).toBe('/dashboard/console');
    expect(signedInRedirect(active, '/system/log?actor=a')).toBe('/system/log?actor=a');
  });
  it('follows no path outside the console, nor back to login or registration', () => {
    for (const target of [
      '//evil.example',
      'https://evil.example',
      '/login?redirect=%2F',
      '/register/result',
      '/register',
    ])
      expect(signedInRedirect(active, target), target).toBe('/dashboard/console');
    expect(signedInRedirect(active, '/registered-players')).toBe('/registered-players');
  });
  it('keeps a pending registration on its result page', () => {
    expect(signedInRedirect({ status: 'pending' }, '/system/log')).toBe('/register/result');
  });
});
