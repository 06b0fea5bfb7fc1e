import { createHmac } from 'node:crypto';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
// @ts-expect-error: a plain JavaScript script without type declarations
import { chromeExecutable } from '../scripts/chrome.mjs';

/** `scripts/e2e.mjs` sets CHROME_PATH to the one it found (`scripts/chrome.mjs`). */
export const chromePath = chromeExecutable() ?? '/usr/bin/chromium';

export const baseUrl = () => inject('baseUrl');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-dev-shm-usage',
    ],
  });
}

/** One Chromium for the calling test file: launched before its tests, closed after them. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => browser!;
}

/** One page signed in as admin, shared by the calling file's tests (screens driven in sequence). */
export function useAdminPage(locale = 'zh-CN'): () => Page {
  const browser = useBrowser();
  let page: Page | undefined;
  beforeAll(async () => {
    page = (await newAdminPage(browser(), locale)).page;
  });
  return () => page!;
}

/**
 * How the test browsers are made: a desktop window whose system asks for less motion, so dialogs,
 * drawers and menus open and close at once (the console honours it). A click is never aimed at a
 * button still zooming in; `frame.e2e.test.ts` shows both ways.
 */
export const contextOptions = { viewport: { width: 1400, height: 900 }, reducedMotion: 'reduce' } as const;

/** A fresh browser profile (cookies, local storage) speaking `locale`. */
export async function newPage(
  browser: Browser,
  locale = 'zh-CN',
  reducedMotion: 'reduce' | 'no-preference' = 'reduce',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...contextOptions, baseURL: baseUrl(), locale, reducedMotion });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

/** A fresh browser profile speaking `locale`, signed in as the admin. */
export async function newAdminPage(
  browser: Browser,
  locale = 'zh-CN',
  reducedMotion: 'reduce' | 'no-preference' = 'reduce',
) {
  const opened = await newPage(browser, locale, reducedMotion);
  await signIn(opened.page, 'admin', inject('adminPassword'));
  return opened;
}

/**
 * Save the open resource form and publish it in the confirmation: its title matches `title`, its
 * diff shows each of `expectInDiff`, and the publish button has one of `button`'s names.
 */
export async function saveAndPublish(
  page: Page,
  confirm: { title: RegExp; button: [string, ...string[]] },
  expectInDiff: string[],
) {
  await page.getByTestId('resource-save').click();
  const dialog = page.locator('.ant-modal-confirm:visible');
  await dialog.locator('.ant-modal-confirm-title', { hasText: confirm.title }).waitFor();
  for (const text of expectInDiff)
    await dialog.getByTestId('audit-diff').getByText(text, { exact: true }).first().waitFor();
  const [first, ...others] = confirm.button.map((name) => dialog.getByRole('button', { name }));
  await others.reduce((either, b) => either.or(b), first).click();
  await dialog.waitFor({ state: 'detached' });
}

const pad = (n: number) => String(n).padStart(2, '0');
/** A time as the date picker takes it, in the browser's (this machine's) zone. */
export const pickerTime = (ms: number) => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
};

/**
 * Type a time (`ms`, or text as the picker takes it) into the date picker labelled `label` in
 * `scope` and confirm it in the picker (Enter would send the form); it is closed before the next
 * one opens (two open ones would be two OK buttons).
 */
export async function pickTime(page: Page, scope: Page | Locator, label: string, time: number | string) {
  const input = scope.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(typeof time === 'number' ? pickerTime(time) : time);
  await page.locator('.ant-picker-dropdown:visible .ant-picker-ok button').click();
  await expect.poll(() => page.locator('.ant-picker-dropdown:visible').count()).toBe(0);
}

type Envelope<T> = { code: number; data: T; msg: string; errors?: { field: string; message: string }[] };

