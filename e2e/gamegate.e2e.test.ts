import { describe, expect, inject, it } from 'vitest';
import {
  adminToken,
  baseUrl,
  call,
  callGame,
  chooseOption,
  deletedAfterAll,
  fieldOf,
  pickerTime,
  pickTime,
  unique,
  useAdminPage,
} from './helpers';

/**
 * The game door through its screens (zh-CN, the admin's page): a maintenance window closes the
 * game login for its audience and shows the console banner, the allow-list lets a device through,
 * a minimum version forces an upgrade, an IP override answers the lookup, and the unlock track
 * reaches the game's content fetch. Each rule is narrowed to versions no other test logs in
 * with, and everything this file makes is removed at the end (the server is shared by the files).
 */
const page = useAdminPage();

const made = deletedAfterAll();

/** A version range nobody else uses: the window and the upgrade rule touch only these logins. */
const ANDROID = { os: 'android', language: 'zh-CN', country: 'CN', deviceModel: 'Pixel 8' } as const;
const login = (appVersion: string, deviceId = unique('gate-dev-')) =>
  callGame('POST', '/api/game/v1/players/login', { ...ANDROID, appVersion, deviceId, socialId: unique('gate-') });

const row = (key: string) => page().locator(`.ant-table-row[data-row-key="${key}"]`);
const drawer = () => page().locator('.ant-drawer-body:visible');
const confirmDialog = () => page().locator('.ant-modal-confirm:visible');

/** Type a time into the drawer's date picker named `label` and confirm it in the picker. */
const pickDrawerTime = (label: string, ms: number) => pickTime(page(), drawer(), label, ms);

async function content(kinds: string) {
  const res = await fetch(`${baseUrl()}/api/game/v1/content?kinds=${kinds}`, {
    headers: { 'X-Game-Key': inject('gameKey') },
  });
  return ((await res.json()) as any).data.content;
}

