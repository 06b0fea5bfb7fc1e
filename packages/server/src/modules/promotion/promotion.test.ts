import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { orders } from '../orders/tables.js';
import { players } from '../players/tables.js';

/** Promotion records, their CSV import, the summary against revenue, the region data: through the console API. */

let ctx: TestContext;
/** The service clock, stopped at the start (sessions follow it): days are counted back from it. */
const NOW = new Date();
const day = (ago: number) => new Date(NOW.getTime() - ago * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set(NOW);
});
afterAll(() => ctx?.close());

const HEADER = 'date,media_name,media_id,agency,account_id,account_name,country_code,spend,install';
const record = (over: Record<string, unknown> = {}) => ({
  date: day(19),
  media_name: 'Facebook Ads',
  media_id: 'fb',
  agency: 'Blue Agency',
  account_id: 'act-1',
  account_name: 'Main account',
  country_code: 'US',
  spend: 120.5,
  install: 40,
  ...over,
});

async function post(url: string, body: unknown, locale = 'en-US') {
  const res = await ctx.call('POST', url, { token: ctx.adminToken, body, locale });
  return { status: res.statusCode, body: res.json() };
}

describe('promotion records', () => {
  it('enters, lists with filters in the spec shape, replaces the same key, deletes, and lists media', async () => {
    const a = await ctx.adminOk('POST', '/api/v1/promotion', record());
    expect(a).toMatchObject({ date: day(19), media_id: 'fb', spend: 120.5, install: 40, region_code: null });
    await ctx.adminOk('POST', '/api/v1/promotion', record({ date: day(18), spend: 80 }));
    await ctx.adminOk(
      'POST',
      '/api/v1/promotion',
      record({ media_id: 'tt', media_name: 'TikTok', agency: 'Red', country_code: 'cn', region_code: '110000' }),
    );
    // The same day, account, country and province again: the figures are replaced, not added.
    const again = await ctx.adminOk('POST', '/api/v1/promotion', record({ spend: 99.25, install: 41 }));
    expect(again.id).toBe(a.id);
    expect(again).toMatchObject({ spend: 99.25, install: 41 });

    const all = await ctx.adminOk('GET', '/api/v1/promotion?pageNum=1&pageSize=10');
    expect(all).toMatchObject({ count: 3, pageNum: 1, pageSize: 10 });
    expect(all.datas.map((r: { date: string }) => r.date)).toEqual([day(18), day(19), day(19)]);
    const tt = all.datas.find((r: { media_id: string }) => r.media_id === 'tt');
    expect(tt).toMatchObject({ country_code: 'CN', region_code: '110000', region_name: '北京市' });

    const fb = await ctx.adminOk('GET', `/api/v1/promotion?media_id=fb&begin=${day(18)}&end=${day(0)}`);
    expect(fb.count).toBe(1);
    expect(fb.datas[0]).toMatchObject({ date: day(18), spend: 80 });
    expect((await ctx.adminOk('GET', '/api/v1/promotion?agency=Red')).count).toBe(1);
    const paged = await ctx.adminOk('GET', '/api/v1/promotion?pageNum=2&pageSize=2');
    expect(paged).toMatchObject({ count: 3, pageNum: 2, pageSize: 2 });
    expect(paged.datas).toHaveLength(1);

    const media = await ctx.adminOk('GET', '/api/v1/media');
    expect(media).toContainEqual(
      expect.objectContaining({ media_id: 'fb', agency: 'Blue Agency', account_id: 'act-1', records: 2 }),
    );
    expect(await ctx.adminOk('GET', '/api/v1/media?agency=Red')).toEqual([
      expect.objectContaining({
        media_id: 'tt',
        media_name: 'TikTok',
        first_date: day(19),
        last_date: day(19),
      }),
    ]);

    const del = await ctx.call('DELETE', `/api/v1/promotion/${tt.id}`, { token: ctx.adminToken });
    expect(del.statusCode).toBe(200);
    const gone = await ctx.call('DELETE', `/api/v1/promotion/${tt.id}`, { token: ctx.adminToken, locale: 'zh-CN' });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().msg).toBe('推广记录不存在');
    const audit = await ctx.database.db.execute(
      sql`select action, target from audit_log where action in ('createPromotionRecord', 'deletePromotionRecord') order by id`,
    );
    const rows = (audit as unknown as { rows: { action: string; target: string }[] }).rows;
    expect(rows.at(-1)).toEqual({ action: 'deletePromotionRecord', target: `promotionRecord:${tt.id}` });
    expect(rows.filter((r) => r.action === 'createPromotionRecord')).toHaveLength(4);
  });

  it('refuses bad records with a message naming why, and changes nothing', async () => {
    const before = await ctx.fingerprint();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ date: '2031-02-30' }, 'date', 'The date is a real calendar day written YYYY-MM-DD'],
      [{ date: day(-1) }, 'date', 'The date cannot be after today (UTC)'],
      [{ spend: -1 }, 'spend', 'Spend cannot be negative'],
      [{ install: 1.5 }, 'install', 'Installs is a whole number from 0 to 1,000,000,000'],
      [{ country_code: 'ZZ' }, 'country_code', 'The country code is a two-letter ISO 3166-1 code (such as US or CN)'],
      [{ region_code: '110000' }, 'region_code', 'Only a record for country CN can name a province'],
      [{ country_code: 'CN', region_code: '130100' }, 'region_code', expect.stringContaining('province code')],
      [{ media_id: ' ' }, 'media_id', 'Please enter the media ID'],
    ];
    for (const [over, field, message] of cases) {
      const res = await post('/api/v1/promotion', record(over));
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body.errors, JSON.stringify(over)).toContainEqual({ field, message });
    }
    const zh = await post('/api/v1/promotion', record({ spend: -3 }), 'zh-CN');
    expect(zh.body.errors).toContainEqual({ field: 'spend', message: '花费不能为负数' });
    expect(await ctx.fingerprint()).toEqual(before);
  });
});

