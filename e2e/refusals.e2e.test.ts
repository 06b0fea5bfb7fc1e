import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, call, experimentDocument, unique, useAdminPage } from './helpers';

/**
 * A refusal is shown where the operator acted (issue 41 item 1), zh-CN: running an experiment in
 * a layer another running experiment fills answers 409 with the layer's free share; the kit's
 * confirmation stays open and says so, nothing changes, the header's notice does not stand in for
 * it, and Cancel leaves. A layer with room: the same dialog closes on success.
 */
const page = useAdminPage();
beforeAll(() => page().setDefaultTimeout(45_000));

const id = unique('e2e')
  .replace(/[^A-Za-z0-9]/g, '')
  .toLowerCase();
const [field, other] = [`refusal_${id}`, `refusal2_${id}`];
const layer = `full_${id}`;
const [filling, refused] = [`fill_${id}`, `late_${id}`];
const EXPERIMENT = '/api/v1/resources/experiment';

const experiment = (key: string, coverage: number, field: string) => experimentDocument(key, layer, field, coverage);

afterAll(async () => {
  const token = await adminToken();
  await call('POST', `${EXPERIMENT}/actions/stop`, token, { keys: [filling, refused] });
  for (const key of [filling, refused]) await call('DELETE', `${EXPERIMENT}/${key}`, token);
  await call('DELETE', `/api/v1/resources/abLayer/${layer}`, token);
  for (const name of [field, other]) await call('DELETE', `/api/v1/resources/config/${name}`, token);
});

describe('refusals', () => {
  it('a row action the server refuses says why in its confirmation, which stays open; nothing changes', async () => {
    const token = await adminToken();
    for (const [path, body] of [
      ['/api/v1/resources/config', { name: field, type: 'number', defaultValue: 10 }],
      ['/api/v1/resources/config', { name: other, type: 'number', defaultValue: 10 }],
      ['/api/v1/resources/abLayer', { name: layer }],
      [EXPERIMENT, experiment(filling, 100, field)],
      [EXPERIMENT, experiment(refused, 50, other)],
    ] as const) {
      const made = await call('POST', path, token, body);
      expect(made.code, made.msg).toBe(200);
    }
    expect((await call('POST', `${EXPERIMENT}/actions/run`, token, { keys: [filling] })).code).toBe(200);

    await page().goto('/abtest/experiment');
    const row = page().locator(`.ant-table-row[data-row-key="${refused}"]`);
    await row.getByTestId('row-action-run').click();
    const dialog = page().locator('.ant-modal-confirm:visible');
    await expect.poll(() => dialog.getByTestId('confirm-ok').isEnabled()).toBe(true);
    await dialog.getByTestId('confirm-ok').click();

    const refusal = dialog.getByTestId('consequence-refusal');
    await refusal.waitFor();
    expect(await refusal.innerText()).toContain(`未执行：层“${layer}”的空闲流量只有 0%，不足 50%`);
    // Where the operator acted, not only in the header's counter or a corner notice.
    expect(await page().locator('.ant-notification-notice:visible').count()).toBe(0);
    expect(await dialog.isVisible()).toBe(true);
    const stored = await call<{ status: string }>('GET', `${EXPERIMENT}/${refused}`, token);
    expect(stored.data.status).toBe('draft');

    await dialog.getByTestId('confirm-cancel').click();
    await dialog.waitFor({ state: 'hidden' });

    // With room in the layer, the same action goes through and its dialog closes.
    expect((await call('POST', `${EXPERIMENT}/actions/stop`, token, { keys: [filling] })).code).toBe(200);
    await page().reload();
    await row.getByTestId('row-action-run').click();
    await expect.poll(() => dialog.getByTestId('confirm-ok').isEnabled()).toBe(true);
    await dialog.getByTestId('confirm-ok').click();
    await dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(async () => (await call<{ status: string }>('GET', `${EXPERIMENT}/${refused}`, token)).data.status)
      .toBe('running');
  });
});
