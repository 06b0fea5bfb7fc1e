import { describe, expect, it } from 'vitest';
import { diffRows } from './diff-rows';

describe('diffRows', () => {
  it('lists changed, added and removed fields with their values', () => {
    const rows = diffRows({ name: 'a', value: 1, gone: true }, { name: 'a', value: 2, extra: 'x' });
    expect(rows).toEqual(
      expect.arrayContaining([
        { path: ['value'], kind: 'changed', before: 1, after: 2 },
        { path: ['gone'], kind: 'removed', before: true },
        { path: ['extra'], kind: 'added', after: 'x' },
      ]),
    );
    expect(rows).toHaveLength(3);
  });

  it('is empty for equal documents', () => {
    expect(diffRows({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toEqual([]);
  });

  it('reads an inserted list item as one added item, not every later item changed', () => {
    const before = {
      rewards: [
        { id: 'gold', amount: 5 },
        { id: 'gem', amount: 1 },
      ],
    };
    const after = {
      rewards: [
        { id: 'energy', amount: 9 },
        { id: 'gold', amount: 5 },
        { id: 'gem', amount: 1 },
      ],
    };
    const rows = diffRows(before, after);
    expect(rows).toEqual([
      { path: ['rewards', 0, 'id'], kind: 'added', after: 'energy' },
      { path: ['rewards', 0, 'amount'], kind: 'added', after: 9 },
    ]);
  });

  it('goes into nested objects and reports a changed leaf by its path', () => {
    const rows = diffRows({ title: { 'zh-CN': '你好', en: 'Hi' } }, { title: { 'zh-CN': '你好', en: 'Hello' } });
    expect(rows).toEqual([{ path: ['title', 'en'], kind: 'changed', before: 'Hi', after: 'Hello' }]);
  });

  it('shows a created document as added leaves and a deleted one as removed leaves', () => {
    expect(diffRows(null, { key: 'k', value: { a: 1 } })).toEqual([
      { path: ['key'], kind: 'added', after: 'k' },
      { path: ['value', 'a'], kind: 'added', after: 1 },
    ]);
    expect(diffRows({ key: 'k' }, undefined)).toEqual([{ path: ['key'], kind: 'removed', before: 'k' }]);
  });

  it('replaces a value that changed shape by its old and new leaves', () => {
    expect(diffRows({ value: 3 }, { value: { n: 3 } })).toEqual([
      { path: ['value'], kind: 'removed', before: 3 },
      { path: ['value', 'n'], kind: 'added', after: 3 },
    ]);
  });
});
