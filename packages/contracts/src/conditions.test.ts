import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ConditionAttribute,
  type ConditionOperator,
  type ConditionRule,
  canonicalAttributes,
  canonicalCountry,
  canonicalLanguage,
  canonicalOs,
  compareVersions,
  compileConditions,
  conditionAttributeSpecs,
  conditionAttributes,
  conditionOperators,
  conditionsSchema,
  countryCodes,
  matchesConditions,
  type PlayerAttributes,
  parseVersion,
} from './conditions.js';
import { isMessageKey } from './messages.js';

const NOW = Date.parse('2026-06-15T12:00:00Z');
const DAY = 86_400_000;

const player: PlayerAttributes = {
  os: 'iOS',
  appVersion: '1.10.0',
  appLanguage: 'en-US',
  country: 'us',
  lastLogin: new Date(NOW - 10 * DAY),
  notLoginDays: 10,
  userType: 'payment',
  habitatCount: 4,
};

/** Parse like the server does at save time, then evaluate. */
const rule = (attr: string, op: string, value: unknown): ConditionRule => {
  const parsed = conditionsSchema.safeParse([{ attr, op, value }]);
  if (!parsed.success) throw new Error(`${attr} ${op} ${JSON.stringify(value)}: ${parsed.error.issues[0].message}`);
  return parsed.data[0];
};
const evalRule = (attr: string, op: string, value: unknown, attrs: PlayerAttributes = player) =>
  matchesConditions([rule(attr, op, value)], attrs, NOW);
const rejection = (attr: unknown, op: unknown, value: unknown) => {
  const parsed = conditionsSchema.safeParse([{ attr, op, value }]);
  expect(parsed.success).toBe(false);
  const issue = parsed.error!.issues[0];
  return { path: issue.path.join('.'), message: issue.message };
};

/**
 * Every attribute × operator: a matching value, a non-matching value, or the message that
 * rejects the operator. `[true-case, false-case]`.
 */
const cases: Record<ConditionAttribute, Partial<Record<ConditionOperator, [unknown, unknown]>>> = {
  os: { equal: ['ios', 'android'], include: [['android', 'IOS'], ['android']], exclude: [['android'], ['ios']] },
  appVersion: {
    equal: ['1.10', '1.9.2'],
    gte: ['1.9.2', '1.10.1'],
    lte: ['1.10.0', '1.9.9'],
    include: [['1.2.0', '1.10.0'], ['1.1']],
    exclude: [['1.9'], ['1.10.0.0']],
  },
  appLanguage: {
    equal: ['en-us', 'en-GB'],
    include: [
      ['zh-CN', 'en'],
      ['zh', 'ja'],
    ],
    exclude: [['zh'], ['en']],
  },
  country: { equal: ['US', 'CN'], include: [['cn', 'us'], ['CN']], exclude: [['CN', 'JP'], ['US']] },
  lastLogin: {
    gte: [new Date(NOW - 11 * DAY).toISOString(), new Date(NOW - 9 * DAY).toISOString()],
    lte: [new Date(NOW - 9 * DAY).toISOString(), '2026-01-01T00:00:00Z'],
  },
  notLoginDays: { equal: [10, 9], gte: ['7', 11], lte: [10, 3] },
  userType: { equal: ['payment', 'normal'], include: [['normal', 'payment'], ['normal']] },
  habitatCount: {
    equal: [4, 5],
    gte: [4, 5],
    lte: [4, 3],
    include: [
      [1, 4],
      [1, 2],
    ],
    exclude: [[1], [4]],
  },
};

describe('condition engine: every attribute × operator', () => {
  for (const attr of conditionAttributes) {
    for (const op of conditionOperators) {
      const allowed = conditionAttributeSpecs[attr].ops.includes(op);
      const pair = cases[attr][op];
      if (allowed) {
        it(`${attr} ${op}: matches, misses, and a missing attribute is false`, () => {
          expect(pair, `${attr} ${op} needs a case`).toBeDefined();
          expect(evalRule(attr, op, pair![0])).toBe(true);
          expect(evalRule(attr, op, pair![1])).toBe(false);
          // notLoginDays can be derived from lastLogin, so both go for that case.
          const without: PlayerAttributes = { ...player, [attr]: null };
          if (attr === 'notLoginDays') without.lastLogin = null;
          expect(evalRule(attr, op, pair![0], without)).toBe(false);
          expect(evalRule(attr, op, pair![1], without)).toBe(false);
        });
      } else {
        it(`${attr} ${op} is rejected at save time`, () => {
          const value = ['include', 'exclude'].includes(op) ? ['1'] : '1';
          expect(rejection(attr, op, value)).toEqual({ path: '0.op', message: 'cond.opNotAllowed' });
        });
      }
    }
  }
});

