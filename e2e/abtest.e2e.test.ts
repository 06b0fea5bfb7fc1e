import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, call, chooseOption, fieldOf, gameData, pickTime, unique, useAdminPage } from './helpers';

/**
 * A/B tests in the console (issue 30), zh-CN: a layer made in its list, an experiment with two
 * variations changing one config field made on its edit page, run from the list (the confirmation
 * states how many players it reaches), then the game's config fetch for many players shows both
 * values; the detail page shows exposures and the SRM check; the buckets page the ranges; a stop
 * from the list, and the next fetch has no experiment.
 */
const page = useAdminPage();
beforeAll(() => page().setDefaultTimeout(45_000));

const id = unique('e2e')
  .replace(/[^A-Za-z0-9]/g, '')
  .toLowerCase();
const field = `ab_${id}`;
const layer = `layer_${id}`;
const key = `exp_${id}`;
let players: number[] = [];

const row = (k: string) => page().locator(`.ant-table-row[data-row-key="${k}"]`);

/** Run a row action and confirm it, returning the confirmation's text. */
async function rowAction(k: string, action: string) {
  await row(k).getByTestId(`row-action-${action}`).click();
  const dialog = page().locator('.ant-modal-confirm:visible');
  await dialog.getByTestId('impact-players').waitFor();
  const text = await dialog.innerText();
  await expect.poll(() => dialog.getByTestId('confirm-ok').isEnabled()).toBe(true);
  await dialog.getByTestId('confirm-ok').click();
  await dialog.waitFor({ state: 'hidden' });
  return text;
}

const fetched = (userId: number) =>
  gameData<{ values: Record<string, unknown>; experiments: { key: string; variation: number }[] }>(
    'GET',
    `/api/game/v1/players/${userId}/config`,
  );

afterAll(async () => {
  const token = await adminToken();
  await call('DELETE', `/api/v1/resources/experiment/${key}`, token);
  await call('DELETE', `/api/v1/resources/abLayer/${layer}`, token);
  await call('DELETE', `/api/v1/resources/config/${field}`, token);
});

