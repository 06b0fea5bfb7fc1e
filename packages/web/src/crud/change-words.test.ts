import { describe, expect, it } from 'vitest';
import { changesInWords, pathInWords, valueInWords } from './change-words';

const zh = { locale: 'zh-CN' as const };
const en = { locale: 'en-US' as const };
const rawPath = /\[\d+\]|\.\w|^\w+$/;

describe('change tables in the operator words', () => {
  it('a conditional value rule reads "第 1 个条件值 · 国家/地区" = "等于 中国 (CN)", in both languages', () => {
    const before = { values: [{ conditions: [{ attr: 'os', op: 'equal', value: 'ios' }], value: true }] };
    const after = {
      values: [
        {
          conditions: [
            { attr: 'os', op: 'equal', value: 'ios' },
            { attr: 'country', op: 'equal', value: 'CN' },
          ],
          value: true,
        },
      ],
    };
    expect(changesInWords(before, after, zh)).toEqual([
      { field: '第 1 个条件值 · 国家/地区', kind: 'added', after: '等于 中国 (CN)' },
    ]);
    expect(changesInWords(before, after, en)).toEqual([
      { field: 'Conditional value 1 · Country / region', kind: 'added', after: 'equals China (CN)' },
    ]);
    const changed = structuredClone(after);
    changed.values[0]!.conditions[0]!.value = 'android';
    expect(changesInWords(after, changed, zh)).toEqual([
      { field: '第 1 个条件值 · 操作系统', kind: 'changed', before: '等于 iOS', after: '等于 Android' },
    ]);
  });

  it('a freeze in the system log: status by label, the reason and the end by name, times local with UTC', () => {
    const rows = changesInWords(
      { status: 'normal', frozenReason: null },
      { status: 'frozen', frozenReason: 'cheat', detail: { until: '2026-11-24T06:08:21.000Z' } },
      zh,
    );
    const byField = Object.fromEntries(rows.map((r) => [r.field, r]));
    expect(byField.状态).toMatchObject({ before: '正常', after: '冻结' });
    expect(byField.冻结原因).toMatchObject({ before: '（空）', after: 'cheat' });
    expect(byField['详情 · 截止时间']!.after).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\nUTC 2026-11-24 06:08:21$/);
    for (const row of rows) expect(row.field).not.toMatch(rawPath);
  });

  it('codes are never raw: types, platforms, languages, rewards', () => {
    expect(valueInWords('type', 'boolean', 'zh-CN')).toBe('布尔');
    expect(valueInWords('platform', 'android', 'en-US')).toBe('Android');
    expect(valueInWords('platforms', ['android', 'ios'], 'zh-CN')).toBe('Android、iOS');
    expect(valueInWords('language', 'en', 'zh-CN')).toBe('英语 (en)');
    expect(pathInWords(['title', 'zh-CN'], zh)).toMatch(/^标题 · 中文.*\(zh-CN\)$/);
    expect(
      changesInWords({ reward: [{ kind: 'coin', amount: 10 }] }, { reward: [{ kind: 'coin', amount: 1200 }] }, en),
    ).toEqual([{ field: expect.stringMatching(/^Rewards · (?!coin)/), kind: 'changed', before: '10', after: '1,200' }]);
  });

  it('a running experiment edited only in its planned end: one row, no field the server owns, no raw path', () => {
    const stored = {
      key: 'reward_x2',
      owner: 'ann',
      endAt: null,
      status: 'running',
      phase: 1,
      ranges: [[0, 100]],
      phases: [{ startedAt: '2026-11-01T00:00:00.000Z', stoppedAt: null, weights: [50, 50], coverage: 1 }],
      variations: [{ name: 'a', weight: 50, variables: [{ field: 'f', value: 1 }] }],
    };
    // The form's body carries the schema's defaults for the fields it does not show.
    const edited = { ...stored, endAt: '2026-12-31T00:00:00.000Z', status: 'draft', phase: 0, ranges: [], phases: [] };
    const skip = ['status', 'phase', 'ranges', 'phases', 'version', 'updatedAt'];
    for (const options of [zh, en]) {
      const rows = changesInWords(stored, edited, { ...options, skip });
      expect(rows.map((r) => r.field)).toEqual([options === zh ? '结束时间' : 'End']);
    }
    // Every nested path of a list reads as its item: "第 1 个版本 · 第 1 个变量 · 配置字段".
    const changed = structuredClone(stored);
    changed.variations[0]!.variables[0]!.field = 'g';
    expect(changesInWords(stored, changed, zh).map((r) => r.field)).toEqual(['第 1 个版本 · 第 1 个变量 · 配置字段']);
    expect(changesInWords(stored, changed, en).map((r) => r.field)).toEqual([
      'Variation 1 · Variable 1 · Config field',
    ]);
    expect(pathInWords(['values', 0, 'label'], en)).toBe('Conditional value 1 · Label');
    expect(pathInWords(['phases', 0, 'startedAt'], zh)).toBe('第 1 个阶段 · 开始于');
  });
});
