import { describe, expect, it } from 'vitest';
import { callGame, chooseOption, fieldOf, gameData, see, unique, useAdminPage } from './helpers';

/** One English console page signed in as admin, shared by the tests in order. */
const page = useAdminPage('en-US');

const row = (key: string) => page().locator(`.ant-table-row[data-row-key="${key}"]`);

/** A new player through the game's login, in a country and language. */
async function player(country: string, language: string) {
  const { userId } = await gameData<{ userId: number }>('POST', '/api/game/v1/players/login', {
    deviceId: unique('ann-device-'),
    deviceModel: 'Pixel 8',
    os: 'android',
    appVersion: '1.3.0',
    language,
    country,
  });
  return userId;
}

interface Fetched {
  announcements: { id: number; title: string; body: string; kind: string; lang: string }[];
  loginNotice: { title: string; body: string } | null;
}
const fetchFor = (userId: number) => gameData<Fetched>('GET', `/api/game/v1/players/${userId}/announcements`);

describe('announcements', () => {
  const template = unique('welcome');
  const title = unique('Welcome back');

  it('makes a template; a script in its body is refused on the field, in words', async () => {
    await page().goto('/announcement/template');
    await page().getByTestId('resource-create').click();
    await page().waitForURL(/\/announcement\/template\/edit/);
    await fieldOf(page(), 'announcementTemplate-name').fill(template);
    await chooseOption(page().getByTestId('announcementTemplate-kind'), 'Login pop-up');
    await fieldOf(page(), 'announcementTemplate-titleZh').fill('欢迎回来');
    await fieldOf(page(), 'announcementTemplate-titleEn').fill(title);
    await fieldOf(page(), 'announcement-body-zh').fill('<p>欢迎<b>回来</b></p>');
    await fieldOf(page(), 'announcement-body-en').fill('<p>Hello</p><script>alert(1)</script>');
    await page().getByTestId('resource-save').click();
    await see(page(), /may not hold scripts/);
    await fieldOf(page(), 'announcement-body-en').fill(
      '<p>Welcome <b>back</b>, see <a href="https://example.com/news">the news</a></p>',
    );
    // The preview shows the body as players see it: the bold text, the link.
    const preview = page().getByTestId('announcement-body-en-preview');
    await expect.poll(() => preview.locator('b').innerText()).toBe('back');
    expect(await preview.locator('a').getAttribute('href')).toBe('https://example.com/news');
    await fieldOf(page(), 'announcementTemplate-priority').fill('50');
    await page().getByTestId('resource-save').click();
    await page().waitForURL((url) => url.pathname === '/announcement/template');
    await row(template).waitFor();
    await expect.poll(() => row(template).innerText()).toContain('Login pop-up');
  });

  it('a body with event attributes never runs in the console: the preview leaves them out and the form refuses them', async () => {
    await page().goto('/announcement/list');
    await page().getByTestId('resource-create').click();
    await page().waitForURL(/\/announcement\/list\/edit/);
    await fieldOf(page(), 'announcement-body-en').fill(
      '<p>hi</p><img src="/x.png" onerror="window.__announcementXss = 1"><a href="javascript:window.__announcementXss = 2">x</a>',
    );
    const preview = page().getByTestId('announcement-body-en-preview');
    await expect.poll(() => preview.innerText()).toContain('hi');
    expect(await preview.locator('img').count()).toBe(0);
    expect(await preview.locator('a').getAttribute('href')).toBeNull();
    await preview.locator('a').click();
    await page().waitForTimeout(300);
    expect(await page().evaluate(() => (window as { __announcementXss?: number }).__announcementXss)).toBeUndefined();
    await page().getByTestId('resource-save').click();
    await see(page(), /tags that are not allowed: <img>/);
  });

  it('starts an announcement from the template for the players of one country; the game serves it to them once', async () => {
    const us = await player('US', 'en-US');
    const cn = await player('CN', 'zh-CN');

    await page().goto('/announcement/list');
    await page().getByTestId('resource-create').click();
    await page().waitForURL(/\/announcement\/list\/edit/);
    await chooseOption(page().getByTestId('announcement-template-pick'), template, template);
    // The template's kind, texts and priority fill the form.
    await expect.poll(() => fieldOf(page(), 'announcement-titleEn').inputValue()).toBe(title);
    expect(await fieldOf(page(), 'announcement-body-en').inputValue()).toContain('Welcome <b>back</b>');
    expect(await fieldOf(page(), 'announcement-priority').inputValue()).toBe('50');

    await page().getByTestId('condition-add').click();
    const rule = page().getByTestId('condition-row').nth(0);
    await chooseOption(rule.getByTestId('condition-attr'), 'Country / region');
    await chooseOption(rule.getByTestId('condition-op'), 'is one of');
    await chooseOption(rule.getByTestId('condition-value'), '(US)', 'United States');
    await page().keyboard.press('Escape');

    await page().getByTestId('resource-save').click();
    const dialog = page().locator('.ant-modal-confirm:visible');
    await dialog.getByTestId('announcement-confirm').waitFor();
    expect(await dialog.getByTestId('announcement-confirm').innerText()).toContain('login pop-up');
    // The audience is counted by the server before the publish button is offered.
    await expect
      .poll(() => dialog.getByTestId('announcement-audience').innerText())
      .toMatch(/select \d+ players? now \(of \d+\)/);
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await page().waitForURL((url) => url.pathname === '/announcement/list');

    const seenBy = async (userId: number) => (await fetchFor(userId)).announcements.find((a) => a.title === title);
    const shown = await seenBy(us);
    expect(shown).toMatchObject({ kind: 'loginPopup', lang: 'en-US' });
    expect(shown?.body).toBe('<p>Welcome <b>back</b>, see <a href="https://example.com/news">the news</a></p>');
    expect(await seenBy(cn)).toBeUndefined();

    // A login pop-up, once seen, is not served to that player again.
    const seen = await callGame('POST', `/api/game/v1/players/${us}/announcements/${shown?.id}/seen`);
    expect(seen.status).toBe(200);
    expect(await seenBy(us)).toBeUndefined();
  });

  it("keeps the game's login-screen notice under settings; the game serves it in the player's language", async () => {
    const key = unique('loginNotice');
    const notice = unique('Server move tonight');
    await page().goto('/setting/announcement/list');
    await page().getByTestId('resource-create').click();
    await page().waitForURL(/\/setting\/announcement\/edit/);
    await fieldOf(page(), 'standingNotice-key').fill(key);
    await fieldOf(page(), 'standingNotice-titleZh').fill('今晚迁服');
    await fieldOf(page(), 'standingNotice-titleEn').fill(notice);
    await fieldOf(page(), 'notice-body-zh').fill('<p>今晚 22:00 迁服</p>');
    await fieldOf(page(), 'notice-body-en').fill('<p>We move servers at 22:00</p>');
    await page().getByTestId('resource-save').click();
    const dialog = page().locator('.ant-modal-confirm:visible');
    await expect.poll(() => dialog.getByTestId('notice-confirm').innerText()).toContain('login screen');
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await page().waitForURL((url) => url.pathname === '/setting/announcement/list');
    await row(key).waitFor();

    const en = await fetchFor(await player('DE', 'en-US'));
    expect(en.loginNotice).toMatchObject({ title: notice, body: '<p>We move servers at 22:00</p>' });
    const zh = await fetchFor(await player('CN', 'zh-CN'));
    expect(zh.loginNotice?.title).toBe('今晚迁服');
  });
});