/** Calls the real API (the same one the console uses). */
export async function call<T = any>(
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<Envelope<T>> {
  const res = await fetch(baseUrl() + path, {
    method,
    headers: {
      ...(token ? { Authorization: token } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as Envelope<T>;
}

export async function apiSignIn(username: string, password: string): Promise<string> {
  const res = await call<{ token: string }>('POST', '/api/v1/login', undefined, { username, password });
  if (res.code !== 200) throw new Error(`sign-in of ${username} failed: ${res.msg}`);
  return res.data.token;
}

export const adminToken = () => apiSignIn('admin', inject('adminPassword'));

/**
 * The API paths of what the calling file makes, each deleted as the admin after its tests, the
 * last made first: `const made = deletedAfterAll(); … made.push(path)`.
 */
export function deletedAfterAll(): string[] {
  const made: string[] = [];
  afterAll(async () => {
    const token = await adminToken();
    for (const path of made.reverse()) await call('DELETE', path, token);
  });
  return made;
}

let counter = 0;
/** A name no other test uses, safe for user names, role names and mail addresses. */
export function unique(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}`;
}

export const staffPassword = 'staff-Pass-123';

/** A staff user with the given role, created through the API as admin. */
export async function createStaffUser(role: string, username = unique(`u${role.slice(0, 4).toLowerCase()}`)) {
  const token = await adminToken();
  const res = await call('POST', '/api/v1/user', token, {
    username,
    pwd: staffPassword,
    role,
    email: `${username}@example.com`,
    name: username,
  });
  if (res.code !== 200) throw new Error(`creating ${username} failed: ${JSON.stringify(res)}`);
  return { username, password: staffPassword, id: (res.data as { id: number }).id };
}

/** Sign in through the login page and wait for the console. */
export async function signIn(page: Page, username: string, password: string, path = '/login') {
  await page.goto(path);
  await page.getByPlaceholder(/用户名|User name/).fill(username);
  await page.getByPlaceholder(/密码|Password/).fill(password);
  await page.locator('[data-testid=login-form] button[type=submit]').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** Names of the menu entries shown: group titles and their items, each group opened in turn. */
export async function menuTexts(page: Page): Promise<string[]> {
  const menu = page.getByTestId('nav-menu');
  await menu.locator('.ant-menu-item, .ant-menu-submenu-title').first().waitFor();
  const texts = await menu.locator(':scope > .ant-menu-item').allInnerTexts();
  const groups = menu.locator(':scope > .ant-menu-submenu');
  for (let i = 0; i < (await groups.count()); i++) {
    const group = groups.nth(i);
    const title = group.locator('.ant-menu-submenu-title');
    texts.push(await title.innerText());
    if (!(await group.getAttribute('class'))?.includes('ant-menu-submenu-open')) await title.click();
    // Accordion: opening one group closes the others, so each group is read as it opens.
    await expect.poll(() => group.getAttribute('class')).toContain('ant-menu-submenu-open');
    const items = group.locator('.ant-menu-item');
    await items.first().waitFor();
    texts.push(...(await items.allInnerTexts()));
  }
  return texts.map((t) => t.trim());
}

/**
 * Open the account menu's sign-out confirmation and wait for its text. The page settles first: in a
 * loaded CI lane a click made while the shell was still loading could open nothing (one failure in
 * the frame test); the menu item is then found by its role, so a hidden copy of the text is never
 * the one clicked.
 */
export async function openSignOut(page: Page, label = '退出登录', says = '打开的标签页和设置会保留') {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  const dialog = page.getByText(says).filter({ visible: true }).first();
  // Under a loaded CPU a click can be lost: the page moved between the press and the release (seen
  // with the events logged: mousedown on the menu item, a mouseleave with no mouse move, mouseup on
  // the header, click on the body), so the browser sends no click to the item. Clicking again is
  // what a person does; three lost clicks in a row fail the test.
  for (let attempt = 1; ; attempt++) {
    await page.getByTestId('user-menu').hover();
    const item = page.getByRole('menuitem', { name: label });
    await item.waitFor();
    await item.click();
    try {
      await dialog.waitFor({ timeout: attempt < 3 ? 5_000 : undefined });
      return;
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}

/**
 * An iOS IAP item (and its price level first) made through the console API for a test that buys
 * or picks one: named `ios<id>` / `t<id>`, titled `title`, granting one gem. Both are deleted
 * after the file's tests (`made`, from `deletedAfterAll`).
 */
export async function iapItem(token: string, made: string[], id: string, title: string, amount = 4.99) {
  const level = await call('POST', '/api/v1/resources/priceLevel', token, {
    name: `ios${id}`,
    tier: `t${id}`,
    platform: 'ios',
    sku: `com.rookery.${id}`,
    prices: [{ currency: 'USD', amount }],
  });
  expect(level.code, JSON.stringify(level)).toBe(200);
  made.push(`/api/v1/resources/priceLevel/ios${id}`);
  const item = await call<{ id: number }>('POST', '/api/v1/purchase', token, {
    title,
    priceLevel: `t${id}`,
    consumingType: 'consumable',
    rewards: [{ kind: 'gem', amount: 1 }],
  });
  expect(item.code, JSON.stringify(item)).toBe(200);
  made.push(`/api/v1/purchase/${item.data.id}`);
  return item.data.id;
}

/**
 * A receipt of the server's test store (`platform: 'test'`), signed with its development secret as
 * its validator checks it: a purchase of `sku` by `userId` at 4.99 USD.
 */
export function testReceipt(transactionId: string, sku: string, userId: number) {
  const body = Buffer.from(
    JSON.stringify({
      transactionId,
      sku,
      price: '4.99',
      currency: 'USD',
      purchasedAt: new Date().toISOString(),
      userId,
    }),
  ).toString('base64url');
  return `${body}.${createHmac('sha256', 'rookery-development-test-receipts').update(body).digest('base64url')}`;
}

/** Wait until the page shows `text`. */
export async function see(page: Page, text: string | RegExp) {
  await page.getByText(text).filter({ visible: true }).first().waitFor();
}

/** The game's side: its servers call the game API with the game key. */
export async function callGame(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(baseUrl() + path, {
    method,
    headers: {
      'X-Game-Key': inject('gameKey'),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

/** A game API call that must succeed: its data (anything else fails the test with the answer). */
export async function gameData<T = any>(method: string, path: string, body?: unknown): Promise<T> {
  const { body: json } = await callGame(method, path, body);
  if (json.code !== 200) throw new Error(`${method} ${path}: ${JSON.stringify(json)}`);
  return json.data as T;
}

/**
 * An A/B experiment's document as the console saves it: two variations splitting `coverage` of
 * `layer` on one config field (control 10, cheaper 8), no targeting, no window.
 */
export const experimentDocument = (key: string, layer: string, field: string, coverage: number) => ({
  key,
  name: `Experiment ${key}`,
  layer,
  configFields: [field],
  coverage,
  variations: [
    { name: 'control', weight: 50, variables: [{ field, value: 10 }] },
    { name: 'cheaper', weight: 50, variables: [{ field, value: 8 }] },
  ],
  targeting: [],
  forced: [],
  metrics: ['retention:1'],
  startAt: null,
  endAt: null,
});

/** The text field of a form item named by its test ID: the input or text area itself, or the one inside it. */
export const fieldOf = (scope: Page | Locator, testId: string) =>
  scope
    .locator(
      `input[data-testid=${testId}], textarea[data-testid=${testId}], [data-testid=${testId}] input, [data-testid=${testId}] textarea`,
    )
    .first();

/**
 * Pick `option` in an Ant Design select, typing `search` first when given (a long list). A single
 * select's dropdown is waited out, so the next click never lands on it; a multiple select's stays
 * open for the next pick.
 */
export async function chooseOption(select: Locator, option: string, search?: string) {
  const page = select.page();
  await select.click();
  if (search) await page.keyboard.type(search);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
  const multiple = await select.evaluate(
    (el) =>
      (el.closest('.ant-select') ?? el.querySelector('.ant-select'))?.classList.contains('ant-select-multiple') ??
      false,
  );
  if (!multiple) await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'hidden' });
}
