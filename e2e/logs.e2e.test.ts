import { Redis } from 'ioredis';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, call, callGame, newPage, see, unique, useAdminPage } from './helpers';

// The admin's page, signed in once for the file (helpers' `useAdminPage`).
const adminPage = useAdminPage('en-US');
let page: Page;
beforeAll(() => {
  page = adminPage();
});

/** Pick a time shortcut of the range picker (spec §5). */
async function shortcut(label: string) {
  await page.getByTestId('search-form').locator('.ant-picker').click();
  await page.locator('.ant-picker-dropdown:visible .ant-picker-presets li', { hasText: label }).click();
}

/** Fill the text filter and search; the filters land in the address. */
async function searchText(text: string) {
  await page.getByLabel('Text contains').fill(text);
  await page
    .getByTestId('search-form')
    .getByRole('button', { name: /search/i })
    .click();
  await page.waitForURL((url) => url.searchParams.get('q') === text);
}

describe('log screens', () => {
  it("finds a player's planted client errors with a shortcut and a text filter, and shows one whole", async () => {
    const tag = unique('e2ecrash');
    const { body } = await callGame('POST', '/api/game/v1/logs', {
      entries: [
        {
          message: `NullReference in ${tag} shop`,
          type: 'error',
          userId: 4242,
          appVersion: '3.1.0',
          os: 'android',
          stack: `at Shop.open (${tag}.cs:12)`,
          meta: { scene: 'shop' },
        },
        { message: `fine ${tag}`, type: 'info', userId: 4242 },
        { message: 'x'.repeat(5000) },
      ],
    });
    expect(body.data.accepted).toBe(2);
    expect(body.data.rejected[0].index).toBe(2);

    await page.goto('/log/client-log');
    // The range is required: the address gets the last hour at once.
    await page.waitForURL((url) => Boolean(url.searchParams.get('start') && url.searchParams.get('end')));
    await shortcut('Last 5 minutes');
    await searchText(tag);
    await expect
      .poll(() => page.getByTestId('log-list-client').locator('tbody tr.ant-table-row').count(), { timeout: 10_000 })
      .toBe(2);
    await see(page, `NullReference in ${tag} shop`);
    const url = new URL(page.url());
    expect(Number(new Date(url.searchParams.get('end')!)) - Number(new Date(url.searchParams.get('start')!))).toBe(
      5 * 60_000,
    );
    // The player's link and the whole entry as labelled rows.
    const row = page.locator('tbody tr.ant-table-row', { hasText: `NullReference in ${tag}` });
    expect(await row.getByRole('link', { name: '4242' }).getAttribute('href')).toContain('userId=4242');
    await row.getByRole('button', { name: /detail/i }).click();
    const drawer = page.locator('.ant-drawer:visible');
    await drawer.getByText('App version').waitFor();
    await drawer.getByText('3.1.0').waitFor();
    await drawer.getByText(`at Shop.open (${tag}.cs:12)`).waitFor();
    await drawer.getByText('shop', { exact: true }).waitFor();
    await page.keyboard.press('Escape');

    // The filters are in the address: reloading it shows the same list.
    await page.reload();
    await expect.poll(() => page.locator('tbody tr.ant-table-row').count(), { timeout: 10_000 }).toBe(2);
  });

  it('counts a small list exactly and shows an entry sent seconds ago without a reload (issue 41 item 8)', async () => {
    const tag = unique('e2elive');
    const plant = (n: number) =>
      callGame('POST', '/api/game/v1/logs', {
        entries: Array.from({ length: n }, (_, i) => ({ message: `live ${tag} ${i}`, type: 'warn', userId: 4343 })),
      });
    expect((await plant(3)).body.data.accepted).toBe(3);
    await page.goto('/log/client-log');
    await page.waitForURL((url) => Boolean(url.searchParams.get('start') && url.searchParams.get('end')));
    await shortcut('Last 5 minutes');
    await searchText(tag);
    const rows = () => page.getByTestId('log-list-client').locator('tbody tr.ant-table-row').count();
    await expect.poll(rows, { timeout: 10_000 }).toBe(3);
    // Three rows listed: three counted, not "about 1 (estimate)".
    await expect.poll(() => page.getByTestId('list-estimate').textContent()).toBe('Entries: 3');
    expect(await page.getByTestId('list-live-note').textContent()).toBe('Auto-refresh: every 5 s, up to now');
    expect(await page.getByTestId('list-live').getAttribute('aria-checked')).toBe('true');
    // Sent after the page loaded (after the window's end in the address): shown without a reload.
    await page.waitForTimeout(1500);
    expect((await plant(1)).body.data.accepted).toBe(1);
    await expect.poll(rows, { timeout: 20_000 }).toBe(4);
    await expect.poll(() => page.getByTestId('list-estimate').textContent()).toBe('Entries: 4');
  });

  it("an error thrown in the console reaches the server's front-end log, without the token", async () => {
    const tag = unique('e2eboom');
    await page.goto('/log/frontend');
    await page.waitForURL((url) => Boolean(url.searchParams.get('start')));
    await page.evaluate((t) => {
      setTimeout(() => {
        throw new Error(`thrown in the console ${t}`);
      });
    }, tag);
    // The shipper sends within a few seconds; the list is read again until it is there.
    await expect
      .poll(
        async () => {
          await shortcut('Last half hour');
          await page.getByLabel('Text contains').fill(tag);
          await page
            .getByTestId('search-form')
            .getByRole('button', { name: /search/i })
            .click();
          return page.locator('tbody tr.ant-table-row', { hasText: tag }).count();
        },
        { timeout: 20_000, interval: 2000 },
      )
      .toBe(1);
    await page
      .locator('tbody tr.ant-table-row', { hasText: tag })
      .getByRole('button', { name: /detail/i })
      .click();
    const drawer = page.locator('.ant-drawer:visible');
    await drawer.getByText('Details').waitFor();
    const text = await drawer.innerText();
    const token = await page.evaluate(() => document.cookie.match(/admin-token=([^;]+)/)?.[1] ?? '');
    expect(token.length).toBeGreaterThan(10);
    expect(text).not.toContain(token);
    expect(text).toContain('[redacted:secret]');
    await page.keyboard.press('Escape');
  });

  it('an error on the sign-in page, before any session, reaches the front-end log too', async () => {
    const tag = unique('e2eprelogin');
    // A fresh profile in the same browser: no session cookie.
    const browser = page.context().browser();
    if (!browser) throw new Error('no browser');
    const { context, page: anonymous } = await newPage(browser);
    try {
      await anonymous.goto('/login');
      await anonymous.getByRole('button').first().waitFor();
      await anonymous.evaluate((t) => {
        setTimeout(() => {
          throw new Error(`thrown before sign-in ${t}`);
        });
      }, tag);
      const token = await adminToken();
      const since = new Date(Date.now() - 60_000).toISOString();
      await expect
        .poll(
          async () => {
            const found = await call(
              'GET',
              `/api/v1/logs?kind=frontend&start=${since}&end=${new Date(Date.now() + 60_000).toISOString()}&q=${tag}`,
              token,
            );
            return (found.data?.list ?? []).map((e: { meta: { signedIn?: boolean } }) => e.meta?.signedIn);
          },
          { timeout: 20_000, interval: 1000 },
        )
        .toEqual([false]);
    } finally {
      await context.close();
    }
  });

  it('the all-log, error-log and access-log screens list their entries with an estimated total', async () => {
    await page.goto('/log/access-log');
    await shortcut('Last 24 hours');
    await expect
      .poll(() => page.getByTestId('log-list-access').locator('tbody tr.ant-table-row').count())
      .toBeGreaterThan(0);
    // Counted when the planner expects at most 10,000 entries, else estimated (issue 41 item 8).
    await see(page, /Entries: \d+|About \d+ entries \(estimate\)/);
    await page.goto('/log/all-log');
    await page.waitForURL((url) => Boolean(url.searchParams.get('start')));
    await shortcut('Last hour');
    await expect
      .poll(() => page.getByTestId('log-list-all').locator('tbody tr.ant-table-row').count())
      .toBeGreaterThan(0);
    await page.goto('/log/error-log');
    await page.getByTestId('log-list-server').waitFor();
  });

  it('log statistics chart the window: levels, sources, errors per app version, top messages', async () => {
    const tag = unique('e2estat');
    await callGame('POST', '/api/game/v1/logs', {
      entries: [1, 2, 3].map((userId) => ({ message: `stat ${tag}`, type: 'error', userId, appVersion: '9.9.9' })),
    });
    await page.goto('/log/log-stats');
    await page.waitForURL((url) => Boolean(url.searchParams.get('start')));
    await page.getByTestId('chart-log-levels').locator('canvas').waitFor();
    await page.getByTestId('chart-log-versions').locator('canvas').waitFor();
    // Written in batches: the figures show after the next flush and a reload.
    await expect
      .poll(
        async () => {
          await page.reload();
          return page
            .locator('tr', { hasText: '9.9.9' })
            .first()
            .innerText({ timeout: 5000 })
            .catch(() => '');
        },
        { timeout: 20_000, interval: 1500 },
      )
      .toMatch(/9\.9\.9\s+3\s+3/);
    await see(page, `stat ${tag}`);
  });
});