describe('condition engine: semantics', () => {
  it('compares versions as dotted numbers', () => {
    expect(compareVersions(parseVersion('1.10.0')!, parseVersion('1.9.2')!)).toBe(1);
    expect(compareVersions(parseVersion('1.2')!, parseVersion('1.2.0')!)).toBe(0);
    expect(compareVersions(parseVersion('2')!, parseVersion('10.0')!)).toBe(-1);
    expect(evalRule('appVersion', 'gte', '1.2.0', { appVersion: '1.10.0' })).toBe(true);
    expect(evalRule('appVersion', 'gte', '1.2.0', { appVersion: '1.1.9' })).toBe(false);
    expect(evalRule('appVersion', 'gte', '1.2.0', { appVersion: 'beta' })).toBe(false);
  });

  it('userType all matches everyone, even a player whose type is unknown', () => {
    expect(evalRule('userType', 'equal', 'all', {})).toBe(true);
    expect(evalRule('userType', 'include', ['normal', 'all'], { userType: 'normal' })).toBe(true);
  });

  it('derives notLoginDays from lastLogin and the server clock when it is not given', () => {
    const attrs = { lastLogin: new Date(NOW - 8 * DAY - 1000).toISOString() };
    expect(evalRule('notLoginDays', 'gte', 8, attrs)).toBe(true);
    expect(evalRule('notLoginDays', 'gte', 9, attrs)).toBe(false);
  });

  it('is an AND of its rules; no rules means everyone', () => {
    const check = compileConditions([rule('country', 'include', ['US']), rule('appVersion', 'gte', '1.2.0')]);
    expect(check({ country: 'US', appVersion: '1.2.0' }, NOW)).toBe(true);
    expect(check({ country: 'US', appVersion: '1.1.0' }, NOW)).toBe(false);
    expect(check({ country: 'CN', appVersion: '1.3.0' }, NOW)).toBe(false);
    expect(check({ appVersion: '1.3.0' }, NOW)).toBe(false);
    expect(compileConditions([])({}, NOW)).toBe(true);
  });

  it('normalises values when saved', () => {
    expect(rule('country', 'include', ['us', 'US', 'cn'])).toEqual({
      attr: 'country',
      op: 'include',
      value: ['US', 'CN'],
    });
    expect(rule('appLanguage', 'equal', 'zh-cn').value).toBe('zh-CN');
    expect(rule('habitatCount', 'gte', '3').value).toBe(3);
    expect(rule('appVersion', 'equal', 1.2).value).toBe('1.2');
    expect(rule('lastLogin', 'gte', '2026-01-01T08:00:00+08:00').value).toBe('2026-01-01T00:00:00.000Z');
  });
});

describe('condition engine: malformed rules are rejected with a message', () => {
  const bad: [unknown, unknown, unknown, string, string][] = [
    ['os', 'gte', 'ios', '0.op', 'cond.opNotAllowed'],
    ['os', 'equal', 'windows', '0.value', 'cond.os'],
    ['appVersion', 'gte', 'v1.2', '0.value', 'cond.version'],
    ['appVersion', 'gte', '1..2', '0.value', 'cond.version'],
    ['appVersion', 'include', [], '0.value', 'cond.listEmpty'],
    ['appVersion', 'include', '1.2.0', '0.value', 'cond.listRequired'],
    ['appVersion', 'equal', ['1.2.0'], '0.value', 'cond.singleRequired'],
    ['country', 'include', ['USA'], '0.value', 'cond.country'],
    // JavaScript upper-cases ß to SS (South Sudan): not a country code as written.
    ['country', 'equal', 'ß', '0.value', 'cond.country'],
    ['os', 'equal', 'harmonyos', '0.value', 'cond.os'],
    ['country', 'equal', '', '0.value', 'cond.valueRequired'],
    ['appLanguage', 'equal', 'english!', '0.value', 'cond.language'],
    ['lastLogin', 'gte', 'yesterday', '0.value', 'cond.time'],
    ['lastLogin', 'equal', '2026-01-01T00:00:00Z', '0.op', 'cond.opNotAllowed'],
    ['notLoginDays', 'gte', -1, '0.value', 'cond.count'],
    ['habitatCount', 'lte', 2.5, '0.value', 'cond.count'],
    ['userType', 'equal', 'whale', '0.value', 'cond.userType'],
    ['userType', 'exclude', ['normal'], '0.op', 'cond.opNotAllowed'],
    ['level', 'equal', 3, '0.attr', 'cond.attr'],
    ['country', 'like', 'US', '0.op', 'cond.opNotAllowed'],
    ['country', 'equal', { US: true }, '0.value', 'cond.valueRequired'],
  ];
  for (const [attr, op, value, path, message] of bad) {
    it(`${String(attr)} ${String(op)} ${JSON.stringify(value)} → ${message}`, () => {
      expect(rejection(attr, op, value)).toEqual({ path, message });
      expect(isMessageKey(message)).toBe(true);
    });
  }

  it('rejects a non-list and too many rules', () => {
    expect(conditionsSchema.safeParse({ attr: 'os' }).error?.issues[0].message).toBe('cond.list');
    const many = Array.from({ length: 31 }, () => ({ attr: 'os', op: 'equal', value: 'ios' }));
    expect(conditionsSchema.safeParse(many).error?.issues[0].message).toBe('cond.tooMany');
  });
});

