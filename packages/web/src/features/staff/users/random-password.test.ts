import { endpoints } from '@rookery/contracts';
import { describe, expect, it } from 'vitest';
import { randomPassword } from './random-password';

describe('randomPassword', () => {
  it('has the asked length, no look-alikes, and passes the server password rule', () => {
    const pwd = randomPassword();
    expect(pwd).toHaveLength(16);
    expect(pwd).not.toMatch(/[0O1lI]/);
    expect(endpoints.updateStaffUser.body!.safeParse({ pwd }).success).toBe(true);
  });
  it('differs between calls', () => {
    expect(randomPassword()).not.toBe(randomPassword());
  });
  it('skips bytes that would bias the alphabet', () => {
    let calls = 0;
    const source = (bytes: Uint8Array) => {
      calls++;
      bytes.fill(calls === 1 ? 255 : 0);
      return bytes;
    };
    expect(randomPassword(4, source)).toBe('AAAA');
    expect(calls).toBe(2);
  });
});
