import { describe, expect, it } from 'vitest';
import { hostKind } from './host';

describe('hostKind', () => {
  it('recognises test and local hosts', () => {
    expect(hostKind('test-console.example.com')).toBe('test');
    expect(hostKind('localhost')).toBe('test');
    expect(hostKind('127.0.0.1')).toBe('test');
  });
  it('recognises pre-release hosts', () => {
    expect(hostKind('pre-console.example.com')).toBe('preRelease');
  });
  it('treats anything else as production', () => {
    expect(hostKind('console.example.com')).toBe('production');
    expect(hostKind('contest-console.example.com')).toBe('production');
  });
});