describe('canonical forms: what the login stores and the engine reads', () => {
  it('language: a canonical BCP 47 tag, or null when the text is no tag', () => {
    const cases: [string, string | null][] = [
      ['en_us', 'en-US'],
      ['EN-us', 'en-US'],
      [' vi ', 'vi'],
      ['zh_Hans_cn', 'zh-Hans-CN'],
      // Intl's aliases: a region, a language, a variant.
      ['iw', 'he'],
      ['tl', 'fil'],
      ['sh', 'sr-Latn'],
      ['vi-VD', 'vi-VN'],
      ['sv-aaland', 'sv-AX'],
      // Shaped like tags, refused by Intl: an extension letter alone, a region twice.
      ['vi-v', null],
      ['sv-v', null],
      ['vi-VN-VN', null],
      ['english!', null],
      ['x', null],
      ['', null],
      ['ab-cdefghi-jklmn', 'ab-cdefghi-jklmn'],
      ['q9-%$#@!~^&*()_+', null],
    ];
    for (const [text, canonical] of cases) expect(canonicalLanguage(text), text).toBe(canonical);
  });

  it('country: an ISO alpha-2 code of the list, upper case, or null', () => {
    const cases: [string, string | null][] = [
      ['us', 'US'],
      [' GB ', 'GB'],
      ['ＧＢ', 'GB'],
      ['ıt', 'IT'],
      // Compatibility forms are their letters (the ligature is f and i); ß has no such form.
      ['ﬁ', 'FI'],
      ['ß', null],
      ['XX', null],
      ['usa', null],
      ['U S', null],
      ['', null],
    ];
    for (const [text, canonical] of cases) expect(canonicalCountry(text), text).toBe(canonical);
  });

  it('os: the vocabulary by any spelling a device sends, other systems `other`, blank null', () => {
    const cases: [string, string | null][] = [
      ['İOS', 'ios'],
      ['IOS ', 'ios'],
      ['iPadOS', 'ios'],
      ['iPhone  OS', 'ios'],
      ['Android', 'android'],
      ['ＡＮＤＲＯＩＤ', 'android'],
      ['harmonyos', 'other'],
      ['Windows', 'other'],
      ['constructor', 'other'],
      ['  ', null],
    ];
    for (const [text, canonical] of cases) expect(canonicalOs(text), text).toBe(canonical);
  });

  it('each is idempotent: a stored value reads as itself (property)', () => {
    const tagLike = fc
      .array(fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_ '), {
        minLength: 1,
        maxLength: 16,
      })
      .map((cs) => cs.join(''));
    const text = fc.oneof(tagLike, fc.string({ maxLength: 16 }), fc.constantFrom(...countryCodes));
    fc.assert(
      fc.property(text, (t) => {
        for (const canonical of [canonicalLanguage, canonicalCountry, canonicalOs]) {
          const once = canonical(t);
          if (once !== null) expect(canonical(once)).toBe(once);
        }
      }),
      { numRuns: 3000, seed: 2026_11_28 },
    );
  });

  it('a login keeps the text as sent only where it differs from what is stored', () => {
    expect(canonicalAttributes({ os: 'ios', language: 'en-US', country: 'US' })).toEqual({
      os: 'ios',
      language: 'en-US',
      country: 'US',
      reported: { os: null, language: null, country: null },
    });
    expect(canonicalAttributes({ os: 'HarmonyOS', language: 'zzzzzzzzzzzzzzzz', country: 'ß' })).toEqual({
      os: 'other',
      language: null,
      country: null,
      reported: { os: 'HarmonyOS', language: 'zzzzzzzzzzzzzzzz', country: 'ß' },
    });
    expect(canonicalAttributes({ os: 'IOS', language: 'en_us' }).reported).toEqual({
      os: 'IOS',
      language: 'en_us',
      country: null,
    });
  });

  it('the engine reads attributes as the login stores them', () => {
    expect(evalRule('os', 'equal', 'ios', { os: 'İOS' })).toBe(true);
    expect(evalRule('os', 'exclude', ['ios'], { os: 'harmonyos' })).toBe(true);
    expect(evalRule('country', 'equal', 'SS', { country: 'ß' })).toBe(false);
    expect(evalRule('appLanguage', 'equal', 'vi', { appLanguage: 'vi-v' })).toBe(false);
    expect(evalRule('appLanguage', 'equal', 'vi-VN', { appLanguage: 'vi-VD' })).toBe(true);
    expect(evalRule('appLanguage', 'include', ['sv'], { appLanguage: 'sv-aaland' })).toBe(true);
  });
});
