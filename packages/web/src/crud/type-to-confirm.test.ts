import { describe, expect, it } from 'vitest';
import { typedMatches } from './type-to-confirm';

describe('typedMatches', () => {
  it('accepts the number with or without thousands separators', () => {
    expect(typedMatches('12345', 12345)).toBe(true);
    expect(typedMatches('12,345', 12345)).toBe(true);
    expect(typedMatches(' 12 345 ', '12,345')).toBe(true);
    expect(typedMatches('１２３４５', 12345)).toBe(true);
  });
  it('refuses another number, a prefix or nothing', () => {
    expect(typedMatches('1234', 12345)).toBe(false);
    expect(typedMatches('123456', 12345)).toBe(false);
    expect(typedMatches('', 12345)).toBe(false);
    expect(typedMatches('', '')).toBe(false);
  });
  it('compares a word without case', () => {
    expect(typedMatches('delete', 'DELETE')).toBe(true);
    expect(typedMatches('删除', '删除')).toBe(true);
    expect(typedMatches('delet', 'DELETE')).toBe(false);
  });
});
