import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminToken, call, callGame, unique, useAdminPage } from './helpers';

/**
 * Every consequential player form (UX.md §1): Enter in its fields sends nothing; the primary
 * button opens a confirmation stating the action, the players and their number, the duration and
 * what is taken; cancel sends nothing (the game sees no change); the irreversible ask to type the
 * number shown before the confirm button enables; confirming applies it, as the game sees it.
 */
const page = useAdminPage();

const loginBody = (socialId: string, guest = false) => ({
  deviceId: `${socialId}-device`,
  ...(guest ? {} : { socialId }),
  deviceModel: 'Pixel 8',
  os: 'android',
  appVersion: '1.3.0',
  language: 'zh-CN',
  country: 'CN',
});
const gameLogin = (socialId: string, guest = false) =>
  callGame('POST', '/api/game/v1/players/login', loginBody(socialId, guest));
const gameState = async (userId: number) => (await callGame('GET', `/api/game/v1/players/${userId}`)).body.data.state;

/** A player who signed in (with a social ID, or as a guest by device only) and saved `gems` gems. */
async function player(gems = 300, guest = false) {
  const socialId = unique('pa-');
  const { userId, state, sessionEpoch } = (await gameLogin(socialId, guest)).body.data;
  const saved = { ...state, resources: { ...state.resources, gem: gems } };
  const save = await callGame('PUT', `/api/game/v1/players/${userId}/save`, {
    saveCount: 1,
    state: saved,
    sessionEpoch,
  });
  expect(save.status).toBe(200);
  return { userId: userId as number, socialId, deviceId: `${socialId}-device`, state: saved };
}

/** The console's view of a player (for what the game API does not show: the blacklist). */
async function consoleDetail(userId: number) {
  return (await call('GET', `/api/v1/penguin/users/detail?userId=${userId}`, await adminToken())).data[userId];
}

const form = (name: string) => page().getByTestId(`${name}-form`);

/** Enter in `field` opens no confirmation and sends nothing. */
async function enterSendsNothing(field: Locator) {
  await field.press('Enter');
  // Give a wrongly wired form time to open its confirmation or send.
  await page().waitForTimeout(700);
  expect(await page().getByTestId('consequence').filter({ visible: true }).count()).toBe(0);
}

/** Press the primary button: the confirmation opens; its text and its confirm button are returned. */
async function openConfirmation(submit: Locator) {
  await submit.click();
  const dialog = page()
    .locator('.ant-modal-confirm')
    .filter({ has: page().getByTestId('consequence') })
    .last();
  await dialog.getByTestId('consequence').waitFor();
  return { dialog, text: await dialog.innerText(), ok: dialog.getByTestId('confirm-ok') };
}

async function cancel(dialog: Locator) {
  await dialog.getByTestId('confirm-cancel').click();
  await dialog.waitFor({ state: 'hidden' });
}

/** The irreversible: the confirm button stays disabled until the number shown is typed. */
async function typeToConfirm(dialog: Locator, expected: number) {
  const ok = dialog.getByTestId('confirm-ok');
  expect(await ok.isDisabled()).toBe(true);
  await dialog.getByTestId('type-to-confirm').fill(String(expected + 1));
  expect(await ok.isDisabled()).toBe(true);
  await dialog.getByTestId('type-to-confirm').fill(String(expected));
  await expect.poll(() => ok.isDisabled()).toBe(false);
}

/** Open the confirmation again, type the number shown and confirm; the confirm button's words are returned. */
async function confirmTyped(submit: Locator, expected: number) {
  const { dialog, ok } = await openConfirmation(submit);
  await typeToConfirm(dialog, expected);
  const words = await ok.innerText();
  await ok.click();
  return words;
}

/** Type a date-time into an antd picker and press Enter (the global-mail accident's keys): nothing is sent. */
async function typeTime(field: Locator, value: string) {
  await field.click();
  await field.fill(value);
  await enterSendsNothing(field);
  await page().keyboard.press('Escape');
  await page().locator('.ant-picker-dropdown').filter({ visible: true }).waitFor({ state: 'hidden' });
}

