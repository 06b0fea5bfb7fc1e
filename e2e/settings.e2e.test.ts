import { describe, expect, inject, it } from 'vitest';
import { adminToken, baseUrl, call, fieldOf, saveAndPublish, see, unique, useAdminPage } from './helpers';

/** One English console page signed in as admin, shared by the tests in order. */
const page = useAdminPage('en-US');

/** The game's content fetch, as its servers make it (ETag and 304 included). */
async function content(kinds: string, etag?: string) {
  const res = await fetch(`${baseUrl()}/api/game/v1/content?kinds=${kinds}`, {
    headers: { 'X-Game-Key': inject('gameKey'), ...(etag ? { 'If-None-Match': etag } : {}) },
  });
  const body = res.status === 200 ? ((await res.json()) as any) : undefined;
  return { status: res.status, etag: res.headers.get('etag') ?? undefined, content: body?.data?.content };
}

/** Save the open resource form and publish it in the confirmation, which must show the change. */
const publish = (expectInDiff: string[]) =>
  saveAndPublish(page(), { title: /^Publish constant /, button: ['Publish'] }, expectInDiff);

/** Open a new dictionary entry's drawer and fill its key and both texts. */
async function newDictionaryEntry(key: string, zh: string, en: string) {
  await page().goto('/setting/dictionary');
  await page().getByTestId('resource-create').click();
  await fieldOf(page(), 'dictionary-key').fill(key);
  await page().getByTestId('dictionary-zh-CN').fill(zh);
  await page().getByTestId('dictionary-en-US').fill(en);
}

/** The list's row of one item (not a row of a diff that names it). */
const row = (name: string) => page().locator(`.ant-table-row[data-row-key="${name}"]`);

describe('constants on the resource kit', () => {
  it('edits a constant twice, compares versions, restores the first, and the game fetch follows', async () => {
    const name = unique('maxEnergy');
    await page().goto('/setting/constant');
    await page().getByTestId('resource-create').click();
    await page().waitForURL(/\/setting\/constant\/add/);
    await fieldOf(page(), 'constant-name').fill(name);
    // The type is the schema's enum as a select, each value by its name in the vocabulary; a new
    // type starts the value from that type's blank.
    await page().getByTestId('constant-type').click();
    const types = page().locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect
      .poll(() => types.allInnerTexts())
      .toEqual(['Number', 'String', 'Boolean', 'JSON', 'Text (dictionary key)']);
    await types.filter({ hasText: 'Boolean' }).click();
    await page().locator('[data-testid=constant-value][role=switch]').waitFor();
    await page().getByTestId('constant-type').click();
    await types.filter({ hasText: 'Number' }).click();
    await fieldOf(page(), 'constant-value').fill('10');
    // Enter in a field of a publishing form sends nothing: no confirmation opens.
    await fieldOf(page(), 'constant-value').press('Enter');
    await page().waitForTimeout(300);
    expect(await page().locator('.ant-modal-confirm:visible').count()).toBe(0);
    await fieldOf(page(), 'version-comment').fill('first value');
    await publish([name, '10']);
    await page().waitForURL((url) => url.pathname === '/setting/constant');
    await row(name).waitFor();

    const first = await content('constant');
    expect(first.status).toBe(200);
    expect(first.content.constant[name]).toBe(10);
    expect((await content('constant', first.etag)).status).toBe(304);

    await row(name).getByTestId('row-action-edit').click();
    await page().waitForURL(/\/setting\/constant\/add\?key=/);
    await fieldOf(page(), 'constant-value').fill('20');
    await fieldOf(page(), 'version-comment').fill('doubled');
    await publish(['10', '20']);
    await page().waitForURL((url) => url.pathname === '/setting/constant');

    const second = await content('constant', first.etag);
    expect(second.status).toBe(200);
    expect(second.content.constant[name]).toBe(20);

    await row(name).getByTestId('row-action-history').click();
    const history = page().getByTestId('resource-history');
    await history.getByText('doubled').waitFor();
    // Versions 1 and 2 compared field by field: the value went from 10 to 20.
    const diff = history.getByTestId('audit-diff');
    const changed = diff.locator('tr', { hasText: 'Value' });
    await changed.getByText('10', { exact: true }).waitFor();
    await changed.getByText('20', { exact: true }).waitFor();

    await history.getByTestId('restore-1').click();
    const confirm = page().locator('.ant-modal-confirm:visible');
    await confirm.getByRole('button', { name: 'Restore as version 3' }).click();
    await see(page(), 'Restored as version 3');

    const third = await content('constant', second.etag);
    expect(third.status).toBe(200);
    expect(third.content.constant[name]).toBe(10);
    expect((await content('constant', third.etag)).status).toBe(304);
  });

  it('a text pasted past its cap stays whole, the counter and the field say so, and nothing is sent', async () => {
    const key = unique('capped');
    await newDictionaryEntry(key, '说明过长', 'Too long a description');
    const description = page().getByTestId('dictionary-description');
    await description.fill('x'.repeat(501));
    // Not cut: the whole paste is there, and the counter shows it over the limit.
    expect((await description.inputValue()).length).toBe(501);
    await see(page(), '501 / 500');
    await page().getByTestId('resource-save').click();
    await see(page(), 'The text is too long: at most 500 characters');
    expect(await page().locator('.ant-modal-confirm:visible').count()).toBe(0);
    const stored = await call('GET', `/api/v1/resources/dictionary/${key}`, await adminToken());
    expect(stored.code).toBe(404);
    // Shortened to the cap, the message leaves and the entry saves.
    await description.fill('x'.repeat(500));
    await expect.poll(() => page().getByText('The text is too long: at most 500 characters').count()).toBe(0);
    await page().getByTestId('resource-save').click();
    await page().locator('.ant-modal-confirm:visible').getByRole('button', { name: 'Publish' }).click();
    await row(key).waitFor();
  });

  it('creates a dictionary entry in the drawer and the game reads both languages', async () => {
    const key = unique('welcome');
    await newDictionaryEntry(key, '欢迎回来', 'Welcome back');
    await page().getByTestId('resource-save').click();
    const dialog = page().locator('.ant-modal-confirm:visible');
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await row(key).waitFor();
    const fetched = await content('dictionary');
    expect(fetched.content.dictionary[key]).toEqual({ 'zh-CN': '欢迎回来', 'en-US': 'Welcome back' });
  });
});