/** The Redis the server was started with (REDIS_URL, REDIS_PREFIX), when it was. */
const redisUrl = process.env.REDIS_URL;
const redisPrefix = process.env.REDIS_PREFIX ?? 'rookery:';

describe('Redis screens', () => {
  it.runIf(!redisUrl)('say that Redis is not configured and how to configure it', async () => {
    await page.goto('/redis/redis-del');
    await page.getByTestId('redis-not-configured').getByText('REDIS_URL').first().waitFor();
    await page.goto('/performance/redis');
    await page.getByTestId('redis-not-configured').waitFor();
  });

  it.runIf(Boolean(redisUrl))('find keys by pattern, preview one, delete a confirmed set; figures show', async () => {
    const raw = new Redis(redisUrl!);
    const tag = unique('e2ekey');
    try {
      await raw.hset(`${redisPrefix}${tag}:bag`, { gems: '10' });
      for (let i = 0; i < 11; i++) await raw.set(`${redisPrefix}${tag}:n${i}`, String(i));
      await page.goto('/redis/redis-del');
      // Nothing typed: the field says what a key is, and nothing is searched.
      await page.getByRole('button', { name: 'Find', exact: true }).click();
      await page.getByText('A key is 1 to 512 characters, without control characters').waitFor();
      expect(page.url()).not.toContain('pattern=');
      await page.getByLabel('Key or pattern').fill(`${tag}:*`);
      await page.getByRole('button', { name: 'Find', exact: true }).click();
      await expect.poll(() => page.locator('tbody tr.ant-table-row').count()).toBe(12);
      await page
        .locator('tr', { hasText: `${tag}:bag` })
        .getByRole('button', { name: 'Preview' })
        .click();
      const drawer = page.locator('.ant-drawer:visible');
      await drawer.getByText('gems').waitFor();
      await drawer.getByText('hash').waitFor();
      await page.keyboard.press('Escape');
      // Select all and delete: 12 keys, so the count is typed first.
      await page.locator('thead .ant-checkbox-input').check();
      await page.getByRole('button', { name: 'Delete the 12 selected keys' }).click();
      const dialog = page.locator('.ant-modal:visible');
      await dialog.locator('input').fill('12');
      await page.getByTestId('confirm-ok').click();
      await see(page, '12 keys deleted');
      expect(await raw.exists(`${redisPrefix}${tag}:bag`)).toBe(0);
      await page.goto('/performance/redis');
      await page.getByTestId('redis-figures').getByText('Memory used').waitFor();
    } finally {
      const keys = await raw.keys(`${redisPrefix}${tag}:*`);
      if (keys.length) await raw.del(...keys);
      raw.disconnect();
    }
  });
});

