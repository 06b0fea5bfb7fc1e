import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { enUS } from './en-US';
import { tabPositionText } from './tab-announcements';
import { zhCN } from './zh-CN';

const tIn = (texts: { tabs: { position: string } }) =>
  ((key: string, v: { n: string; total: string }) =>
    key === 'tabs.position'
      ? texts.tabs.position.replace('{{n}}', v.n).replace('{{total}}', v.total)
      : key) as unknown as TFunction;

describe("antd's tab position announcement in the console's language", () => {
  it('reads "第 1 个标签页，共 6 个" in Chinese and stays English in English', () => {
    expect(tabPositionText('Tab 1 of 6', tIn(zhCN))).toBe('第 1 个标签页，共 6 个');
    expect(tabPositionText('Tab 1 of 6', tIn(enUS))).toBe('Tab 1 of 6');
    expect(tabPositionText('Mail', tIn(zhCN))).toBeNull();
  });
});
