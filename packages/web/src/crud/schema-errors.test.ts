import { endpoints, mailBodySchema } from '@rookery/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadZodLocale } from '../i18n/zod-locale';
import {
  allFieldErrors,
  fieldError,
  isRequiredField,
  placeFieldErrors,
  serverFieldErrors,
  withListPositions,
  zodFieldErrors,
} from './schema-errors';

const registerBody = endpoints.register.body!;

describe('zodFieldErrors', () => {
  it('maps the registration rules of spec §5 to fields, in the chosen language', () => {
    const result = registerBody.safeParse({ mail: 'nope', password: '', mobile: '2123', captcha: undefined });
    expect(result.success).toBe(false);
    const { fields } = zodFieldErrors(result.error!, 'zh-CN');
    const byName = Object.fromEntries(fields.map((f) => [f.name.join('.'), f.errors[0]]));
    expect(byName).toMatchObject({
      mail: '邮箱格式不正确',
      mobile: '手机号格式不正确',
      captcha: '请输入验证码',
    });
    expect(byName.password).toBeDefined();
  });
  it('keeps object-level issues apart', () => {
    const result = endpoints.updateStaffUser.body!.safeParse({});
    const { fields, formErrors } = zodFieldErrors(result.error!, 'en-US');
    expect(fields).toEqual([]);
    expect(formErrors).toEqual(['This field is required']);
  });
});

describe('single fields', () => {
  it('validates one field with its own schema', () => {
    expect(fieldError(registerBody, 'mobile', '13800138000', 'en-US')).toBeUndefined();
    expect(fieldError(registerBody, 'mobile', '', 'en-US')).toBe('Please enter the phone number');
    expect(fieldError(registerBody, 'nothing', 'x', 'en-US')).toBeUndefined();
  });
  it('knows required fields', () => {
    expect(isRequiredField(registerBody, 'mail')).toBe(true);
    expect(isRequiredField(endpoints.createStaffUser.body!, 'phoneNumber')).toBe(false);
  });
});

describe('serverFieldErrors', () => {
  it('keeps one message per field, the first', () => {
    expect(
      serverFieldErrors([
        { field: 'mail', message: 'a' },
        { field: 'mail', message: 'b' },
        { field: 'items.0.name', message: 'c' },
      ]),
    ).toEqual([
      { name: ['mail'], errors: ['a'] },
      { name: ['items', '0', 'name'], errors: ['c'] },
    ]);
  });

  it('names list positions with numbers, as the form does (a string "2" matches no field)', () => {
    expect(withListPositions(serverFieldErrors([{ field: 'events.1.values.2.value', message: 'x' }]))[0].name).toEqual([
      'events',
      1,
      'values',
      2,
      'value',
    ]);
  });
});

describe('allFieldErrors: every field at once', () => {
  it('an empty global mail hears about its expiry and its title and content together', () => {
    for (const [locale, expiry] of [
      ['zh-CN', /./],
      ['en-US', /./],
    ] as const) {
      const { fields } = allFieldErrors(mailBodySchema, { mailScope: 'global' }, locale);
      const names = fields.map((f) => f.name.join('.'));
      expect(names).toEqual(expect.arrayContaining(['expireAt', 'title', 'content']));
      for (const f of fields) expect(f.errors[0]).toMatch(expiry);
    }
    const zh = allFieldErrors(mailBodySchema, { mailScope: 'global' }, 'zh-CN').fields;
    const en = allFieldErrors(mailBodySchema, { mailScope: 'global' }, 'en-US').fields;
    // In the UI language: the catalogue's words, not its keys or the library's English.
    expect(zh.find((f) => f.name[0] === 'title')!.errors[0]).toMatch(/[\u4e00-\u9fff]/);
    expect(en.find((f) => f.name[0] === 'title')!.errors[0]).toMatch(/^[A-Z]/);
    for (const f of [...zh, ...en]) expect(f.errors.join()).not.toMatch(/^(mail|v)\.|Invalid|expected/);
    // Left empty, the expiry is missing (not an "invalid date").
    expect(en.find((f) => f.name[0] === 'expireAt')!.errors).toEqual(['This field is required']);
    expect(zh.find((f) => f.name[0] === 'expireAt')!.errors).toEqual(['此项为必填项']);
  });

  it('keeps a cross-field rule once its fields parse, and nothing for a valid value', () => {
    // A global mail whose fields all parse, effective from 2 January 2030, expiring at `expireAt`.
    const mailExpiring = (expireAt: string) =>
      allFieldErrors(
        mailBodySchema,
        {
          mailScope: 'global',
          title: { 'en-US': 't' },
          content: { 'en-US': 'c' },
          effectiveAt: '2030-01-02T00:00:00.000Z',
          expireAt,
        },
        'en-US',
      );
    const early = mailExpiring('2030-01-01T00:00:00.000Z');
    expect(early.fields.map((f) => f.name.join('.'))).toEqual(['expireAt']);
    const ok = mailExpiring('2030-01-03T00:00:00.000Z');
    expect(ok).toEqual({ fields: [], formErrors: [] });
  });
});

