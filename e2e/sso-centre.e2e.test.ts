import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { axeFindings } from './axe';
import { adminToken, call, menuTexts, newPage, see, signIn, unique, useAdminPage, useBrowser } from './helpers';

// The admin's page, signed in once for the file.
const adminPage = useAdminPage('en-US');
const browser = useBrowser();
let page: Page;
beforeAll(() => {
  page = adminPage();
});
// A test that fails mid-preview leaves no preview to the next one.
afterEach(async () => {
  await page.evaluate(() => sessionStorage.removeItem('rookery-role-preview'));
});

const submit = (form: string) => page.locator(`[data-testid=${form}] button[type=submit]`).click();

async function choose(testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

/** Close an open dropdown and wait until none shows (a click while one closes only closes it). */
async function closeDropdowns() {
  await page.keyboard.press('Escape');
  await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'hidden' });
}

describe('the SSO centre through its screens', () => {
  const company = unique('Pine');
  const domain = `${company.toLowerCase()}.example.com`;
  const role = unique('Log readers');
  const email = `ann@${domain}`;

  it('creates a company, an SSO role from the page registry and an SSO user; the user signs in to exactly their pages', async () => {
    await page.goto('/habbyauth/companies');
    await page.getByTestId('create-company').click();
    await page.waitForURL('**/habbyauth/company');
    await page.getByTestId('sso-company-form').waitFor();
    await page.getByLabel('Name').fill(company);
    await expect.poll(() => page.getByLabel('Name').inputValue()).toBe(company);
    const domains = page.getByTestId('company-domains').locator('input');
    await domains.fill(domain);
    await domains.press('Enter');
    await see(page, domain);
    await submit('sso-company-form');
    await page.waitForURL('**/habbyauth/companies');
    await see(page, company);
    expect(await axeFindings(page)).toEqual([]);

    await page.goto('/habbyauth/roles');
    await page.getByTestId('create-sso-role').click();
    await page.waitForURL('**/habbyauth/role');
    await page.getByTestId('sso-role-form').waitFor();
    await choose('role-company', company);
    await page.getByLabel('Role name').fill(role);
    await page.getByTestId('role-pages').click();
    await page.getByTestId('role-pages').locator('input').fill('System log');
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'System log' })
      .first()
      .click();
    await closeDropdowns();
    await submit('sso-role-form');
    await page.waitForURL('**/habbyauth/roles');
    await see(page, role);

    await page.goto('/habbyauth/users');
    await page.getByTestId('create-sso-user').click();
    await page.waitForURL('**/habbyauth/createcognitouser');
    // The form takes its initial values as it mounts: fill it once they are in.
    await page.getByTestId('sso-user-form').waitFor();
    await page.getByLabel('Email').fill(email);
    await expect.poll(() => page.getByLabel('Email').inputValue()).toBe(email);
    await page.getByLabel('Name').fill('Ann');
    await choose('user-company', company);
    await choose('user-roles', role);
    await closeDropdowns();
    await page.getByTestId('user-roles').getByText(role).waitFor();
    await submit('sso-user-form');
    await page.waitForURL('**/habbyauth/users');
    await see(page, email);
    expect(await axeFindings(page)).toEqual([]);

    // `user/:id`: the email is fixed; the page shows the user's roles.
    await page.locator('tr', { hasText: email }).getByTestId('row-action-open').click();
    await page.waitForURL(/\/habbyauth\/user\/\d+$/);
    await expect.poll(() => page.getByLabel('Email').inputValue()).toBe(email);
    expect(await page.getByLabel('Email').isDisabled()).toBe(true);
    await see(page, role);

    // The page registry lists the route table's pages with what each needs.
    await page.goto('/habbyauth/pages');
    await page.getByTestId('sso-pages').locator('tr', { hasText: '/system/log' }).waitFor();
    expect(await axeFindings(page)).toEqual([]);

    // The user's first sign-in (OIDC, matched by email) is another branch's; here an admin gives
    // the account a password so the browser can sign in as it.
    const token = await adminToken();
    const users = await call<{ list: { email: string; staffUserId: number; username: string }[] }>(
      'GET',
      `/api/v1/sso/users?email=${encodeURIComponent(email)}`,
      token,
    );
    const user = users.data.list[0];
    const password = 'sso-user-Pass-123';
    expect((await call('PUT', `/api/v1/user/${user.staffUserId}`, token, { pwd: password })).code).toBe(200);
    const { context, page: annPage } = await newPage(browser(), 'en-US');
    await signIn(annPage, user.username, password);
    const menu = await menuTexts(annPage);
    expect(menu).toContain('System log');
    expect(menu).not.toContain('Gift codes');
    await annPage.goto('/giftcode/list');
    await annPage.waitForURL('**/403');
    await annPage.goto('/system/log');
    await see(annPage, 'System log');
    await context.close();
  });

  it('view as role: an SSO role’s limited menu and pages, a banner, and a change is refused', async () => {
    const previewRole = unique('Company editors');
    const token = await adminToken();
    const companies = await call<{ list: { id: number; name: string }[] }>(
      'GET',
      `/api/v1/sso/companies?name=${encodeURIComponent(company)}`,
      token,
    );
    const made = await call('POST', '/api/v1/sso/roles', token, {
      companyId: companies.data.list[0].id,
      name: previewRole,
      pages: ['ssoCompanies', 'ssoCompany'],
    });
    expect(made.code).toBe(200);

    await page.goto('/habbyauth/roles');
    await page.locator('tr', { hasText: previewRole }).getByTestId('row-action-viewAs').click();
    await page.getByTestId('preview-banner').waitFor();
    await see(page, previewRole);
    await page.waitForURL('**/dashboard/console');
    // The preview lasts for the tab: a reload keeps it (and draws the menu afresh).
    await page.reload();
    await page.getByTestId('preview-banner').waitFor();
    const menu = await menuTexts(page);
    expect(menu).toContain('Companies');
    expect(menu).not.toContain('SSO roles');
    expect(menu).not.toContain('System log');
    expect(await axeFindings(page)).toEqual([]);
    // A page the role cannot open is refused as it would be for the role.
    await page.goto('/system/log');
    await page.waitForURL('**/403');
    // A page it opens shows; saving a change is refused by the server and changes nothing.
    await page.goto('/habbyauth/companies');
    await page.locator('tr', { hasText: company }).getByTestId('row-action-edit').click();
    await page.waitForURL('**/habbyauth/company?id=*');
    await page.getByLabel('Name').fill(`${company} renamed`);
    await submit('sso-company-form');
    await see(page, /previewing as a role/);
    const after = await call<{ list: { name: string }[] }>(
      'GET',
      `/api/v1/sso/companies?name=${encodeURIComponent(company)}`,
      token,
    );
    expect(after.data.list.map((c) => c.name)).toEqual([company]);

    // Leaving the preview brings the admin's console back.
    await page.getByTestId('preview-banner').getByRole('button', { name: 'Leave the preview' }).click();
    await page.getByTestId('preview-banner').waitFor({ state: 'detached' });
    await page.reload();
    expect(await menuTexts(page)).toContain('System log');
  });

  it('view as a console role from the roles screen', async () => {
    await page.goto('/system/role-manage');
    await page.locator('tr', { hasText: 'Customer service' }).first().getByTestId('row-action-viewAs').click();
    await page.getByTestId('preview-banner').waitFor();
    await page.waitForURL('**/dashboard/console');
    await page.reload();
    await page.getByTestId('preview-banner').waitFor();
    const menu = await menuTexts(page);
    expect(menu).not.toContain('Roles');
    await page.getByTestId('preview-banner').getByRole('button', { name: 'Leave the preview' }).click();
    await page.getByTestId('preview-banner').waitFor({ state: 'detached' });
  });
});