describe('CSV import', () => {
  const good = [
    `${day(15)},Google Ads,gg,Blue Agency,g-1,Google main,US,10.5,3`,
    `${day(15)},Google Ads,gg,Blue Agency,g-1,Google main,JP,20,4`,
    `${day(14).replaceAll('-', '/')},Google Ads,gg,Blue Agency,g-1,Google main,us,30.25,5`,
  ];

  it('imports a good file with a BOM and CRLF lines in one go, audited', async () => {
    const csv = `\uFEFF${HEADER}\r\n${good.join('\r\n')}\r\n`;
    const check = await post('/api/v1/promotion/import/check', { csv });
    expect(check.body.data).toMatchObject({ rows: 3, goodRows: 3, badRows: 0, errors: [], importId: null });
    const res = await post('/api/v1/promotion/import', { csv, fileName: 'google.csv' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ rows: 3, created: 3, updated: 0, badRows: 0 });
    const list = await ctx.adminOk('GET', '/api/v1/promotion?media_id=gg');
    expect(list.count).toBe(3);
    expect(list.datas[0]).toMatchObject({ date: day(14), country_code: 'US', spend: 30.25 });
    // The same file again: the same keys, replaced.
    const again = await post('/api/v1/promotion/import', { csv });
    expect(again.body.data).toMatchObject({ created: 0, updated: 3 });
    const audit = (
      (await ctx.database.db.execute(
        sql`select target, after from audit_log where action = 'importPromotionCsv' order by id`,
      )) as unknown as { rows: { target: string; after: Record<string, unknown> }[] }
    ).rows;
    expect(audit[0]!.target).toBe(`promotionImport:${res.body.data.importId}`);
    expect(audit[0]!.after).toMatchObject({ fileName: 'google.csv', rows: 3, created: 3 });
    expect(JSON.stringify(audit)).not.toContain('Google main'); // the file itself is not in the audit log
  });

  it('reports each bad row in the operator language and imports nothing, unless the good rows are chosen', async () => {
    const csv = [
      `${HEADER},region_code`,
      `${day(13)},Apple Search,asa,Green,a-1,ASA,US,5,1,`,
      '2031-02-30,Apple Search,asa,Green,a-1,ASA,US,5,1,',
      `${day(13)},Apple Search,asa,Green,a-1,ASA,GB,-5,1,`,
      `${day(13)},Apple Search,asa,Green,a-1,ASA,XX,5,1,`,
      `${day(13)},Apple Search,asa,Green,a-1,ASA,CN,5,1,440000`,
      `${day(13)},Apple Search,asa,Green,a-1,ASA,US,6,2,`,
      `${day(13)},Apple Search,asa,Green,a-1,ASA,DE,5`,
      `"${day(13)}","Apple, Search",asa,Green,a-1,ASA,FR,"7.5",2,`,
    ].join('\n');
    const before = await ctx.fingerprint();
    const check = await post('/api/v1/promotion/import/check', { csv }, 'zh-CN');
    expect(check.body.data).toMatchObject({ rows: 8, goodRows: 3, badRows: 5 });
    expect(check.body.data.errors).toEqual([
      { row: 3, column: 'date', message: '日期格式应为 YYYY-MM-DD 且是真实存在的日期' },
      { row: 4, column: 'spend', message: '花费不能为负数' },
      { row: 5, column: 'country_code', message: '国家/地区代码应为 ISO 3166-1 两位字母代码（如 US、CN）' },
      { row: 7, column: null, message: '与第 2 行是同一天、同一账户、同一国家/地区和省份的记录' },
      { row: 8, column: null, message: '此行有 8 列，表头有 10 列' },
    ]);
    const refused = await post('/api/v1/promotion/import', { csv }, 'zh-CN');
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('5 行有错误，未导入任何数据。可修改文件后重新导入，或只导入 3 行正确的数据');
    expect(refused.body.data).toMatchObject({ badRows: 5, goodRows: 3 });
    expect(await ctx.fingerprint()).toEqual(before);

    const res = await post('/api/v1/promotion/import', { csv, goodRowsOnly: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ created: 3, updated: 0, badRows: 5 });
    const list = await ctx.adminOk('GET', '/api/v1/promotion?media_id=asa');
    expect(list.datas.map((r: { country_code: string }) => r.country_code).sort()).toEqual(['CN', 'FR', 'US']);
    expect(list.datas.find((r: { country_code: string }) => r.country_code === 'FR').media_name).toBe('Apple, Search');
    expect(list.datas.find((r: { country_code: string }) => r.country_code === 'CN').region_name).toBe('广东省');
  });

  it('imports a file at the limit, 20,000 rows, in one transaction', async () => {
    const rows = Array.from(
      { length: 20_000 },
      (_, i) => `${day(1 + (i % 300))},Bulk,bulk,Bulk agency,b-${i % 67},Bulk,US,${i % 100}.25,${i % 7}`,
    );
    const started = Date.now();
    const res = await post('/api/v1/promotion/import', { csv: `${HEADER}\n${rows.join('\n')}` });
    expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
    expect(res.body.data).toMatchObject({ rows: 20_000, created: 20_000, updated: 0, badRows: 0 });
    expect((await ctx.adminOk('GET', '/api/v1/promotion?media_id=bulk&pageSize=1')).count).toBe(20_000);
    console.log(`import of 20,000 rows: ${Date.now() - started} ms`);
  });

  it('refuses a wrong header, an empty file, broken quotes and 100,000 rows whole, with a clear message', async () => {
    const before = await ctx.fingerprint();
    const wrong = await post('/api/v1/promotion/import/check', {
      csv: `date,media,media_id,agency,account_id,account_name,country_code,spend,install\n${good[0]}`,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe(
      'Wrong header: missing columns media_name; unknown columns media. The first row should be: date,media_name,media_id,agency,account_id,account_name,country_code,spend,install,region_code',
    );
    const empty = await post('/api/v1/promotion/import', { csv: `${HEADER}\n` }, 'zh-CN');
    expect(empty.body).toMatchObject({ code: 400, msg: '文件中没有数据行' });
    const quotes = await post('/api/v1/promotion/import/check', { csv: `${HEADER}\n"${day(15)},x\n` });
    expect(quotes.status).toBe(400);
    expect(quotes.body.msg).toMatch(/^The CSV file cannot be read \(line \d+\); check its quotes and separators$/);
    const rows = Array.from({ length: 100_000 }, (_, i) => `${day(19)},M,m,A,a${i},N,US,1,1`);
    const big = await post('/api/v1/promotion/import', { csv: `${HEADER}\n${rows.join('\n')}` });
    expect(big.status).toBe(400);
    expect(big.body.msg).toBe(
      'The file has 100,000 data rows; at most 20,000 can be imported at once, so split it into several files',
    );
    expect(await ctx.fingerprint()).toEqual(before);
  });
});

describe('summary against revenue', () => {
  it('charts spend and installs by day and revenue per currency by install day and country', async () => {
    const db = ctx.database.db;
    await ctx.adminOk('POST', '/api/v1/promotion', record({ media_id: 'sum', date: day(70), spend: 100, install: 10 }));
    await ctx.adminOk(
      'POST',
      '/api/v1/promotion',
      record({ media_id: 'sum', date: day(69), spend: 50, install: 5, country_code: 'JP' }),
    );
    const player = async (installed: string, country: string) => {
      const login = await ctx.game('POST', '/api/game/v1/players/login', {
        body: {
          deviceId: `d-${Math.random()}`,
          deviceModel: 'Pixel 8',
          os: 'android',
          appVersion: '1.0.0',
          language: 'en',
          country,
        },
      });
      expect(login.statusCode, login.body).toBe(200);
      const id = login.json().data.userId as number;
      await db
        .update(players)
        .set({ firstLoginAt: new Date(installed), country })
        .where(sql`id = ${id}`);
      return id;
    };
    const us = await player(`${day(70)}T05:00:00Z`, 'US');
    const us2 = await player(`${day(70)}T23:00:00Z`, 'US');
    const de = await player(`${day(70)}T06:00:00Z`, 'DE');
    const jp = await player(`${day(69)}T01:00:00Z`, 'JP');
    let n = 0;
    const order = (
      userId: number,
      price: string,
      currency: string,
      over: Partial<typeof orders.$inferInsert> = {},
    ) => ({
      userId,
      platform: 'test' as const,
      transactionId: `promo-${n++}`,
      productId: 'gems_1',
      price,
      currency,
      environment: 'sandbox' as const,
      validation: {},
      deliveryState: 'delivered' as const,
      purchasedAt: new Date(`${day(68)}T00:00:00Z`),
      createdAt: new Date(`${day(68)}T00:00:00Z`),
      ...over,
    });
    await db.insert(orders).values([
      order(us, '4.99', 'USD'),
      order(us2, '10.00', 'USD'),
      order(us, '30.00', 'CNY'),
      order(us, '99.00', 'USD', { refundState: 'refunded', refundedAt: new Date(`${day(67)}T00:00:00Z`) }),
      order(us, '1.00', 'USD', { refundState: 'reversed' }),
      order(us, '7.00', 'USD', { deliveryState: 'deadLettered' }),
      order(de, '50.00', 'EUR'), // no record names DE
      order(jp, '600', 'JPY'),
    ]);
    const s = await ctx.adminOk('GET', `/api/v1/promotion/summary?media_id=sum&begin=${day(70)}&end=${day(68)}`);
    expect(s.currencies).toEqual(['JPY', 'CNY', 'USD']);
    expect(s.totals).toEqual({
      spend: 150,
      install: 15,
      revenue: [
        { currency: 'JPY', amount: 600 },
        { currency: 'CNY', amount: 30 },
        { currency: 'USD', amount: 15.99 },
      ],
    });
    expect(s.days).toEqual([
      {
        date: day(70),
        spend: 100,
        install: 10,
        revenue: [
          { currency: 'CNY', amount: 30 },
          { currency: 'USD', amount: 15.99 },
        ],
      },
      { date: day(69), spend: 50, install: 5, revenue: [{ currency: 'JPY', amount: 600 }] },
      { date: day(68), spend: 0, install: 0, revenue: [] },
    ]);
    const de2 = await ctx.adminOk('GET', `/api/v1/promotion/summary?begin=${day(70)}&end=${day(70)}&country_code=DE`);
    expect(de2.totals).toEqual({ spend: 0, install: 0, revenue: [{ currency: 'EUR', amount: 50 }] });
    const bad = await ctx.call('GET', `/api/v1/promotion/summary?begin=${day(400)}&end=${day(19)}`, {
      token: ctx.adminToken,
    });
    expect(bad.json().msg).toBe('The date range is at most 366 days');
    const reversed = await ctx.call('GET', `/api/v1/promotion?begin=${day(10)}&end=${day(40)}`, {
      token: ctx.adminToken,
    });
    expect(reversed.statusCode).toBe(400);
  });
});

describe('region data and access', () => {
  it("serves China's provinces (parent 86) and a province's cities with their letter", async () => {
    const provinces = await ctx.adminOk('GET', '/api/v1/regions');
    expect(provinces.length).toBeGreaterThanOrEqual(31);
    expect(provinces).toContainEqual({ letter: 'B', name: '北京市', code: '110000', parent: '86' });
    expect(provinces).toContainEqual({ letter: 'C', name: '重庆市', code: '500000', parent: '86' });
    expect(provinces.every((p: { code: string; parent: string }) => /^\d{6}$/.test(p.code) && p.parent === '86')).toBe(
      true,
    );
    const letters = provinces.map((p: { letter: string }) => p.letter);
    expect(letters).toEqual([...letters].sort());
    const hebei = await ctx.adminOk('GET', '/api/v1/regions?parent=130000');
    expect(hebei).toContainEqual({ letter: 'S', name: '石家庄市', code: '130100', parent: '130000' });
    const bad = await ctx.call('GET', '/api/v1/regions?parent=12', { token: ctx.adminToken });
    expect(bad.statusCode).toBe(400);
  });

  it('lets testers read and not write, and customer service neither', async () => {
    const tester = await ctx.userWithRole('tester');
    const service = await ctx.userWithRole('service');
    expect((await ctx.call('GET', '/api/v1/promotion', { token: tester.token })).statusCode).toBe(200);
    expect((await ctx.call('POST', '/api/v1/promotion', { token: tester.token, body: record() })).statusCode).toBe(403);
    expect((await ctx.call('GET', '/api/v1/promotion', { token: service.token })).statusCode).toBe(403);
    const operation = await ctx.userWithRole('operation');
    const res = await ctx.call('POST', '/api/v1/promotion', {
      token: operation.token,
      body: record({ media_id: 'op' }),
    });
    expect(res.statusCode).toBe(200);
  });
});