describe('messages in the operator language (UX.md §3)', () => {
  const freeze = endpoints.freezePlayers.body!;
  const zhOrEn = { 'zh-CN': /[\u4e00-\u9fff]/, 'en-US': /^[A-Z]/ } as const;
  const zodEnglish = /Invalid input|expected|received|Too (big|small)|Invalid option/;

  it('a global mail with its language boxes left empty: the title and content rule once, never zod English', () => {
    const values = {
      mailScope: 'global',
      title: { 'zh-CN': undefined, 'en-US': undefined },
      content: { 'zh-CN': undefined, 'en-US': undefined },
      effectiveAt: '2030-01-02T00:00:00.000Z',
      expireAt: '2030-01-03T00:00:00.000Z',
    };
    expect(allFieldErrors(mailBodySchema, values, 'zh-CN').fields).toEqual([
      { name: ['title'], errors: ['请填写标题'] },
      { name: ['content'], errors: ['请填写内容'] },
    ]);
    expect(allFieldErrors(mailBodySchema, values, 'en-US').fields).toEqual([
      { name: ['title'], errors: ['Please enter the title'] },
      { name: ['content'], errors: ['Please enter the content'] },
    ]);
    // One language filled, the other's boxes empty: saved, the empty language dropped.
    const zhOnly = { ...values, title: { 'zh-CN': '标题', 'en-US': undefined }, content: { 'zh-CN': '内容' } };
    expect(allFieldErrors(mailBodySchema, zhOnly, 'zh-CN').fields).toEqual([]);
  });

  it('zod issues our catalogue words (missing, too long, out of range, not listed) read in both languages', () => {
    const schema = z.object({
      name: z.string().max(5),
      count: z.number().int().min(1).max(9),
      kind: z.enum(['a', 'b']),
    });
    for (const locale of ['zh-CN', 'en-US'] as const) {
      const missing = allFieldErrors(schema, {}, locale).fields;
      expect(missing.map((f) => f.errors[0])).toEqual(
        Array(3).fill(locale === 'zh-CN' ? '此项为必填项' : 'This field is required'),
      );
      const wrong = allFieldErrors(schema, { name: 'abcdefg', count: 10, kind: 'c' }, locale).fields;
      const texts = Object.fromEntries(wrong.map((f) => [f.name.join('.'), f.errors[0]]));
      expect(texts).toEqual(
        locale === 'zh-CN'
          ? { name: '最多 5 个字符', count: '不能大于 9', kind: '请从列表中选择' }
          : { name: 'At most 5 characters', count: 'At most 9', kind: 'Choose one of the listed values' },
      );
    }
  });

  it('an issue the catalogue does not word goes through zod locale of the UI language', async () => {
    const schema = z.object({ mail: z.email() });
    for (const locale of ['zh-CN', 'en-US'] as const) {
      // Before the locale has loaded: a plain "invalid value" in the UI language, not zod English.
      const before = allFieldErrors(schema, { mail: 'nope' }, locale).fields[0].errors[0];
      expect(before).toMatch(zhOrEn[locale]);
      await loadZodLocale(locale);
      const after = allFieldErrors(schema, { mail: 'nope' }, locale).fields[0].errors[0];
      expect(after).toMatch(zhOrEn[locale]);
      if (locale === 'zh-CN') expect(after).not.toMatch(zodEnglish);
    }
  });

  it('freeze with bad user IDs: the rule shows on the ID list box, in both languages', () => {
    for (const ids of ['abc', '12.5', '-3', '１２']) {
      const { fields } = allFieldErrors(freeze, { userIds: ids, reason: 'r' }, 'zh-CN');
      const { placed, unplaced } = placeFieldErrors(fields, [['userIds'], ['reason'], ['until']]);
      expect(placed).toEqual([{ name: ['userIds'], errors: ['玩家 ID 必须是正整数'] }]);
      expect(unplaced).toEqual([]);
    }
    const en = allFieldErrors(freeze, { userIds: 'abc', reason: 'r' }, 'en-US').fields;
    expect(placeFieldErrors(en, [['userIds']]).placed[0].errors).toEqual(['A user ID is a positive whole number']);
  });
});

describe('placeFieldErrors', () => {
  it('puts a group rule on the group first field and returns what no field shows', () => {
    const { placed, unplaced } = placeFieldErrors(
      [
        { name: ['title'], errors: ['t', 'second'] },
        { name: ['title', 'en-US'], errors: ['pair'] },
        { name: ['nowhere'], errors: ['lost'] },
      ],
      [
        ['title', 'zh-CN'],
        ['title', 'en-US'],
      ],
    );
    expect(placed).toEqual([
      { name: ['title', 'zh-CN'], errors: ['t'] },
      { name: ['title', 'en-US'], errors: ['pair'] },
    ]);
    expect(unplaced).toEqual(['lost']);
  });
});
