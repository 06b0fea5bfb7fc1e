import { describe, expect, it } from 'vitest';
import { rewardsSchema } from './game-catalogue.js';
import { messages } from './messages.js';

describe('a reward whose kind is not chosen yet', () => {
  it('asks to choose a kind (请选择类型 / Choose a kind), not "unknown resource kind"', () => {
    const answer = rewardsSchema.safeParse([{ kind: undefined, amount: 1 }]);
    expect(answer.success).toBe(false);
    const codes = answer.error?.issues.map((i) => i.message) ?? [];
    expect(codes).toContain('v.chooseKind');
    expect(codes).not.toContain('v.unknownResource');
    expect(messages['v.chooseKind']).toEqual({ 'zh-CN': '请选择类型', 'en-US': 'Choose a kind' });
    const wrong = rewardsSchema.safeParse([{ kind: 'no-such-kind', amount: 1 }]);
    expect(wrong.error?.issues.map((i) => i.message)).toContain('v.unknownResource');
  });
});
