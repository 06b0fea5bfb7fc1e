import { describe, expect, it } from 'vitest';
import { adminToken, apiSignIn, call, createStaffUser, see, unique, useAdminPage } from './helpers';

const adminPage = useAdminPage();

const row = (text: string) => adminPage().locator('.ant-table-row', { hasText: text });
/** OK on the confirmation that asks `question` (not on one still fading out). */
const confirmOk = (question: string) =>
  adminPage()
    .locator('.ant-modal-confirm', { hasText: question })
    .locator('.ant-modal-confirm-btns .ant-btn-primary')
    .click();

async function search(label: string, text: string) {
  await adminPage().getByTestId('search-form').getByLabel(label).fill(text);
  await adminPage().getByTestId('search-form').locator('button[type=submit]').click();
}

async function checkPermission(title: string) {
  await adminPage()
    .locator('.ant-tree-treenode', { hasText: new RegExp(`^${title}$`) })
    .locator('.ant-tree-checkbox')
    .click();
}

async function roleByName(name: string) {
  const res = await call<{ datas: { id: number; roleName: string; content: string[] }[] }>(
    'GET',
    `/api/v1/role?roleName=${encodeURIComponent(name)}`,
    await adminToken(),
  );
  return res.data.datas.find((r) => r.roleName === name);
}

describe('roles through the screens', () => {
  it('creates, searches, edits, copies and deletes a role', async () => {
    const name = unique('role');
    await adminPage().goto('/system/role-manage');
    await adminPage().getByTestId('create-role').click();
    await adminPage().waitForURL('**/system/role-edit');

    // Client-side rule from the endpoint schema.
    await adminPage().locator('[data-testid=role-form] button[type=submit]').click();
    await see(adminPage(), '请输入角色名');

    await adminPage().getByLabel('角色名').fill(name);
    await checkPermission('查询玩家');
    await checkPermission('系统日志');
    await adminPage().locator('[data-testid=role-form] button[type=submit]').click();
    await adminPage().waitForURL('**/system/role-manage');
    expect((await roleByName(name))?.content.sort()).toEqual(['sysLogQuery', 'userQuery']);

    // Search text is trimmed before it is sent.
    await search('角色名', `  ${name}  `);
    await expect.poll(() => adminPage().locator('.ant-table-row').count()).toBe(1);
    await row(name).waitFor();

    // A duplicate name comes back from the server onto the field.
    await adminPage().getByTestId('create-role').click();
    await adminPage().getByTestId('role-form').waitFor();
    await adminPage().getByTestId('role-form').getByLabel('角色名').fill(name);
    await adminPage().locator('[data-testid=role-form] button[type=submit]').click();
    await see(adminPage(), '角色名已存在');
    await adminPage().goto('/system/role-manage');

    await search('角色名', name);
    await row(name).getByTestId('row-action-edit').click();
    await adminPage().waitForURL('**/system/role-edit?id=*');
    await checkPermission('系统日志');
    await adminPage().locator('[data-testid=role-form] button[type=submit]').click();
    await adminPage().waitForURL('**/system/role-manage');
    expect((await roleByName(name))?.content).toEqual(['userQuery']);

    const copy = `${name}c`;
    await search('角色名', name);
    await row(name).first().getByTestId('row-action-copy').click();
    await adminPage().getByTestId('copy-role-form').getByLabel('新角色名').fill(copy);
    await adminPage().locator('.ant-modal-footer .ant-btn-primary').click();
    await expect.poll(async () => (await roleByName(copy))?.content).toEqual(['userQuery']);

    await search('角色名', copy);
    await row(copy).getByTestId('row-action-delete').click();
    // The confirmation names the role and who holds it; its button names the deletion.
    await see(adminPage(), '持有该角色的员工');
    await confirmOk(`删除角色“${copy}”？`);
    await expect.poll(async () => roleByName(copy)).toBeUndefined();
    await expect.poll(() => row(copy).count()).toBe(0);
  });

  it('offers no delete for built-in roles', async () => {
    await adminPage().goto('/system/role-manage');
    await search('角色名', 'tester');
    // Built-in roles show their label.
    await row('测试').first().waitFor();
    expect(await row('测试').first().getByTestId('row-action-delete').count()).toBe(0);
  });
});

