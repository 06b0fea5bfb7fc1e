import { afterAll, describe, expect, it } from 'vitest';
import { adminToken, call, newAdminPage, unique, useBrowser } from './helpers';

/**
 * Hand-made actions (a screen's own `useMutationAction`, not a resource declaration) say the
 * server's refusal where the operator acted, in the operator's language (issue 41). The refusal
 * is real: the record changed meanwhile (the mail recalled by someone else while the list showed
 * it), and the server says so.
 */
const browser = useBrowser();
const made: number[] = [];
afterAll(async () => {
  const token = await adminToken();
  for (const id of made) await call('DELETE', `/api/v1/email/${id}?mailScope=global`, token);
});

async function globalMail(): Promise<number> {
  const token = await adminToken();
  const title = unique('Recall');
  const res = await call<{ id: number }>('POST', '/api/v1/email', token, {
    mailScope: 'global',
    title: { 'zh-CN': `撤回 ${title}`, 'en-US': title },
    content: { 'zh-CN': '内容', 'en-US': 'Content' },
    expireAt: '2099-01-01T00:00:00.000Z',
  });
  expect(res.code, res.msg).toBe(200);
  made.push(res.data.id);
  return res.data.id;
}

describe('hand-made actions say a real refusal in place', () => {
  it.each([
    ['zh-CN', '未执行：', '邮件已撤回'],
    ['en-US', 'Not done: ', 'The mail was recalled'],
  ])('mail recall of a mail recalled meanwhile (%s)', async (locale, notDone, reason) => {
    const id = await globalMail();
    const { page, context } = await newAdminPage(browser(), locale);
    try {
      await page.goto('/email/global');
      const row = page.locator(`.ant-table-row[data-row-key="${id}"]`);
      await row.waitFor({ timeout: 60_000 });
      // Someone else recalls it while this list still offers the action.
      expect((await call('DELETE', `/api/v1/email/${id}?mailScope=global`, await adminToken())).code).toBe(200);
      await row.getByTestId('row-action-recall').click();
      const dialog = page.locator('.ant-modal-confirm:visible');
      await expect.poll(() => dialog.getByTestId('confirm-ok').isEnabled()).toBe(true);
      await dialog.getByTestId('confirm-ok').click();
      const refusal = dialog.getByTestId('consequence-refusal');
      await refusal.waitFor();
      expect(await refusal.innerText()).toContain(`${notDone}${reason}`);
      expect(await dialog.isVisible()).toBe(true);
      await dialog.getByTestId('confirm-cancel').click();
      await dialog.waitFor({ state: 'hidden' });
    } finally {
      await context.close();
    }
  });
});
