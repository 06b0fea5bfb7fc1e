import { describe, expect, it } from 'vitest';
import { changesInWords, pathInWords, valueInWords } from './change-words';

const zh = { locale: 'zh-CN' as const };
const en = { locale: 'en-US' as const };
const rawPath = /\[\d+\]|\.\w|^\w+$/;

describe('change tables in the operator words', () => {
  it('a conditional value rule reads "条件值 1 · 国家/地区" = "等于 中国 (CN)", in both languages', () => {
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
      { field: '条件值 1 · 国家/地区', kind: 'added', after: '等于 中国 (CN)' },
    ]);
    expect(changesInWords(before, after, en)).toEqual([
      { field: 'Conditional values 1 · Country / region', kind: 'added', after: 'equals China (CN)' },
    ]);
    const changed = structuredClone(after);
    changed.values[0]!.conditions[0]!.value = 'android';
    expect(changesInWords(after, changed, zh)).toEqual([
      { field: '条件值 1 · 操作系统', kind: 'changed', before: '等于 iOS', after: '等于 Android' },
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
});
