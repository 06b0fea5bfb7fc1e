import { endpoints } from '@rookery/contracts';
import { describe, expect, it } from 'vitest';
import { fieldError, isRequiredField, serverFieldErrors, withListPositions, zodFieldErrors } from './schema-errors';

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
