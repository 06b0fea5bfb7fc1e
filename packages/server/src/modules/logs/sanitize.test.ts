import { describe, expect, it } from 'vitest';
import { isSecretName, redacted, scrubMeta, scrubText, scrubUrl } from './sanitize.js';

describe('the log scrubber', () => {
  it('knows secret names in any case and separator, and leaves ordinary ones', () => {
    for (const name of [
      'pwd',
      'PASS',
      'passWord',
      'user_password',
      'x-auth-token',
      'API-KEY',
      'apiKey',
      'APIKEY',
      'privateKey',
      'access_key',
      'clientSecret',
      'SESSION_ID',
      'Authorization',
      'e-mail',
      'userEmail',
      'cardNumber',
      'otp',
      'jwt',
      'signature',
      'key',
    ])
      expect(isSecretName(name), name).toBe(true);
    for (const name of [
      'passenger',
      'compass',
      'keyCount',
      'monkey',
      'author',
      'level',
      'message',
      'url',
      'page',
      'status',
      'code',
    ])
      expect(isSecretName(name), name).toBe(false);
  });

  it('masks the well-known shapes in text and keeps the prose around them', () => {
    expect(scrubText('Authorization: Basic dXNlcjpwYXNzd29yZA==')).not.toContain('dXNlcjpwYXNzd29yZA');
    expect(scrubText('call Bearer abc.def-123 failed')).toBe(`call Bearer ${redacted('credential')} failed`);
    expect(scrubText('mail bob.smith+x@example.co.uk or bob%40example.com')).toBe(
      `mail ${redacted('email')} or ${redacted('email')}`,
    );
    expect(scrubText('paid 4111 1111 1111 1111 at 1732752000000 (order 4111111111111112)')).toBe(
      `paid ${redacted('card')} at 1732752000000 (order 4111111111111112)`,
    );
    expect(scrubText('{"password":"hunter2","user":"bob"}')).toBe(`{"password":"${redacted('secret')}","user":"bob"}`);
    expect(scrubText('?api_key=A1&key=B2&pwd=C3&code=D4&page=2')).toBe(
      `?api_key=${redacted('secret')}&key=${redacted('secret')}&pwd=${redacted('secret')}&code=${redacted('secret')}&page=2`,
    );
    expect(scrubText('next=%252Fcb%253Ftoken%253Dzz9%2526y%253D2')).toBe(
      `next=%252Fcb%253Ftoken%253D${redacted('secret')}%2526y%253D2`,
    );
    expect(scrubText('postgres://admin:S3cret@db:5432/x')).toBe(`postgres://admin:${redacted('password')}@db:5432/x`);
    expect(scrubText('url=https://x.example/cb?token=abc123&ok=1')).toBe(
      `url=https://x.example/cb?token=${redacted('secret')}&ok=1`,
    );
    // Prose that only looks like a pair or a scheme stays.
    for (const prose of [
      'Basic settings are fine, error code: 500',
      'passenger count=3 keyCount=4',
      'invalid token received',
    ])
      expect(scrubText(prose)).toBe(prose);
  });

  it('masks the caller’s secrets and session-token shapes; what PostgreSQL cannot store becomes U+FFFD', () => {
    const token = 'L-FSiLWBeAiR1f3kV0HWwG6TLXkkZ4KqeCgW84_eJUk';
    expect(scrubText(`other ${token}.`)).toBe(`other ${redacted('token')}.`);
    expect(scrubText('mine: my-own-session-token!', ['my-own-session-token'])).toBe(`mine: ${redacted('session')}!`);
    expect(scrubText('a\u0000b\ud800c')).toBe('a\ufffdb\ufffdc');
  });

  it('masks every query and fragment value of an address, and secret keys of meta whatever their value', () => {
    expect(scrubUrl('/players?userId=42&os=ios#access_token=xyz')).toBe(
      `/players?userId=${redacted('param')}&os=${redacted('param')}#access_token=${redacted('secret')}`,
    );
    expect(
      scrubMeta({
        pin: 1234,
        auth: { user: 'x' },
        keyCount: 3,
        ok: 'fine',
        request: { url: '/a?t=1' },
        'k\u0000': 'v\ud800',
      }),
    ).toEqual({
      pin: redacted('secret'),
      auth: redacted('secret'),
      keyCount: 3,
      ok: 'fine',
      request: { url: `/a?t=${redacted('param')}` },
      'k\ufffd': 'v\ufffd',
    });
  });

  it('stays linear on long hostile text', () => {
    const started = performance.now();
    for (const unit of ['a', 'a@', '1 ', 'x=1&', '"a":"', 'eyJ.', '%25'])
      scrubText(unit.repeat(Math.ceil(16_000 / unit.length)));
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