describe('the game door through its screens', () => {
  it('schedules a maintenance window (confirmed, Enter sends nothing), lets an allow-listed device in, and ends it', async () => {
    const name = unique('upgradeWindow');
    const message = unique('服务器升级');
    const start = Date.now() - 60_000;
    // A player of the window's audience, so the confirmation has someone to count.
    expect((await login('7.7.3')).status).toBe(200);
    await page().goto('/setting/maintenance');
    await page().getByTestId('resource-create').click();
    await fieldOf(page(), 'maintenanceWindow-name').fill(name);
    await pickDrawerTime('开始时间', start);
    await pickDrawerTime('结束时间', Date.now() + 30 * 60_000);
    await page().getByTestId('maintenanceWindow-zh-CN').fill(message);
    await page().getByTestId('maintenanceWindow-en-US').fill('Servers are being upgraded');
    await chooseOption(drawer().getByLabel('平台'), 'Android');
    await drawer().getByLabel('最低版本（含）').fill('7.7.0');
    await drawer().getByLabel('最高版本（含）').fill('7.7.9');
    // The declaration's rows, hints and placeholders: start and end side by side, and so the two
    // versions, each with its example and the hint under it.
    const top = (label: string) =>
      drawer()
        .getByLabel(label, { exact: true })
        .evaluate((el) => el.getBoundingClientRect().top);
    expect(await top('结束时间')).toBe(await top('开始时间'));
    expect(await top('最高版本（含）')).toBe(await top('最低版本（含）'));
    expect(await drawer().getByLabel('最低版本（含）').getAttribute('placeholder')).toBe('如 1.2.0');
    expect(await drawer().getByText('留空表示不限', { exact: true }).count()).toBe(2);
    made.push(`/api/v1/resources/maintenanceWindow/${name}`);

    // Enter in a field sends nothing: no confirmation, nothing saved.
    await fieldOf(page(), 'maintenanceWindow-name').press('Enter');
    await page().waitForTimeout(300);
    expect(await confirmDialog().count()).toBe(0);
    const token = await adminToken();
    expect((await call('GET', `/api/v1/resources/maintenanceWindow/${name}`, token)).code).toBe(404);

    await drawer().getByTestId('resource-save').click();
    const statement = confirmDialog().getByTestId('maintenance-statement');
    await statement.waitFor();
    const said = await statement.innerText();
    expect(said).toContain('Android 玩家（版本 7.7.0 至 7.7.9）将无法登录游戏');
    expect(said).toContain(
      `从 ${pickerTime(start)} (UTC ${new Date(start).toISOString().slice(0, 16).replace('T', ' ')})`,
    );
    // It says how many players that is now: the audience endpoint's count for the same rules (≥ 1).
    const affected = confirmDialog().getByTestId('gate-affected');
    await affected.getByText(/当前受影响的玩家：[\d,]+ 人/).waitFor();
    const counted = await call('POST', '/api/v1/audience/count', token, {
      conditions: [
        { attr: 'os', op: 'include', value: ['android'] },
        { attr: 'appVersion', op: 'gte', value: '7.7.0' },
        { attr: 'appVersion', op: 'lte', value: '7.7.9' },
      ],
    });
    expect(counted.data.count).toBeGreaterThanOrEqual(1);
    expect(await affected.innerText()).toBe(`当前受影响的玩家：${counted.data.count.toLocaleString('zh-CN')} 人`);
    await confirmDialog().getByRole('button', { name: '保存维护窗口' }).click();
    await row(name).getByTestId('computed-state').getByText('维护中').waitFor();

    // The game login of that audience answers 503 with the message and the end; others still sign in.
    const refused = await login('7.7.1');
    expect(refused.status).toBe(503);
    expect(refused.body.data.maintenance).toMatchObject({ name, message });
    expect(refused.body.data.maintenance.endAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect((await login('7.8.0')).status).toBe(200);

    // The header's banner, at once (the save refreshed it).
    await page().getByTestId('maintenance-banner').filter({ hasText: message }).waitFor();

    // A device on the allow-list gets through.
    const device = unique('qa-device-');
    await page().getByRole('tab', { name: '白名单' }).click();
    await page().waitForURL(/tab=allow/);
    // The allow-list's own list (the windows' list is gone with its tab).
    await page().getByRole('columnheader', { name: '设备 ID' }).waitFor();
    await page().getByTestId('resource-create').click();
    const listName = unique('qa');
    await fieldOf(page(), 'maintenanceAllowList-name').fill(listName);
    await drawer().getByTestId('allow-devices').click();
    await page().keyboard.type(`${device},`);
    made.push(`/api/v1/resources/maintenanceAllowList/${listName}`);
    await drawer().getByTestId('resource-save').click();
    await row(listName).waitFor();
    await row(listName).getByText(device).waitFor();
    expect((await login('7.7.1', device)).status).toBe(200);
    expect((await login('7.7.1')).status).toBe(503);

    // End it now: edit the end to a moment ago; login works again and the banner goes.
    await page().getByRole('tab', { name: '维护窗口' }).click();
    await row(name).getByTestId('row-action-edit').click();
    await pickDrawerTime('结束时间', Date.now() - 1_000);
    await drawer().getByTestId('resource-save').click();
    await row(name).getByTestId('computed-state').getByText('已结束').waitFor();
    expect((await login('7.7.1')).status).toBe(200);
    await expect.poll(() => page().getByTestId('maintenance-banner').filter({ hasText: message }).count()).toBe(0);
  });

  it('sets a minimum version on the upgrade screen: a login below it answers 426', async () => {
    await page().goto('/setting/upgrade');
    await page().getByTestId('resource-create').click();
    await chooseOption(drawer().getByTestId('appUpgrade-platform'), 'Android');
    made.push('/api/v1/resources/appUpgrade/android');
    await fieldOf(page(), 'appUpgrade-latestVersion').fill('7.8.0');
    await fieldOf(page(), 'appUpgrade-minVersion').fill('7.7.5');
    await fieldOf(page(), 'appUpgrade-storeUrl').fill('https://play.example.com/penguins');
    await page().getByTestId('appUpgrade-zh-CN').fill('请更新到 7.8');
    await page().getByTestId('appUpgrade-en-US').fill('Please update to 7.8');
    await drawer().getByTestId('resource-save').click();
    await confirmDialog()
      .getByTestId('upgrade-statement')
      .getByText(/版本低于 7\.7\.5 的玩家将无法登录/)
      .waitFor();
    // Players below 7.7.5 on Android now: at least the 7.7.x ones the test before signed in.
    const below = await confirmDialog()
      .getByTestId('gate-affected')
      .getByText(/当前受影响的玩家：[\d,]+ 人/)
      .innerText();
    expect(Number(below.replace(/\D/g, ''))).toBeGreaterThanOrEqual(1);
    await confirmDialog().getByRole('button', { name: '保存版本升级' }).click();
    await row('android').waitFor();

    const forced = await login('7.7.1');
    expect(forced.status).toBe(426);
    expect(forced.body.data.upgrade).toMatchObject({ level: 'forced', latest: '7.8.0', message: '请更新到 7.8' });
    const recommended = await login('7.7.6');
    expect(recommended.status).toBe(200);
    expect(recommended.body.data.upgrade).toMatchObject({ level: 'recommended' });
    expect((await login('7.8.0')).body.data.upgrade).toBeUndefined();
  });

  it('adds an upgrade level from its declared form: the logins it selects get that prompt', async () => {
    const name = unique('quietAndroid');
    await page().goto('/setting/upgradeLevel');
    await page().getByTestId('resource-create').click();
    await fieldOf(page(), 'upgradeLevel-name').fill(name);
    // The level is the schema's enum, offered by its names; the order has its range and its hint.
    await chooseOption(drawer().getByTestId('upgradeLevel-level'), '静默更新');
    await fieldOf(page(), 'upgradeLevel-order').fill('1');
    await drawer().getByText('数字小的先匹配').waitFor();
    await chooseOption(drawer().getByTestId('level-platforms'), 'Android');
    made.push(`/api/v1/resources/upgradeLevel/${name}`);
    await drawer().getByTestId('resource-save').click();
    await row(name).getByText('静默更新').waitFor();

    // Between the minimum (7.7.5) and the latest (7.8.0) on Android: the silent prompt.
    const quiet = await login('7.7.6');
    expect(quiet.status).toBe(200);
    expect(quiet.body.data.upgrade).toMatchObject({ level: 'silent', latest: '7.8.0' });
  });

  it('adds an IP override; the lookup box answers with its country and says the override answered', async () => {
    const name = unique('lab');
    await page().goto('/setting/ipcountry');
    // An address that is not an IP: a clear message, nothing asked.
    await fieldOf(page(), 'ip-lookup-input').fill('300.1.2.3');
    await page().getByTestId('ip-lookup').click();
    await page().getByText('应为 IPv4 或 IPv6 地址').waitFor();

    await page().getByTestId('resource-create').click();
    await fieldOf(page(), 'ipCountry-name').fill(name);
    await fieldOf(page(), 'ip-cidr').fill('198.51.100.0/24');
    await chooseOption(drawer().getByTestId('ip-country'), '新西兰', '新西兰');
    made.push(`/api/v1/resources/ipCountry/${name}`);
    await drawer().getByTestId('resource-save').click();
    await row(name).getByText('新西兰 (NZ)').waitFor();

    await fieldOf(page(), 'ip-lookup-input').fill('198.51.100.7');
    await page().getByTestId('ip-lookup').click();
    const result = page().getByTestId('ip-lookup-result');
    await result.getByText('新西兰 (NZ)').waitFor();
    await result.getByText(`来自覆盖规则 ${name}`).waitFor();
  });

  it('adds a row to the unlock track; the game content fetch returns it', async () => {
    await page().goto('/setting/unlocktrack');
    await page().getByTestId('resource-create').click();
    await chooseOption(drawer().getByTestId('unlock-kind'), '功能');
    await chooseOption(drawer().getByTestId('unlock-target'), '钓鱼');
    made.push('/api/v1/resources/unlockTrack/fishing');
    await fieldOf(page(), 'unlock-level').fill('12');
    await drawer().getByTestId('resource-save').click();
    // The kit's publication (the game reads the track): its primary button, 发布.
    await confirmDialog().locator('.ant-modal-confirm-btns .ant-btn-primary').click();
    await row('fishing').getByText('钓鱼').waitFor();
    expect((await content('unlockTrack')).unlockTrack.fishing).toEqual({ kind: 'feature', level: 12 });
  });
});
