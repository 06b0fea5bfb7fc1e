import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { sanitizeRichText } from './sanitize.js';

let ctx: TestContext;
// The harness's sessions live a day of the service clock: the tests move it around now.
let T0: Date;
const hour = 3_600_000;
beforeAll(async () => {
  ctx = await createTestContext();
  T0 = new Date(Math.floor(Date.now() / 1000) * 1000);
  ctx.clock.set(T0);
});
afterAll(() => ctx?.close());

const admin = (method: string, url: string, body?: unknown, locale = 'en-US') =>
  ctx.call(method, url, { token: ctx.adminToken, body, locale });

let n = 0;
async function player(extra: Record<string, unknown> = {}) {
  n += 1;
  const res = await ctx.game('POST', '/api/game/v1/players/login', {
    body: {
      deviceId: `ann-device-${n}-${Date.now()}`,
      deviceModel: 'Pixel 8',
      os: 'android',
      appVersion: '1.0.0',
      language: 'en-US',
      country: 'US',
      ...extra,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.userId as number;
}

const base = {
  kind: 'noticeBoard',
  titleZh: '中文标题',
  titleEn: 'English title',
  bodyZh: '<p>中文<b>正文</b></p>',
  bodyEn: '<p>English <b>body</b></p>',
  imageUrl: '',
  priority: 0,
  conditions: [],
};

async function announce(doc: Record<string, unknown>, window: { effectiveAt?: string; expireAt?: string } = {}) {
  const res = await admin('POST', '/api/v1/resources/announcement', { ...base, ...doc, ...window });
  expect(res.statusCode, res.body).toBe(200);
  return Number(res.json().data.id);
}

type Answer = {
  announcements: { id: number; kind: string; lang: string; title: string; body: string; priority: number }[];
  loginNotice: { id: string; title: string } | null;
  updateNotes: { id: string; appVersion: string; title: string } | null;
};
const fetchFor = async (userId: number) =>
  (await ctx.gameRead(`/api/game/v1/players/${userId}/announcements`)).data as Answer;
const ids = async (userId: number) => (await fetchFor(userId)).announcements.map((a) => a.id);
const clean = async () => {
  for (const kind of ['announcement', 'standingNotice']) {
    const list = await admin('GET', `/api/v1/resources/${kind}?pageSize=1000`);
    for (const item of list.json().data.list as Record<string, unknown>[])
      await admin('DELETE', `/api/v1/resources/${kind}/${item.id ?? item.key}`);
  }
};

describe('announcements through the game API', () => {
  it('shows what is inside its window by the service clock, highest priority then newest first', async () => {
    await clean();
    const p = await player();
    const low = await announce({ priority: 1 }, { effectiveAt: new Date(T0.getTime() - 2 * hour).toISOString() });
    const newer = await announce({ priority: 1 }, { effectiveAt: new Date(T0.getTime() - hour).toISOString() });
    const high = await announce({ priority: 9 });
    const later = await announce({}, { effectiveAt: new Date(T0.getTime() + hour).toISOString() });
    const ending = await announce({}, { expireAt: new Date(T0.getTime() + 2 * hour).toISOString() });
    expect(await ids(p)).toEqual([high, newer, low, ending]);
    ctx.clock.set(new Date(T0.getTime() + 90 * 60_000));
    expect(await ids(p)).toEqual([high, newer, low, later, ending]);
    ctx.clock.set(new Date(T0.getTime() + 3 * hour));
    expect(await ids(p)).not.toContain(ending);
    ctx.clock.set(T0);
  });

  it('matches the player by conditions and speaks the player’s language (fallback to Chinese)', async () => {
    await clean();
    const en = await player({ language: 'en-GB', os: 'ios' });
    const zh = await player({ language: 'zh-CN' });
    const fr = await player({ language: 'fr-FR' });
    const iosOnly = await announce({ conditions: [{ attr: 'os', op: 'equal', value: 'ios' }] });
    const all = await announce({});
    expect(await ids(en)).toEqual([all, iosOnly].sort((a, b) => b - a));
    expect(await ids(zh)).toEqual([all]);
    const mine = (await fetchFor(en)).announcements[0];
    expect(mine).toMatchObject({ lang: 'en-US', title: 'English title', body: '<p>English <b>body</b></p>' });
    expect((await fetchFor(zh)).announcements[0]).toMatchObject({ lang: 'zh-CN', title: '中文标题' });
    expect((await fetchFor(fr)).announcements[0]).toMatchObject({ lang: 'zh-CN' });
  });

  it('players who see the same share one answer, kept apart by language, conditions and what they have seen', async () => {
    await clean();
    const us = await player({ language: 'en-US' });
    const gb = await player({ language: 'en-GB' });
    const zh = await player({ language: 'zh-CN' });
    const jp = await player({ language: 'ja-JP', country: 'JP' });
    const popup = await announce({ kind: 'loginPopup' });
    const board = await announce({});
    const usOnly = await announce({ conditions: [{ attr: 'country', op: 'include', value: ['US'] }] });
    const read = (u: number) => ctx.gameRead(`/api/game/v1/players/${u}/announcements`);
    const langs = (r: { data: Answer }) => r.data.announcements.map((a) => `${a.id}:${a.lang}`);
    // Each player's answer is theirs, whichever player's was made first.
    expect(langs(await read(us))).toEqual([`${usOnly}:en-US`, `${board}:en-US`, `${popup}:en-US`]);
    expect(langs(await read(zh))).toEqual([`${usOnly}:zh-CN`, `${board}:zh-CN`, `${popup}:zh-CN`]);
    expect(langs(await read(gb))).toEqual([`${usOnly}:en-US`, `${board}:en-US`, `${popup}:en-US`]);
    expect(langs(await read(jp))).toEqual([`${board}:zh-CN`, `${popup}:zh-CN`]);
    // en-US and en-GB read the same texts: one answer, one tag; Chinese is another.
    expect((await read(gb)).etag).toBe((await read(us)).etag);
    expect((await read(zh)).etag).not.toBe((await read(us)).etag);
    // A seen pop-up leaves only that player's answer.
    await ctx.game('POST', `/api/game/v1/players/${us}/announcements/${popup}/seen`);
    expect(langs(await read(us))).toEqual([`${usOnly}:en-US`, `${board}:en-US`]);
    expect(langs(await read(gb))).toEqual([`${usOnly}:en-US`, `${board}:en-US`, `${popup}:en-US`]);
    expect((await read(zh)).data.announcements[0]).toMatchObject({ title: '中文标题', body: '<p>中文<b>正文</b></p>' });
  });

  it('answers 304 to the ETag it gave while nothing changed, 200 after a change', async () => {
    await clean();
    const p = await player();
    await announce({});
    const first = await ctx.gameRead(`/api/game/v1/players/${p}/announcements`);
    expect((await ctx.gameRead(`/api/game/v1/players/${p}/announcements`, first.etag)).status).toBe(304);
    await announce({ titleEn: 'Another' });
    expect((await ctx.gameRead(`/api/game/v1/players/${p}/announcements`, first.etag)).status).toBe(200);
  });

  it('shows a login pop-up once per player: seen, it is not returned again (idempotent); boards stay', async () => {
    await clean();
    const a = await player();
    const b = await player();
    const popup = await announce({ kind: 'loginPopup' });
    const board = await announce({});
    const seen = (u: number, id: number | string) =>
      ctx.game('POST', `/api/game/v1/players/${u}/announcements/${id}/seen`);
    let res = await seen(a, popup);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ hidden: true });
    expect((await seen(a, popup)).json().data).toEqual({ hidden: true });
    expect(await ids(a)).toEqual([board]);
    expect(await ids(b)).toEqual([board, popup].sort((x, y) => y - x));
    res = await seen(a, board);
    expect(res.json().data).toEqual({ hidden: false });
    expect(await ids(a)).toEqual([board]);
    res = await seen(a, 999999);
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toContain('999999');
    expect((await seen(987654321, popup)).statusCode).toBe(404);
    expect((await seen(a, 'abc')).statusCode).toBe(400);
  });

  it('standing notices: the login-screen notice, and a version’s update notes once', async () => {
    await clean();
    const old = await player({ appVersion: '1.2.0' });
    const p = await player({ appVersion: '1.3' });
    const notice = (doc: Record<string, unknown>) =>
      admin('POST', '/api/v1/resources/standingNotice', {
        titleZh: '标题',
        titleEn: 'Title',
        bodyZh: '<p>正文</p>',
        bodyEn: '<p>Body</p>',
        ...doc,
      });
    expect((await notice({ key: 'login', kind: 'loginScreen' })).statusCode).toBe(200);
    expect((await notice({ key: 'v130', kind: 'updateNotes', appVersion: '1.3.0' })).statusCode).toBe(200);
    const bad = await notice({ key: 'v', kind: 'updateNotes', appVersion: 'soon' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ field: 'appVersion', message: 'The app version is a version such as 1.3.0' }]);
    let mine = await fetchFor(p);
    expect(mine.loginNotice).toMatchObject({ id: 'login', title: 'Title' });
    expect(mine.updateNotes).toMatchObject({ id: 'notes:v130', appVersion: '1.3.0' });
    expect((await fetchFor(old)).updateNotes).toBeNull();
    const res = await ctx.game('POST', `/api/game/v1/players/${p}/announcements/notes:v130/seen`);
    expect(res.json().data).toEqual({ hidden: true });
    mine = await fetchFor(p);
    expect(mine.updateNotes).toBeNull();
    expect(mine.loginNotice).not.toBeNull();
  });
});

