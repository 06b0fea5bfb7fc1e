import { endpoints, mailBodySchema } from '@rookery/contracts';
import { describe, expect, it } from 'vitest';
import {
  allFieldErrors,
  fieldError,
  isRequiredField,
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
  it('groups the server messages by field', () => {
    expect(
      serverFieldErrors([
        { field: 'mail', message: 'a' },
        { field: 'mail', message: 'b' },
        { field: 'items.0.name', message: 'c' },
      ]),
    ).toEqual([
      { name: ['mail'], errors: ['a', 'b'] },
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
    const start = '2030-01-02T00:00:00.000Z';
    const early = allFieldErrors(
      mailBodySchema,
      {
        mailScope: 'global',
        title: { 'en-US': 't' },
        content: { 'en-US': 'c' },
        effectiveAt: start,
        expireAt: '2030-01-01T00:00:00.000Z',
      },
      'en-US',
    );
    expect(early.fields.map((f) => f.name.join('.'))).toEqual(['expireAt']);
    const ok = allFieldErrors(
      mailBodySchema,
      {
        mailScope: 'global',
        title: { 'en-US': 't' },
        content: { 'en-US': 'c' },
        effectiveAt: start,
        expireAt: '2030-01-03T00:00:00.000Z',
      },
      'en-US',
    );
    expect(ok).toEqual({ fields: [], formErrors: [] });
  });
});