describe('staff users through the screens', () => {
  it('creates, finds, edits, disables and resets the password of a user', async () => {
    const username = unique('staff');
    const email = `${username}@example.com`;
    await adminPage().goto('/system/userlist');
    await adminPage().getByTestId('create-user').click();
    await adminPage().waitForURL('**/system/useredit');

    const form = adminPage().getByTestId('staff-user-form');
    await form.getByLabel('用户名').fill(username);
    await form.getByLabel('密码').fill('short');
    await form.getByLabel('邮箱').fill(email);
    await form.getByLabel('手机号').fill('123');
    await form.locator('button[type=submit]').click();
    await see(adminPage(), '手机号格式不正确');
    await see(adminPage(), '密码至少 12 位');
    await see(adminPage(), '请选择角色');

    await form.getByLabel('密码').fill('Created-pass-1');
    await form.getByLabel('手机号').fill('13700137000');
    await form.locator('.ant-select').click();
    await adminPage()
      .locator('.ant-select-item-option', { hasText: /^测试$/ })
      .click();
    await form.locator('button[type=submit]').click();
    await adminPage().waitForURL('**/system/userlist');

    await search('邮箱', ` ${email} `);
    await expect.poll(() => adminPage().locator('.ant-table-row').count()).toBe(1);
    expect(await row(username).innerText()).toContain('测试');
    expect(await apiSignIn(username, 'Created-pass-1')).toBeTruthy();

    // Edit: the role changes, the password field is not offered.
    await row(username).getByTestId('row-action-edit').click();
    await adminPage().waitForURL('**/system/useredit?id=*');
    expect(await form.getByLabel('密码').count()).toBe(0);
    await expect.poll(() => form.getByLabel('用户名').inputValue()).toBe(username);
    await form.locator('.ant-select').click();
    await adminPage()
      .locator('.ant-select-item-option', { hasText: /^运营$/ })
      .click();
    await form.getByLabel('姓名').fill('Renamed Person');
    await form.locator('button[type=submit]').click();
    await adminPage().waitForURL('**/system/userlist');
    await search('邮箱', email);
    await expect.poll(() => row(username).innerText()).toContain('Renamed Person');
    expect(await row(username).innerText()).toContain('运营');

    // Reset password: shown once, and it works for sign-in.
    await row(username).getByTestId('row-action-resetPassword').click();
    await confirmOk(`确定为“${username}”重置密码吗？`);
    const shown = adminPage().getByTestId('new-password');
    await shown.waitFor();
    const newPassword = await shown.inputValue();
    expect(newPassword).toMatch(/^[A-Za-z2-9]{16}$/);
    expect(await apiSignIn(username, newPassword)).toBeTruthy();
    await adminPage().getByRole('button', { name: '知道了' }).click();

    // Disable: the account can no longer sign in.
    await row(username).getByTestId('row-action-disable').click();
    await confirmOk('停用 1 个员工账号？');
    await row(username).getByTestId('row-action-enable').waitFor();
    await expect(apiSignIn(username, newPassword)).rejects.toThrow();
  });

  it('disables a batch of users after a confirmation, and needs at least one selected', async () => {
    const batch = unique('batch');
    const [a, b] = [await createStaffUser('tester', `${batch}a`), await createStaffUser('tester', `${batch}b`)];
    await adminPage().goto('/system/userlist');
    await adminPage().getByRole('button', { name: '批量停用' }).click();
    await see(adminPage(), '请至少选择一项');

    await search('邮箱', batch);
    await expect.poll(() => adminPage().locator('.ant-table-row').count()).toBe(2);
    for (const user of [a, b]) await row(user.username).locator('.ant-checkbox-input').check();
    await see(adminPage(), '已选 2 项');
    await adminPage().getByRole('button', { name: '批量停用' }).click();
    const question = adminPage().locator('.ant-modal-confirm', { hasText: '停用 2 个员工账号？' });
    for (const user of [a, b]) expect(await question.innerText()).toContain(user.username);
    expect(await question.locator('.ant-modal-confirm-btns .ant-btn-primary').innerText()).toBe('停用 2 个账号');
    await confirmOk('停用 2 个员工账号？');
    for (const user of [a, b]) await row(user.username).getByTestId('row-action-enable').waitFor();
    await expect(apiSignIn(a.username, a.password)).rejects.toThrow();
    await expect(apiSignIn(b.username, b.password)).rejects.toThrow();
  });
});