describe('rich text', () => {
  it('refuses scripts, event attributes and javascript: links with messages in both languages, writing nothing', async () => {
    await clean();
    const cases: [string, string, string][] = [
      ['<p>hi<script>alert(1)</script></p>', 'The body may not hold scripts', '正文不能含脚本'],
      ['<p onclick="x()">hi</p>', 'event attributes: onclick', '事件属性：onclick'],
      ['<img src="x" onerror="alert(1)">', 'not allowed: <img>', '不允许的标签：<img>'],
      ['<a href="javascript:alert(1)">x</a>', 'https addresses: javascript:alert(1)', 'https 地址'],
      ['<a href="&#106;avascript:alert(1)">x</a>', 'https addresses', 'https 地址'],
    ];
    for (const [body, en, zh] of cases) {
      for (const [locale, text] of [
        ['en-US', en],
        ['zh-CN', zh],
      ]) {
        const res = await admin('POST', '/api/v1/resources/announcement', { ...base, bodyEn: body }, locale);
        expect(res.statusCode, body).toBe(400);
        const errors = res.json().errors as { field: string; message: string }[];
        expect(
          errors.some((e) => e.field === 'bodyEn' && e.message.includes(text)),
          `${body} ${res.body}`,
        ).toBe(true);
      }
    }
    const list = await admin('GET', '/api/v1/resources/announcement');
    expect(list.json().data.list).toEqual([]);
    // Templates are checked the same way.
    const t = await admin('POST', '/api/v1/resources/announcementTemplate', {
      ...base,
      name: 'bad',
      bodyZh: '<script>x</script>',
    });
    expect(t.statusCode).toBe(400);
  });

  it('the sanitiser strips whatever the check could miss, so nothing outside the whitelist reaches the game', () => {
    const dirty = [
      '<p>ok<script>alert(1)</script></p>',
      '<img src=x onerror=alert(1)>',
      '<a href="javascript:alert(1)">x</a>',
      '<a href="jav&#x09;ascript:alert(1)">x</a>',
      '<svg><script>alert(1)</script></svg>',
      '<p style="x" onmouseover="y">t</p>',
      '<scr<script>ipt>alert(1)</script>',
      '<!-- <script>x</script> -->',
      '<a href="https://example.com" target="_blank" onclick="z">link</a>',
    ];
    const clean = dirty.map(sanitizeRichText);
    for (const out of clean) {
      expect(out).not.toMatch(/<script|onerror|onclick|onmouseover|javascript:|<img|<svg|style=/i);
    }
    expect(clean[0]).toBe('<p>ok</p>');
    expect(clean[5]).toBe('<p>t</p>');
    expect(clean[8]).toBe('<a href="https://example.com">link</a>');
  });

  it('a stored body is sanitised on write and reaches the game as stored; a title is text, escaped by JSON', async () => {
    await clean();
    const p = await player();
    const id = await announce({
      titleEn: '<b>not html</b>',
      bodyEn: '<p>a &amp; b <a href="https://example.com/x">go</a></p>',
    });
    const got = (await fetchFor(p)).announcements.find((a) => a.id === id)!;
    expect(got.body).toBe('<p>a &amp; b <a href="https://example.com/x">go</a></p>');
    expect(got.title).toBe('<b>not html</b>');
    const raw = await ctx.game('GET', `/api/game/v1/players/${p}/announcements`);
    expect(raw.body).not.toMatch(/<script/i);
  });

  it('refuses other bad input with clear messages', async () => {
    const res = await admin('POST', '/api/v1/resources/announcement', {
      ...base,
      kind: 'banner',
      imageUrl: 'http://example.com/a.png',
      priority: 5000,
      titleEn: '',
    });
    expect(res.statusCode).toBe(400);
    const byField = Object.fromEntries(
      (res.json().errors as { field: string; message: string }[]).map((e) => [e.field, e.message]),
    );
    expect(byField).toMatchObject({
      kind: 'Choose the kind of announcement',
      imageUrl: 'The image URL is an https address',
      priority: 'The priority is a whole number from 0 to 1000',
    });
    expect(byField.titleEn).toBeTruthy();
  });
});
