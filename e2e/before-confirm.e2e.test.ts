import { translate } from '@rookery/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { pickTime, useAdminPage } from './helpers';

/**
 * Every check the server makes on a form runs before the confirmation, and a window that has
 * already ended says so there (issue 41, items 4 and 5; zh-CN, where it was seen). Before, a
 * minimum level above the maximum and a personal mail expiring in the past were refused only
 * after the operator confirmed the publish; an IAP item ending in 2020 was published and a gift-
 * code batch ending in 2020 was created as expired. Now the save puts the message on the field
 * and no confirmation opens. Nothing is saved.
 */
const page = useAdminPage();
beforeAll(() => page().setDefaultTimeout(45_000));

const zh = (key: string) => translate(key, 'zh-CN');
/** The error line of the form item labelled `label`. */
const errorOf = (label: string) =>
  page()
    .locator('.ant-form-item', { has: page().getByLabel(label, { exact: true }) })
    .last()
    .locator('.ant-form-item-explain-error')
    .first();

/** Save: the field labelled `label` says `message`, and no confirmation opens. */
async function refusedBeforeConfirm(save: string, label: string, message: string) {
  await page().locator(save).first().click();
  await expect.poll(() => errorOf(label).textContent()).toBe(message);
  expect(await page().locator('.ant-modal-confirm:visible, .ant-modal:visible').count()).toBe(0);
}

describe('the form refuses before it asks to confirm', () => {
  it('an IAP item whose minimum level is above its maximum, and whose window ended in 2020', async () => {
    await page().goto('/purchase/pedit');
    await page().getByTestId('purchaseItem-title').waitFor({ timeout: 60_000 });
    await page().getByLabel('最低等级', { exact: true }).fill('10');
    await page().getByLabel('最高等级', { exact: true }).fill('5');
    await pickTime(page(), page(), '失效时间', '2020-02-01 00:00:00');
    await refusedBeforeConfirm('[data-testid=resource-save]', '最高等级', zh('store.levelOrder'));
    expect(await errorOf('失效时间').textContent()).toBe(zh('resource.expireInPast'));
  });

  it('a personal mail expiring in the past', async () => {
    await page().goto('/email/listedit?mailScope=personal');
    await page().getByTestId('mail-user-ids').fill('100001');
    await page().getByTestId('title-zh-CN').locator('input').fill('补偿');
    await page().getByTestId('content-zh-CN').locator('textarea').fill('停服补偿');
    await pickTime(page(), page(), '失效时间', '2020-02-01 00:00:00');
    await refusedBeforeConfirm('[data-testid=mail-form] button[type=submit]', '失效时间', zh('mail.expireInPast'));
  });

  it('a gift-code batch whose window ended in 2020', async () => {
    await page().goto('/giftcode/edit');
    await page().getByTestId('giftcode-name').fill('过期批次');
    await pickTime(page(), page(), '开始时间', '2020-01-01 00:00:00');
    await pickTime(page(), page(), '结束时间', '2020-02-01 00:00:00');
    await refusedBeforeConfirm('[data-testid=giftcode-form] button[type=submit]', '结束时间', zh('giftCode.endInPast'));
  });
});