describe('server performance', () => {
  it('charts one line per instance and follows new reports live', async () => {
    // The newest report time over the instances (the window keeps a fixed number of points, so a
    // count stops growing once it is full; the newest time still moves on).
    const points = async () => {
      const res = await page.waitForResponse((r) => r.url().includes('/api/v1/performance/server'), {
        timeout: 20_000,
      });
      const body = await res.json();
      const times = (body.data.instances as { points: { at: string }[] }[]).flatMap((i) =>
        i.points.map((p) => Date.parse(p.at)),
      );
      return times.length ? Math.max(...times) : 0;
    };
    const first = points();
    await page.goto('/performance/server?minutes=5');
    const before = await first;
    await page.getByTestId('chart-performance-rps').locator('canvas').waitFor({ timeout: 20_000 });
    await page.getByTestId('chart-performance-p95').locator('canvas').waitFor();
    // The page reads again every 5 s; the instance reports every 5 s: new points arrive.
    await expect.poll(points, { timeout: 30_000, interval: 0 }).toBeGreaterThan(before);
    await see(page, 'Latency per route (latest report)');
    // The charts' facts as text: each instance's newest figures, with the window's range.
    await expect
      .poll(() => page.getByTestId('performance-latest').locator('.ant-table-row').first().innerText())
      .toMatch(/\d+\.\d \(\d+\.\d–\d+\.\d\)/);
  });
});

describe('incidents', () => {
  it('a planted crash becomes one incident with its players and version; resolving it is one click', async () => {
    const version = `8.${Date.now() % 100000}.0`;
    const entries = Array.from({ length: 40 }, (_, i) => ({
      type: 'error',
      message: `ArgumentException: slot ${i * 13} out of range for item ${1000 + i}`,
      stack: `at Inventory.Move (Inventory.cs:${40 + (i % 3)})\nat Ui.Drop (Ui.cs:9)`,
      userId: 5000 + (i % 30),
      appVersion: version,
      os: 'android',
    }));
    await callGame('POST', '/api/game/v1/logs', { entries });
    await page.goto(`/log/incidents?appVersion=${version}`);
    const row = page.locator('tr.ant-table-row', { hasText: 'ArgumentException' });
    await expect
      .poll(
        async () => {
          await page.reload();
          // The list loads after the page: wait a moment for the row before counting.
          await row
            .first()
            .waitFor({ timeout: 3000 })
            .catch(() => undefined);
          return row.count();
        },
        { timeout: 20_000, interval: 1500 },
      )
      .toBe(1);
    expect(await row.innerText()).toMatch(/40\s+30/);
    await row.getByRole('button', { name: /detail/i }).click();
    const drawer = page.locator('.ant-drawer:visible');
    await drawer.getByTestId('chart-incident-hourly').locator('canvas').waitFor();
    await drawer.getByText(`${version} (40)`).waitFor();
    await page.keyboard.press('Escape');
    await row.getByRole('button', { name: 'Mark resolved' }).click();
    await expect.poll(() => row.innerText()).toContain('Resolved');
  });
});