describe('A/B tests', () => {
  it('runs an experiment changing a config field, splits the players, shows results and stops', async () => {
    const token = await adminToken();
    const made = await call('POST', '/api/v1/resources/config', token, {
      name: field,
      type: 'number',
      defaultValue: 10,
    });
    expect(made.code, made.msg).toBe(200);
    players = [];
    for (let i = 0; i < 60; i += 1)
      players.push(
        (
          await gameData<{ userId: number }>('POST', '/api/game/v1/players/login', {
            deviceId: unique('e2e-ab-device'),
            deviceModel: 'Pixel 8',
            os: 'android',
            appVersion: '1.2.0',
            language: 'zh-CN',
            country: 'CN',
          })
        ).userId,
      );

    // A layer, in its list's drawer.
    await page().goto('/abtest/layer');
    await page().getByTestId('resource-create').click({ timeout: 60_000 });
    const drawer = page().locator('.ant-drawer-body:visible');
    await fieldOf(drawer, 'abLayer-name').fill(layer);
    await drawer.getByTestId('resource-save').click();
    await row(layer).waitFor();

    // The experiment, on its edit page: the treatment sets the field to 20, the control keeps 10.
    await page().goto('/abtest/experiment/edit');
    await fieldOf(page(), 'experiment-key').fill(key);
    await fieldOf(page(), 'experiment-name').fill(`Price test ${id}`);
    await chooseOption(page().getByTestId('experiment-layer'), layer, layer);
    await page().getByTestId('experiment-field-add').click();
    await chooseOption(page().getByTestId('experiment-field-0'), field, field);
    await page().getByTestId('variation-1-var-0-changes').click();
    await fieldOf(page(), 'variation-1-var-0-value').fill('20');
    await page().getByTestId('resource-save').click();
    await row(key).waitFor();
    await expect.poll(() => row(key).getByTestId('experiment-status').innerText()).toBe('草稿');

    // Run, from the list: the confirmation counts the players it reaches.
    const confirmation = await rowAction(key, 'run');
    expect(confirmation).toMatch(/0 → \d/);
    await expect.poll(() => row(key).getByTestId('experiment-status').innerText()).toBe('运行中');

    // The game: both values among the players, each as the experiment says.
    const seen = new Set<unknown>();
    for (const p of players) {
      const { values, experiments } = await fetched(p);
      const mine = experiments.find((e) => e.key === key);
      expect(mine, `player ${p}`).toBeDefined();
      expect(values[field]).toBe(mine?.variation === 1 ? 20 : 10);
      seen.add(values[field]);
    }
    expect([...seen].sort()).toEqual([10, 20]);

    // The detail page: exposures of both variations and the sample ratio check.
    await row(key).getByTestId(`experiment-link-${key}`).click();
    await page().getByTestId('experiment-detail').waitFor();
    const exposed = page().getByTestId('experiment-exposed');
    await expect
      .poll(async () => {
        await page().reload();
        await exposed.waitFor();
        return (await exposed.locator('.ant-table-row').allInnerTexts()).join('\n');
      })
      .toMatch(/control[\s\S]*\d[\s\S]*treatment[\s\S]*\d/);
    await page().getByTestId('experiment-srm').waitFor();
    await page().getByTestId('experiment-exposures').locator('.ant-table-row').first().waitFor();

    // The buckets page: the experiment owns the whole layer.
    await page().goto('/abtest/bucket');
    const card = page().getByTestId(`bucket-layer-${layer}`);
    await card.waitFor();
    await expect.poll(() => card.innerText()).toMatch(/0–9,999/);

    // Only the planned end of the running experiment (issue 41 item 2): the confirmation names that
    // change alone (not the traffic), its table lists that one row (not the state, phase or ranges
    // the server keeps), and after it the experiment still runs.
    await page().goto(`/abtest/experiment/edit?key=${key}`);
    await fieldOf(page(), 'experiment-name').waitFor();
    await pickTime(page(), page(), '计划结束时间', Date.now() + 30 * 86_400_000);
    await page().getByTestId('resource-save').click();
    const confirm = page().locator('.ant-modal-confirm:visible');
    await confirm.getByTestId('audit-diff').waitFor();
    expect(await confirm.locator('.ant-modal-confirm-title').innerText()).toBe(`修改实验 ${key} 的计划结束时间？`);
    expect(await confirm.getByTestId('confirm-ok').innerText()).toMatch(/^修改计划结束时间$/);
    const changed = await confirm.getByTestId('audit-diff').locator('.ant-table-row td:first-child').allInnerTexts();
    expect(changed).toEqual(['计划结束时间']);
    expect(await confirm.innerText()).not.toMatch(/流量|running|ranges|phases|阶段/);
    await confirm.getByTestId('confirm-ok').click();
    await confirm.waitFor({ state: 'hidden' });
    // The notice says what happened, with the way to it (issue 41 item 9), not "保存成功".
    const notice = page().getByTestId('saved-notice');
    await notice.waitFor();
    expect(await notice.innerText()).toMatch(new RegExp(`^已保存实验 ${key}\\s*查看$`));
    expect(await notice.getByRole('link').getAttribute('href')).toContain(`key=${key}`);
    // The form's tab closed with its work done; the list's is the current one.
    await page().waitForURL((url) => url.pathname === '/abtest/experiment');
    await expect
      .poll(() => page().locator('[data-testid=tab-bar] [data-testid=tab-title]').allInnerTexts())
      .not.toContain('编辑实验');
    const stored = await call<{ status: string; phase: number; endAt: string }>(
      'GET',
      `/api/v1/resources/experiment/${key}`,
      token,
    );
    expect(stored.data).toMatchObject({ status: 'running', phase: 1, endAt: expect.any(String) });

    // Stop, from the list: the next fetch has no experiment and the usual value.
    await page().goto('/abtest/experiment');
    await rowAction(key, 'stop');
    await expect.poll(() => row(key).getByTestId('experiment-status').innerText()).toBe('已停止');
    const after = await fetched(players[0]);
    expect(after.experiments.find((e) => e.key === key)).toBeUndefined();
    expect(after.values[field]).toBe(10);
  });
});
