import { describe, expect, it } from 'vitest';
import { adminToken, call, callGame, fieldOf, gameData, see, unique, useAdminPage } from './helpers';

/** One English console page signed in as admin, shared by the tests in order. */
const page = useAdminPage('en-US');

/** The list's row of one item. */
const row = (key: string) => page().locator(`.ant-table-row[data-row-key="${key}"]`);

/** A new player through the game's login, with an Android device registered for push. */
async function playerWithDevice() {
  const { userId } = await gameData<{ userId: number }>('POST', '/api/game/v1/players/login', {
    deviceId: unique('push-device-'),
    deviceModel: 'Pixel 8',
    os: 'android',
    appVersion: '1.3.0',
    language: 'en-US',
    country: 'US',
  });
  await gameData('PUT', `/api/game/v1/players/${userId}/push-token`, {
    token: `fcm:${unique('t')}_${'a'.repeat(120)}`,
    platform: 'android',
    language: 'en-US',
    timezone: 'Europe/Berlin',
    appVersion: '1.3.0',
  });
  return userId;
}

/** The template the second test makes, sent by the topic test. */
let templateName = '';

describe('push topics and templates', () => {
  it('makes a topic, the game subscribes two players, and the list counts them; a disabled topic is refused', async () => {
    const key = unique('events');
    await page().goto('/push/subscribe');
    await page().getByTestId('resource-create').click();
    await page().waitForURL(/\/push\/subscribe\/edit/);
    await fieldOf(page(), 'pushTopic-key').fill(key);
    await fieldOf(page(), 'pushTopic-zh-CN').fill('活动通知');
    await fieldOf(page(), 'pushTopic-en-US').fill('Event news');
    await page().getByTestId('resource-save').click();
    await page().waitForURL((url) => url.pathname === '/push/subscribe');
    await row(key).waitFor();
    await expect.poll(() => row(key).innerText()).toContain('Event news');

    const players = [await playerWithDevice(), await playerWithDevice()];
    for (const userId of players) {
      const answer = await gameData<{ topics: string[] }>('PUT', `/api/game/v1/players/${userId}/push-topics`, {
        subscribe: [key],
      });
      expect(answer.topics).toContain(key);
    }
    await page().reload();
    const subscribers = row(key).locator('td').filter({ hasText: /^2$/ });
    await subscribers.first().waitFor();

    // Disabled on its edit page: the game can no longer subscribe to it.
    await row(key).getByTestId('row-action-edit').click();
    await page().waitForURL(/\/push\/subscribe\/edit/);
    await page()
      .locator('[data-testid=pushTopic-enabled][role=switch], [data-testid=pushTopic-enabled] [role=switch]')
      .first()
      .click();
    await page().getByTestId('resource-save').click();
    await page().waitForURL((url) => url.pathname === '/push/subscribe');
    const refused = await callGame('PUT', `/api/game/v1/players/${players[0]}/push-topics`, { subscribe: [key] });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain(key);
  });

  it('makes a template; an unknown variable is refused on its field, in words', async () => {
    const name = unique('dailyReward');
    templateName = name;
    await page().goto('/push/tmpl/list');
    await page().getByTestId('resource-create').click();
    await page().waitForURL(/\/push\/tmpl\/edit/);
    await fieldOf(page(), 'pushTemplate-name').fill(name);
    await fieldOf(page(), 'pushTemplate-titleZh').fill('每日奖励');
    await fieldOf(page(), 'pushTemplate-titleEn').fill('Daily reward');
    await fieldOf(page(), 'pushTemplate-bodyZh').fill('{nickname}，你的奖励到了');
    await fieldOf(page(), 'pushTemplate-bodyEn').fill('{nickname}, your {prize} is waiting');
    await page().getByTestId('resource-save').click();
    // The form names the unknown variable and what may be used; nothing is saved.
    await see(page(), /\{prize\}/);
    await see(page(), /\{nickname\}/);
    await fieldOf(page(), 'pushTemplate-bodyEn').fill('{nickname}, your {gems} gems are waiting');
    await fieldOf(page(), 'pushTemplate-deepLink').fill('mygame://shop/daily');
    // An image address that is not https is refused on its field.
    await fieldOf(page(), 'pushTemplate-imageUrl').fill('http://cdn.example.com/a.png');
    await page().getByTestId('resource-save').click();
    await see(page(), 'An https:// link');
    await fieldOf(page(), 'pushTemplate-imageUrl').fill('https://cdn.example.com/a.png');
    await page().getByTestId('resource-save').click();
    await page().waitForURL((url) => url.pathname === '/push/tmpl/list');
    await row(name).waitFor();
    await expect.poll(() => row(name).innerText()).toContain('Daily reward');

    // Its edit page shows what was stored.
    await row(name).getByTestId('row-action-edit').click();
    await page().waitForURL(/\/push\/tmpl\/edit/);
    await expect
      .poll(() => fieldOf(page(), 'pushTemplate-bodyEn').inputValue())
      .toBe('{nickname}, your {gems} gems are waiting');
  });

  it('sends to listed players after a confirmation that counts them; the history shows it done with its counts', async () => {
    const players = [await playerWithDevice(), await playerWithDevice()];
    const name = unique('Weekend');
    await page().goto('/push/send');
    const form = page().getByTestId('push-send-form');
    await page().getByTestId('push-send-name').fill(name);
    await form.getByText('Listed players').click();
    await page().getByTestId('push-user-ids').fill(players.join('\n'));
    await page().getByTestId('push-title-en').fill('Weekend event');
    await page().getByTestId('push-body-en').fill('{nickname}, the event has started');
    await form.getByRole('button', { name: 'Send', exact: true }).click();
    // The one confirmation: whom, how many now, what, when.
    const dialog = page().locator('.ant-modal:visible').last();
    await expect.poll(() => dialog.getByTestId('push-audience-count').innerText()).toBe('2 players, 2 devices');
    const said = await dialog.innerText();
    expect(said).toContain('2 listed players');
    expect(said).toContain('Weekend event');
    expect(said).toContain('Now');
    await dialog.getByRole('button', { name: 'Send the push' }).click();
    await page().waitForURL((url) => url.pathname === '/push/list');
    // The history follows the send on its own while it delivers (no reload).
    const sent = page().locator('.ant-table-row', { hasText: name });
    await sent.first().waitFor();
    await expect
      .poll(() => sent.first().innerText(), { timeout: 30_000, interval: 500 })
      .toContain('2 sent of 2 devices read');
    expect(await sent.first().innerText()).toContain('Done');
  });

  it("sends the template to a topic's subscribers and watches the counts reach them", async () => {
    const topic = unique('raid');
    const made = await call('POST', '/api/v1/resources/pushTopic', await adminToken(), {
      key: topic,
      'zh-CN': '团队副本',
      'en-US': 'Raids',
      enabled: true,
    });
    expect(made.code, JSON.stringify(made)).toBe(200);
    const subscribers = [await playerWithDevice(), await playerWithDevice()];
    for (const userId of subscribers)
      await gameData('PUT', `/api/game/v1/players/${userId}/push-topics`, { subscribe: [topic] });
    // A device that did not subscribe is not reached.
    await playerWithDevice();

    const name = unique('Raid night');
    await page().goto('/push/send');
    const form = page().getByTestId('push-send-form');
    await page().getByTestId('push-send-name').fill(name);
    await form.getByText("A topic's subscribers").click();
    await page().getByTestId('push-topic').click();
    await page().keyboard.type(topic);
    await page().locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: topic }).first().click();
    await form.getByText('A push template').click();
    await page().getByTestId('push-template').click();
    await page().keyboard.type(templateName);
    await page()
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: templateName })
      .first()
      .click();
    await form.getByRole('button', { name: 'Send', exact: true }).click();
    const dialog = page().locator('.ant-modal:visible').last();
    await expect.poll(() => dialog.getByTestId('push-audience-count').innerText()).toBe('2 players, 2 devices');
    const said = await dialog.innerText();
    expect(said).toContain(`Players subscribed to "${topic}"`);
    expect(said).toContain(`Template "${templateName}"`);
    await dialog.getByRole('button', { name: 'Send the push' }).click();
    await page().waitForURL((url) => url.pathname === '/push/list');
    const sent = page().locator('.ant-table-row', { hasText: name });
    await expect
      .poll(() => sent.first().innerText(), { timeout: 30_000, interval: 500 })
      .toContain('2 sent of 2 devices read');
    expect(await sent.first().innerText()).toContain('Done');
  });

  it('a send to nobody is held in its confirmation, and a bad user ID line is named on its field', async () => {
    await page().goto('/push/send');
    const form = page().getByTestId('push-send-form');
    await page().getByTestId('push-send-name').fill(unique('Nobody'));
    await form.getByText('Listed players').click();
    await page().getByTestId('push-user-ids').fill('12\nabc');
    await page().getByTestId('push-title-en').fill('Hi');
    await page().getByTestId('push-body-en').fill('Hello');
    await form.getByRole('button', { name: 'Send', exact: true }).click();
    await see(page(), '1 lines are no user ID: abc');
    // A player with no device: the count says nobody, and the send button stays held.
    const { userId } = await gameData<{ userId: number }>('POST', '/api/game/v1/players/login', {
      deviceId: unique('push-nodevice-'),
      deviceModel: 'Pixel 8',
      os: 'android',
      appVersion: '1.3.0',
      language: 'en-US',
      country: 'US',
    });
    await page().getByTestId('push-user-ids').fill(String(userId));
    await form.getByRole('button', { name: 'Send', exact: true }).click();
    const dialog = page().locator('.ant-modal:visible').last();
    await dialog.getByText('Nobody to send to').waitFor();
    expect(await dialog.getByRole('button', { name: 'Send the push' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });
});
