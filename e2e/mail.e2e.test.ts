import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { chooseOption, fieldOf, gameData, see, unique, useAdminPage } from './helpers';

// The admin's page, signed in once for the file (helpers' `useAdminPage`).
const adminPage = useAdminPage('en-US');
let page: Page;
beforeAll(() => {
  page = adminPage();
});

const login = (country: string, appVersion: string) =>
  gameData<{ userId: number }>('POST', '/api/game/v1/players/login', {
    deviceId: unique('e2e-mail-device'),
    deviceModel: 'Pixel 8',
    os: 'android',
    appVersion,
    language: 'en-US',
    country,
  });

/** The text input of a control, whether the test id sits on the input or on its wrapper. */

/** Set the mail form's expiry to 2099, confirmed in the picker (Enter would submit the form). */
async function expireFarAhead() {
  const expireAt = page.getByLabel('Expires at');
  await expireAt.click();
  await expireAt.fill('2099-01-01 00:00:00');
  await page.locator('.ant-picker-dropdown:visible .ant-picker-ok button').click();
}

describe('mail through the screens', () => {
  it('sends a global mail from a template and a reward template to the players two conditions select', async () => {
    const us = await login('US', '1.5.0');
    const cn = await login('CN', '1.5.0');
    const oldApp = await login('US', '1.1.0');
    const templateName = unique('Welcome');
    const rewardName = unique('Gems');
    const title = unique('Hello pilots');

    // A mail template with texts in two languages.
    await page.goto('/email/tmplist');
    await page.getByTestId('create-template').click();
    await page.waitForURL('**/email/tmpedit');
    await page.getByTestId('template-name').fill(templateName);
    await page.getByTestId('title-en-US').locator('input').fill(title);
    await page.getByTestId('content-en-US').locator('textarea').fill('Welcome back to the colony');
    await page.getByTestId('title-zh-CN').locator('input').fill('你好');
    await page.getByTestId('content-zh-CN').locator('textarea').fill('欢迎回来');
    await page.locator('[data-testid=template-form] button[type=submit]').click();
    await page.waitForURL('**/email/tmplist');
    await see(page, templateName);

    // A reward template: 25 gems.
    await page.goto('/email/rewardtmpllist');
    await page.getByTestId('create-template').click();
    await page.waitForURL('**/email/rewardtmpledit');
    await page.getByTestId('template-name').fill(rewardName);
    await chooseOption(page.getByTestId('reward-kind').first(), 'Gems');
    await fieldOf(page, 'reward-amount').fill('25');
    await page.locator('[data-testid=template-form] button[type=submit]').click();
    await page.waitForURL('**/email/rewardtmpllist');
    await see(page, rewardName);

    // The global mail: both templates, country include US and app version ≥ 1.2.0.
    await page.goto('/email/global');
    await page.getByTestId('send-mail').click();
    await page.waitForURL('**/email/listedit?mailScope=global');
    // The picker searches the templates on the server by what is typed, a page at a time.
    await chooseOption(page.getByTestId('mail-template-picker'), templateName, templateName);
    await expect.poll(() => page.getByTestId('title-en-US').locator('input').inputValue()).toBe(title);
    await chooseOption(page.getByTestId('reward-template-picker'), rewardName, rewardName);
    await expect.poll(() => fieldOf(page, 'reward-amount').inputValue()).toBe('25');

    await page.getByTestId('condition-add').click();
    const first = page.getByTestId('condition-row').nth(0);
    await chooseOption(first.getByTestId('condition-attr'), 'Country / region');
    await chooseOption(first.getByTestId('condition-op'), 'is one of');
    await chooseOption(first.getByTestId('condition-value'), '(US)', 'United States');
    await page.keyboard.press('Escape');
    await page.getByTestId('condition-add').click();
    const second = page.getByTestId('condition-row').nth(1);
    await chooseOption(second.getByTestId('condition-attr'), 'App version');
    await chooseOption(second.getByTestId('condition-op'), '≥');
    await fieldOf(second, 'condition-value').fill('1.2.0');

    // Try the conditions on two players in the browser, with the server's evaluator.
    const preview = page.getByTestId('conditions-preview');
    await preview.locator('input').fill(String(us.userId));
    await page.getByTestId('conditions-preview-run').click();
    await see(page, 'This player meets every condition');
    await preview.locator('input').fill(String(oldApp.userId));
    await page.getByTestId('conditions-preview-run').click();
    await expect.poll(() => preview.locator('.ant-alert').innerText()).toContain('#2');

    await expireFarAhead();
    // Enter in a field of the mail form sends nothing (it once sent a global mail to everyone).
    await page.getByTestId('title-en-US').locator('input').press('Enter');
    await page.waitForTimeout(300);
    expect(await page.locator('.ant-modal:visible').count()).toBe(0);
    expect(page.url()).toContain('/email/listedit');
    // A new mail's button is named for what it does (issue 41 item 9), not "Save".
    expect(await page.locator('[data-testid=mail-form] button[type=submit]').innerText()).toBe('Send');
    // The button asks first, stating the audience, the window in both zones and the rewards.
    await page.locator('[data-testid=mail-form] button[type=submit]').click();
    const confirmation = page.getByTestId('mail-confirmation');
    await confirmation.waitFor();
    // The audience size, counted by the server: the players signed in by now that the rules select.
    await expect
      .poll(() => confirmation.getByTestId('mail-audience-size').innerText())
      .toMatch(/^every player who meets all 2 conditions below: [\d,]+ now$/);
    const stated = await confirmation.innerText();
    expect(stated).toContain('every player who meets all 2 conditions below');
    expect(stated).toContain('UTC 2099-01-01');
    expect(stated).toContain('Gems × 25');
    await page.getByRole('button', { name: 'Send global mail' }).click();
    await page.waitForURL((url) => url.pathname === '/email/global');
    await see(page, 'Global mail sent');
    await see(page, title);

    // The game: the mailbox of each player, in their language.
    const box = async (userId: number) =>
      (await gameData<{ list: { title: string; reward: unknown }[] }>('GET', `/api/game/v1/players/${userId}/mailbox`))
        .list;
    expect((await box(us.userId)).find((m) => m.title === title)?.reward).toEqual([{ kind: 'gem', amount: 25 }]);
    expect((await box(cn.userId)).some((m) => m.title === title)).toBe(false);
    expect((await box(oldApp.userId)).some((m) => m.title === title)).toBe(false);

    // The console: the player's detail lists the mail in its mail tab (this browser reads English).
    await page.goto(`/user/detail?userId=${us.userId}`);
    await page.getByRole('tab', { name: /^(Mail|邮件)$/ }).click();
    await see(page, title);
  });

  it('sends a personal mail to the listed player IDs, lists 20 a page and recalls it from the mailboxes', async () => {
    const a = await login('US', '1.5.0');
    const b = await login('JP', '1.5.0');
    const bystander = await login('US', '1.5.0');
    const title = unique('Sorry for the outage');
    const mailbox = async (userId: number) =>
      (await gameData<{ list: { title: string }[] }>('GET', `/api/game/v1/players/${userId}/mailbox`)).list.map(
        (m) => m.title,
      );

    // Spec §9: the mail list asks for 20 rows a page, the other lists 10.
    const listed = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/v1/email');
    await page.goto('/email/list');
    expect(new URL((await listed).url()).searchParams.get('pageSize')).toBe('20');
    await page.getByTestId('send-mail').click();
    await page.waitForURL('**/email/listedit?mailScope=personal');
    // An ID that is not a player: the confirmation names it and will not send.
    await page.getByTestId('mail-user-ids').fill(`${a.userId}\n987654321\n${b.userId}`);
    await page.getByTestId('title-en-US').locator('input').fill(title);
    await page.getByTestId('content-en-US').locator('textarea').fill('Here is something for the wait');
    await page.getByTestId('title-zh-CN').locator('input').fill('补偿');
    await page.getByTestId('content-zh-CN').locator('textarea').fill('停服补偿');
    await expireFarAhead();
    await page.locator('[data-testid=mail-form] button[type=submit]').click();
    await page.getByTestId('mail-confirmation').getByText('3 player IDs read').waitFor();
    const unknown = page.getByTestId('mail-unknown-ids');
    await unknown.waitFor();
    expect(await unknown.innerText()).toContain('987654321');
    expect(await unknown.innerText()).toContain('This ID is not a player');
    expect(await page.getByTestId('confirm-ok').isDisabled()).toBe(true);
    await page.getByTestId('confirm-cancel').click();
    await page.getByTestId('mail-user-ids').fill(`${a.userId}\n${b.userId}`);
    // Cancel in the confirmation sends nothing.
    await page.locator('[data-testid=mail-form] button[type=submit]').click();
    await page.getByTestId('mail-confirmation').getByText('2 player IDs read: all are players').waitFor();
    await page.getByTestId('confirm-cancel').click();
    await page.waitForTimeout(300);
    expect(await mailbox(a.userId)).not.toContain(title);
    await page.locator('[data-testid=mail-form] button[type=submit]').click();
    await page.getByRole('button', { name: 'Send personal mail' }).click();
    await page.waitForURL((url) => url.pathname === '/email/list');
    await see(page, title);

    expect(await mailbox(a.userId)).toContain(title);
    expect(await mailbox(b.userId)).toContain(title);
    expect(await mailbox(bystander.userId)).not.toContain(title);

    // Recall, after a confirmation: the unclaimed copies leave the mailboxes.
    const row = page.getByRole('row').filter({ hasText: title });
    await row.getByTestId('row-action-recall').click();
    await see(page, 'Players who have not claimed it will no longer see it');
    await page.locator('.ant-modal-confirm-btns .ant-btn-primary').click();
    await expect.poll(() => row.innerText()).toContain('Recalled');
    expect(await mailbox(a.userId)).not.toContain(title);
    expect(await mailbox(b.userId)).not.toContain(title);
  });

  it('global mail states its audience size, and "all players" needs the number typed', async () => {
    // Players of an app version no other test uses: the conditions select exactly them.
    const version = `9.${Date.now() % 900000}`;
    for (const country of ['US', 'CN', 'FR']) await login(country, version);
    await page.goto('/email/listedit?mailScope=global');
    await page.getByTestId('title-en-US').locator('input').fill(unique('Patch notes'));
    await page.getByTestId('content-en-US').locator('textarea').fill('Read the notes');
    await page.getByTestId('title-zh-CN').locator('input').fill('更新说明');
    await page.getByTestId('content-zh-CN').locator('textarea').fill('更新说明');
    await expireFarAhead();

    // No conditions: all players, and the confirm button waits for the number to be typed.
    await page.locator('[data-testid=mail-form] button[type=submit]').click();
    const size = page.getByTestId('mail-audience-size');
    await expect.poll(() => size.innerText()).toMatch(/^all players \([\d,]+\)$/);
    const total = (await size.innerText()).match(/\(([\d,]+)\)/)![1];
    expect(Number(total.replace(/,/g, ''))).toBeGreaterThanOrEqual(3);
    const ok = page.getByTestId('confirm-ok');
    expect(await ok.isDisabled()).toBe(true);
    await page.getByTestId('type-to-confirm').fill('1');
    expect(await ok.isDisabled()).toBe(true);
    await page.getByTestId('type-to-confirm').fill(total);
    await expect.poll(() => ok.isDisabled()).toBe(false);
    // Enter in the typed number sends nothing; cancel sends nothing.
    await page.getByTestId('type-to-confirm').press('Enter');
    await page.getByTestId('confirm-cancel').click();
    expect(page.url()).toContain('/email/listedit');

    // One condition: the count is the three players of that version.
    await page.getByTestId('condition-add').click();
    const row = page.getByTestId('condition-row').nth(0);
    await chooseOption(row.getByTestId('condition-attr'), 'App version');
    await chooseOption(row.getByTestId('condition-op'), 'equals');
    await fieldOf(row, 'condition-value').fill(version);
    await page.locator('[data-testid=mail-form] button[type=submit]').click();
    await expect.poll(() => size.innerText()).toBe('every player who meets the condition below: 3 now');
    expect(await page.getByTestId('type-to-confirm').count()).toBe(0);
    await expect.poll(() => ok.isDisabled()).toBe(false);
    await page.getByTestId('confirm-cancel').click();
  });
});
