import { pathTo, resources } from '@rookery/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, call, experimentDocument, unique, useAdminPage } from './helpers';

/**
 * Every declared action shows the server's refusal where the operator acted (issue 41, item 1;
 * zh-CN): for each row and bulk action a resource declares (the contracts' `list.actions`), on a
 * record that offers it, the action's endpoint answers a refusal in the server's shape
 * (`{code, msg, errors}`, a route intercept standing in for a record changed meanwhile); its
 * confirmation stays open and says the message and its field message. A declared action no
 * record here offers fails the test: a new action needs its record below. The real refusal (a
 * full A/B layer) is `refusals.e2e.test.ts`.
 */
const page = useAdminPage();
beforeAll(() => page().setDefaultTimeout(45_000));

const id = unique('e2e')
  .replace(/[^A-Za-z0-9]/g, '')
  .toLowerCase();
const field = `act_${id}`;
const layer = `actl_${id}`;
const [draft, running] = [`actd_${id}`, `actr_${id}`];
const windowName = `actw_${id}`;
const EXPERIMENT = '/api/v1/resources/experiment';

const experiment = (key: string, coverage: number) => experimentDocument(key, layer, field, coverage);

/** The records of each kind with declared actions: one of them offers each action. */
const records: Record<string, string[]> = { experiment: [draft, running], maintenanceWindow: [windowName] };

afterAll(async () => {
  const token = await adminToken();
  await call('POST', `${EXPERIMENT}/actions/stop`, token, { keys: [running] });
  for (const key of [draft, running]) await call('DELETE', `${EXPERIMENT}/${key}`, token);
  await call('DELETE', `/api/v1/resources/abLayer/${layer}`, token);
  await call('DELETE', `/api/v1/resources/config/${field}`, token);
  await call('DELETE', `/api/v1/resources/maintenanceWindow/${windowName}`, token);
});

type Declared = { resource: string; list: string; path: string; action: string; row: boolean; bulk: boolean };
const declared: Declared[] = Object.values(resources).flatMap((r) =>
  Object.entries(r.list?.actions ?? {}).map(([action, a]) => ({
    resource: r.name,
    list: pathTo(r.routes!.list),
    path: r.path,
    action,
    row: Boolean(a.row),
    bulk: Boolean(a.bulk),
  })),
);

/** The action's endpoint answers a refusal naming it (once), as the server shapes one. */
async function refuseOnce(d: Declared, how: string) {
  const msg = `已被他人修改：${d.resource}.${d.action} ${how}`;
  const fieldMessage = `字段说明：${d.action} ${how}`;
  await page().route(
    (url) => url.pathname === `${d.path}/actions/${d.action}`,
    (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ code: 409, msg, errors: [{ field: 'keys', message: fieldMessage }] }),
      }),
    { times: 1 },
  );
  return { msg, fieldMessage };
}

/** Confirm in the open dialog: it stays open and says the refusal, then Cancel leaves. */
async function refusalShown(expected: { msg: string; fieldMessage: string }) {
  const dialog = page().locator('.ant-modal-confirm:visible');
  await expect.poll(() => dialog.getByTestId('confirm-ok').isEnabled()).toBe(true);
  await dialog.getByTestId('confirm-ok').click();
  const refusal = dialog.getByTestId('consequence-refusal');
  await refusal.waitFor();
  const text = await refusal.innerText();
  expect(text).toContain(`未执行：${expected.msg}`);
  expect(text).toContain(expected.fieldMessage);
  expect(await dialog.isVisible()).toBe(true);
  await dialog.getByTestId('confirm-cancel').click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('every declared action', () => {
  it('has records here to act on', async () => {
    expect(declared.length).toBeGreaterThan(0);
    for (const d of declared) expect(Object.keys(records), `${d.resource}.${d.action}`).toContain(d.resource);
    const token = await adminToken();
    const soon = Date.now() + 365 * 24 * 3_600_000;
    for (const [path, body] of [
      ['/api/v1/resources/config', { name: field, type: 'number', defaultValue: 10 }],
      ['/api/v1/resources/abLayer', { name: layer }],
      [EXPERIMENT, experiment(draft, 10)],
      [EXPERIMENT, experiment(running, 10)],
      [
        '/api/v1/resources/maintenanceWindow',
        {
          name: windowName,
          startAt: new Date(soon).toISOString(),
          endAt: new Date(soon + 3_600_000).toISOString(),
          'zh-CN': '维护',
          'en-US': 'Maintenance',
        },
      ],
    ] as const) {
      const made = await call('POST', path, token, body);
      expect(made.code, made.msg).toBe(200);
    }
    expect((await call('POST', `${EXPERIMENT}/actions/run`, token, { keys: [running] })).code).toBe(200);
  });

  for (const d of declared) {
    if (d.row)
      it(`${d.resource}.${d.action} on a row says the refusal in its confirmation`, async () => {
        await page().goto(d.list);
        let offered: string | undefined;
        for (const key of records[d.resource] ?? []) {
          const row = page().locator(`.ant-table-row[data-row-key="${key}"]`);
          await row.waitFor({ timeout: 60_000 });
          if (await row.getByTestId(`row-action-${d.action}`).count()) {
            offered = key;
            break;
          }
        }
        expect(offered, `no record here offers ${d.resource}.${d.action}`).toBeDefined();
        const expected = await refuseOnce(d, 'row');
        await page().locator(`.ant-table-row[data-row-key="${offered}"]`).getByTestId(`row-action-${d.action}`).click();
        await refusalShown(expected);
      });
    if (d.bulk)
      it(`${d.resource}.${d.action} on a selection says the refusal in its confirmation`, async () => {
        await page().goto(d.list);
        const key = records[d.resource]![0]!;
        const row = page().locator(`.ant-table-row[data-row-key="${key}"]`);
        await row.waitFor({ timeout: 60_000 });
        await row.locator('.ant-checkbox-input').check();
        const expected = await refuseOnce(d, 'bulk');
        await page().getByTestId(`batch-action-${d.action}`).click();
        await refusalShown(expected);
      });
  }
});
