import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { builtInRoles } from './access.js';
import { zhEn } from './bilingual.js';
import { codedValues, mailStateLabels, mailStates } from './enums.js';
import { builtInRoleLabels, isSuperRole, operatingSystemLabel, roleLabel } from './labels.js';

describe('labels of coded values', () => {
  it('names every built-in role in both languages; a role made by an administrator keeps its name', () => {
    for (const role of builtInRoles) {
      expect(builtInRoleLabels[role]['zh-CN']).not.toBe(role);
      expect(builtInRoleLabels[role]['en-US']).not.toBe(role);
    }
    expect(roleLabel('maxRole', 'zh-CN')).toBe('超级管理员');
    expect(roleLabel('serviceManager', 'en-US')).toBe('Customer service manager');
    expect(roleLabel('活动运营', 'en-US')).toBe('活动运营');
    expect(roleLabel('toString', 'en-US')).toBe('toString');
  });

  it('knows which roles pass every check', () => {
    expect(isSuperRole('admin')).toBe(true);
    expect(isSuperRole('maxRole')).toBe(true);
    expect(isSuperRole('operation')).toBe(false);
  });

  it('shows an OS by its name whatever its case', () => {
    for (const os of ['ios', 'IOS', 'iOS']) expect(operatingSystemLabel(os)).toBe('iOS');
    expect(operatingSystemLabel('android')).toBe('Android');
    expect(operatingSystemLabel('harmony')).toBe('harmony');
    expect(operatingSystemLabel(null)).toBe('-');
  });

  it("declares a set of coded values once: the codes are the labels' keys, in their order, and z.enum takes them", () => {
    const { codes, labels } = codedValues({ b: zhEn('乙', 'B'), a: zhEn('甲', 'A'), c: zhEn('丙', 'C') });
    expect(codes).toEqual(['b', 'a', 'c']);
    expect(labels.a['en-US']).toBe('A');
    const schema = z.enum(codes);
    expect(schema.parse('c')).toBe('c');
    expect(schema.safeParse('d').success).toBe(false);
    expect(mailStates).toEqual(['scheduled', 'active', 'expired', 'recalled']);
    expect(Object.keys(mailStateLabels)).toEqual([...mailStates]);
  });
});