/** What the browser shows for a local time in UTC, as the confirmation states it. */
const utcOf = (local: string) =>
  page().evaluate((t) => new Date(t.replace(' ', 'T')).toISOString().slice(0, 16).replace('T', ' '), local);

describe('consequential player forms', () => {
  it('freeze: Enter (also in the end time) sends nothing; the confirmation states players, number and end time; cancel sends nothing; confirm refuses the game login', async () => {
    const [a, b] = [await player(), await player()];
    await page().goto(`/game-user/froze?userIds=${a.userId}%0A${b.userId}`);
    await form('freeze').getByLabel('原因').fill('e2e freeze');
    await enterSendsNothing(form('freeze').getByLabel('原因'));
    await typeTime(form('freeze').locator('.ant-picker input'), '2031-02-03 04:05:06');
    expect((await gameLogin(a.socialId)).status).toBe(200);

    const { dialog, text, ok } = await openConfirmation(page().getByTestId('freeze-form-submit'));
    expect(text).toContain('确定冻结 2 个账号吗？');
    expect(text).toContain(`${a.userId}, ${b.userId}`);
    expect(text).toContain('2031-02-03 04:05:06');
    expect(text).toContain(`${await utcOf('2031-02-03 04:05:06')} UTC`);
    expect(await ok.innerText()).toBe('冻结 2 个账号');
    await cancel(dialog);
    expect((await gameLogin(a.socialId)).status).toBe(200);

    await (await openConfirmation(page().getByTestId('freeze-form-submit'))).ok.click();
    await page().waitForURL('**/game-user/froze/list');
    expect((await gameLogin(a.socialId)).status).toBe(403);
    expect((await gameLogin(b.socialId)).status).toBe(403);
    // The ban list says who froze the player; unfreezing names the action too.
    const row = page().locator(`.ant-table-row[data-row-key="${a.userId}"]`);
    await expect.poll(() => row.innerText()).toContain('admin');
    const unfreeze = await openConfirmation(row.getByTestId('row-action-unfreeze'));
    expect(unfreeze.text).toContain(String(a.userId));
    expect(await unfreeze.ok.innerText()).toBe('解冻 1 个账号');
    await unfreeze.ok.click();
    await expect.poll(async () => (await gameLogin(a.socialId)).status, { timeout: 10_000 }).toBe(200);
  });

  it('device ban: a ban without an end says permanent; cancel sends nothing; confirm refuses the device; lifting names it', async () => {
    const p = await player();
    await page().goto('/game-user/frozedevice');
    await form('ban-devices').getByLabel('设备 ID（每行一个，最多 25 个）').fill(p.deviceId);
    await form('ban-devices').getByLabel('原因').fill('e2e device ban');
    await enterSendsNothing(form('ban-devices').getByLabel('原因'));

    const { dialog, text, ok } = await openConfirmation(page().getByTestId('ban-devices-form-submit'));
    expect(text).toContain(p.deviceId);
    expect(text).toContain('永久');
    expect(await ok.innerText()).toBe('封禁 1 台设备');
    await cancel(dialog);
    expect((await gameLogin(p.socialId)).status).toBe(200);

    await (await openConfirmation(page().getByTestId('ban-devices-form-submit'))).ok.click();
    await expect.poll(async () => (await gameLogin(p.socialId)).status, { timeout: 10_000 }).toBe(403);

    // Lifting it names the device and the number; cancel changes nothing; confirm lets it in.
    const banned = page().locator(`.ant-table-row[data-row-key="${p.deviceId}"]`);
    await banned.waitFor();
    const lift = await openConfirmation(banned.getByTestId('row-action-unban'));
    expect(lift.text).toContain(p.deviceId);
    expect(lift.text).toContain('确定解除 1 台设备的封禁吗？');
    expect(await lift.ok.innerText()).toBe('解除 1 台设备的封禁');
    await cancel(lift.dialog);
    expect((await gameLogin(p.socialId)).status).toBe(403);
    await banned.waitFor();
    await (await openConfirmation(banned.getByTestId('row-action-unban'))).ok.click();
    await expect.poll(async () => (await gameLogin(p.socialId)).status, { timeout: 10_000 }).toBe(200);
  });

  it('chat ban: states the end in local time and UTC; cancel sends nothing; confirm reaches the game at login', async () => {
    const p = await player();
    await page().goto(`/game-user/chatBan?userIds=${p.userId}`);
    await typeTime(form('chat-ban').locator('.ant-picker input'), '2031-05-06 07:08:09');
    await form('chat-ban').getByLabel('原因').fill('e2e chat ban');
    await enterSendsNothing(form('chat-ban').getByLabel('原因'));

    const { dialog, text, ok } = await openConfirmation(page().getByTestId('chat-ban-form-submit'));
    expect(text).toContain(String(p.userId));
    expect(text).toContain(`${await utcOf('2031-05-06 07:08:09')} UTC`);
    expect(await ok.innerText()).toBe('禁言 1 个账号');
    await cancel(dialog);
    expect((await gameLogin(p.socialId)).body.data.chatBannedUntil).toBeNull();

    await (await openConfirmation(page().getByTestId('chat-ban-form-submit'))).ok.click();
    await expect
      .poll(async () => (await gameLogin(p.socialId)).body.data.chatBannedUntil, { timeout: 10_000 })
      .not.toBeNull();
  });

  it('blacklist: cancel sends nothing; confirm blacklists', async () => {
    const p = await player();
    await page().goto('/users/addblacklist');
    await form('blacklist-add').getByLabel('玩家 ID（每行一个，最多 25 个）').fill(String(p.userId));
    await form('blacklist-add').getByLabel('原因').fill('e2e blacklist');
    await enterSendsNothing(form('blacklist-add').getByLabel('原因'));

    const { dialog, text, ok } = await openConfirmation(page().getByTestId('blacklist-add-form-submit'));
    expect(text).toContain(String(p.userId));
    expect(await ok.innerText()).toBe('将 1 个账号加入黑名单');
    await cancel(dialog);
    expect((await consoleDetail(p.userId)).blacklisted).toBe(false);

    await (await openConfirmation(page().getByTestId('blacklist-add-form-submit'))).ok.click();
    await expect.poll(async () => (await consoleDetail(p.userId)).blacklisted, { timeout: 10_000 }).toBe(true);
  });

  it('clear: the user ID must be typed; cancel sends nothing; confirm resets the game data', async () => {
    const p = await player(777);
    await page().goto(`/game-user/clear?userId=${p.userId}`);
    await form('clear').getByLabel('原因').fill('e2e clear');
    await enterSendsNothing(form('clear').getByLabel('原因'));
    await enterSendsNothing(form('clear').getByLabel('玩家 ID'));

    const { dialog, text } = await openConfirmation(page().getByTestId('clear-form-submit'));
    expect(text).toContain(String(p.userId));
    expect(text).toContain('全部游戏数据');
    await cancel(dialog);
    expect((await gameState(p.userId)).resources.gem).toBe(777);

    expect(await confirmTyped(page().getByTestId('clear-form-submit'), p.userId)).toBe(`清除玩家 ${p.userId} 的数据`);
    await page().waitForURL(`**/user/detail?userId=${p.userId}`);
    expect((await gameState(p.userId)).resources.gem).toBe(50);
  });

  it('deduct: the button says deduct; the confirmation lists what is taken; typed ID; cancel sends nothing', async () => {
    const p = await player(300);
    await page().goto(`/game-user/deduct?userId=${p.userId}`);
    await page().getByRole('button', { name: '添加扣除项' }).click();
    await page().getByTestId('reward-kind').click();
    await page().locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '钻石' }).first().click();
    const amount = page().locator('[data-testid=reward-amount] input, input[data-testid=reward-amount]').first();
    await amount.fill('120');
    await enterSendsNothing(amount);
    await form('deduct').getByLabel('原因').fill('e2e deduct');
    await enterSendsNothing(form('deduct').getByLabel('原因'));

    const { dialog, text } = await openConfirmation(page().getByTestId('deduct-form-submit'));
    expect(text).toContain('钻石 ×120');
    expect(text).toContain(String(p.userId));
    await cancel(dialog);
    expect((await gameState(p.userId)).resources.gem).toBe(300);

    await confirmTyped(page().getByTestId('deduct-form-submit'), p.userId);
    await page().waitForURL(`**/user/detail?userId=${p.userId}`);
    expect((await gameState(p.userId)).resources.gem).toBe(180);
  });

  it('remove items: the confirmation names the resources; typed ID; cancel sends nothing', async () => {
    const p = await player(300);
    await page().goto(`/game-user/removeedit?userId=${p.userId}`);
    await form('remove-items').locator('.ant-select').click();
    await page().locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '钻石' }).first().click();
    await page().keyboard.press('Escape');
    await form('remove-items').getByLabel('原因').fill('e2e remove');
    await enterSendsNothing(form('remove-items').getByLabel('原因'));

    const { dialog, text } = await openConfirmation(page().getByTestId('remove-items-form-submit'));
    expect(text).toContain('钻石');
    await cancel(dialog);
    expect((await gameState(p.userId)).resources.gem).toBe(300);

    await confirmTyped(page().getByTestId('remove-items-form-submit'), p.userId);
    await page().waitForURL('**/game-user/remove');
    await expect.poll(async () => (await gameState(p.userId)).resources.gem ?? 0).toBe(0);
  });

  it('business-data delete: typed ID; cancel keeps the social ID; confirm erases it', async () => {
    const p = await player();
    await page().goto(`/game-user/business?userId=${p.userId}`);
    await form('business-delete').getByLabel('原因').fill('e2e erase');
    await enterSendsNothing(form('business-delete').getByLabel('原因'));

    const { dialog, text } = await openConfirmation(page().getByTestId('business-delete-form-submit'));
    expect(text).toContain(String(p.userId));
    expect(text).toContain('社交/匿名/设备 ID');
    await cancel(dialog);
    expect((await gameLogin(p.socialId)).body.data.userId).toBe(p.userId);

    await confirmTyped(page().getByTestId('business-delete-form-submit'), p.userId);
    await page().waitForURL(`**/user/detail?userId=${p.userId}`);
    // The social ID is gone: logging in with it finds no player of it any more.
    expect((await gameLogin(p.socialId)).body.data.userId).not.toBe(p.userId);
  });

  for (const kind of ['migrate', 'copy'] as const) {
    it(`${kind}: after the preview, the target's user ID must be typed; cancel sends nothing`, async () => {
      // A migration moves the source's social ID to a guest account.
      const [a, b] = [await player(900), await player(5, kind === 'migrate')];
      await page().goto(kind === 'copy' ? '/game-user/copy' : '/game-user/migrate');
      await page().getByLabel('源账号玩家 ID').fill(String(a.userId));
      await page().getByLabel('目标账号玩家 ID').fill(String(b.userId));
      await page().getByTestId(`${kind}-preview`).click();
      await page().getByTestId(`${kind}-preview-result`).waitFor();

      const { dialog, text } = await openConfirmation(page().getByTestId(`${kind}-confirm`));
      expect(text).toContain(String(a.userId));
      expect(text).toContain(String(b.userId));
      await cancel(dialog);
      expect((await gameState(b.userId)).resources.gem).toBe(5);

      await confirmTyped(page().getByTestId(`${kind}-confirm`), b.userId);
      await expect.poll(async () => (await gameState(b.userId)).resources.gem, { timeout: 10_000 }).toBe(900);
      // Migrated: the source's social ID now logs into the target.
      if (kind === 'migrate') expect((await gameLogin(a.socialId)).body.data.userId).toBe(b.userId);
    });
  }
});
