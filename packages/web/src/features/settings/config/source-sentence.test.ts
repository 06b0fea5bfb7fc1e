import type { ConfigExplainField } from '@rookery/contracts';
import { describe, expect, it } from 'vitest';
import { sourceSentence } from './source-sentence';

const field = (over: Partial<ConfigExplainField>): ConfigExplainField => ({
  name: 'f',
  type: 'string',
  value: 'x',
  source: 'default',
  override: null,
  experiment: null,
  variation: null,
  event: null,
  valueIndex: null,
  label: null,
  ...over,
});

describe('the source of a value as a sentence', () => {
  it('names the override, event, value and label in both languages', () => {
    expect(sourceSentence(field({ source: 'override', override: 'qa-1' }), 'en-US')).toBe("Tester override 'qa-1'");
    expect(sourceSentence(field({ source: 'override', override: 'qa-1' }), 'zh-CN')).toBe('测试覆盖“qa-1”');
    expect(
      sourceSentence(field({ source: 'event', event: 'spring', valueIndex: 1, label: 'China payers' }), 'en-US'),
    ).toBe("Event config 'spring' · value 2 'China payers'");
    expect(sourceSentence(field({ source: 'global', valueIndex: 0 }), 'en-US')).toBe('Global config · value 1');
    expect(sourceSentence(field({ source: 'global', valueIndex: 0, label: '中国' }), 'zh-CN')).toBe(
      '全局配置 · 值 1“中国”',
    );
    expect(sourceSentence(field({ source: 'default' }), 'en-US')).toBe('Default value');
    expect(sourceSentence(field({ source: 'experiment', experiment: 'price', variation: 'b' }), 'en-US')).toBe(
      "Experiment variable 'price' · variation 'b'",
    );
  });
});
