import { z } from 'zod';
import type { AreaAudit } from '../../audit-kit.js';
import { type Label, zhEn } from '../../bilingual.js';
import { endpoint, endpointTable } from '../../endpoint.js';
import { idParams } from '../../fields.js';

/** A code from the authenticator app (6 digits) or a recovery code. */
export const secondFactorCode = z
  .string({ error: 'v.totpCode' })
  .trim()
  .min(6, { error: 'v.totpCode' })
  .max(32, { error: 'v.totpCode' });

/**
 * Two-factor sign-in for password accounts (issue 46, item 4): TOTP (RFC 6238) with single-use
 * recovery codes, required for the roles an administrator marks and checked by the server at
 * sign-in (the login call's `code`).
 */
export const twoFactorEndpoints = endpointTable({
  getMyTwoFactor: endpoint({
    method: 'GET',
    path: '/api/v1/account/two-factor',
    summary: 'My second factor: on or off, whether my role requires it, recovery codes left',
    permission: true,
    response: z.object({ enabled: z.boolean(), required: z.boolean(), recoveryCodesLeft: z.number().int() }),
  }),
  startMyTwoFactor: endpoint({
    method: 'POST',
    path: '/api/v1/account/two-factor',
    summary: 'Start setting up my authenticator: its key, shown once (also as an otpauth address for the QR code)',
    permission: true,
    auditTarget: 'staff',
    invalidates: ['getMyTwoFactor'],
    response: z.object({ secret: z.string(), otpauthUrl: z.string() }),
  }),
  confirmMyTwoFactor: endpoint({
    method: 'POST',
    path: '/api/v1/account/two-factor/confirm',
    summary: 'Turn my second factor on with a code from the authenticator; answers the recovery codes, shown once',
    permission: true,
    body: z.object({ code: secondFactorCode }),
    auditTarget: 'staff',
    invalidates: ['getMyTwoFactor'],
    response: z.object({ recoveryCodes: z.array(z.string()) }),
  }),
  resetStaffTwoFactor: endpoint({
    method: 'DELETE',
    path: '/api/v1/user/:id/two-factor',
    summary:
      "Reset a staff user's second factor (they set it up again at their next sign-in if their role requires it)",
    permission: ['sysUserManage'],
    params: idParams,
    auditTarget: 'staff',
    response: z.object({ ok: z.literal(true) }),
  }),
  getTwoFactorRoles: endpoint({
    method: 'GET',
    path: '/api/v1/two-factor/roles',
    summary: 'The roles whose users must sign in with a second factor',
    permission: ['sysRoleManage'],
    response: z.object({ roles: z.array(z.string()) }),
  }),
  setTwoFactorRoles: endpoint({
    method: 'PUT',
    path: '/api/v1/two-factor/roles',
    summary: 'Mark the roles whose users must sign in with a second factor',
    permission: ['sysRoleManage'],
    body: z.object({ roles: z.array(z.string().trim().min(1).max(64)).max(200) }),
    auditTarget: 'twoFactorRoles',
    invalidates: ['getTwoFactorRoles'],
    response: z.object({ roles: z.array(z.string()) }),
  }),
});

export const twoFactorMessages = {
  'v.totpCode': zhEn('请输入 6 位验证码或恢复码', 'Enter the 6-digit code or a recovery code'),
  'totp.required': zhEn('请输入身份验证器中的 6 位验证码', 'Enter the 6-digit code from your authenticator app'),
  'totp.enrolRequired': zhEn(
    '你的角色要求两步验证：请用身份验证器扫描二维码，然后输入验证码',
    'Your role requires two-step sign-in: scan the QR code with an authenticator app, then enter its code',
  ),
  'totp.invalid': zhEn('验证码或恢复码错误', 'The code or recovery code is wrong'),
  'totp.reused': zhEn('该验证码已使用，请等待下一个验证码', 'This code was already used; wait for the next one'),
  'totp.alreadyOn': zhEn('两步验证已开启', 'Two-step sign-in is already on'),
  'totp.notStarted': zhEn('请先开始设置两步验证', 'Start setting up two-step sign-in first'),
  'totp.unknownRole': zhEn('角色不存在', 'Role not found'),
} as const satisfies Record<string, Label>;

export const twoFactorAudit = {
  objects: {
    twoFactorRoles: { label: zhEn('需要两步验证的角色', 'the roles requiring two-step sign-in') },
  },
  actions: {
    startMyTwoFactor: {
      label: zhEn('开始设置两步验证', 'Start two-step setup'),
      sentence: zhEn('开始设置两步验证', 'started setting up two-step sign-in'),
      target: 'staffUser',
    },
    confirmMyTwoFactor: {
      label: zhEn('开启两步验证', 'Turn on two-step sign-in'),
      sentence: zhEn('开启了两步验证', 'turned on two-step sign-in'),
      target: 'staffUser',
    },
    resetStaffTwoFactor: {
      label: zhEn('重置两步验证', 'Reset two-step sign-in'),
      sentence: zhEn('重置了{staffUser}的两步验证', 'reset the two-step sign-in of {staffUser}'),
      target: 'staffUser',
    },
    setTwoFactorRoles: {
      label: zhEn('设置需要两步验证的角色', 'Set roles requiring two-step sign-in'),
      sentence: zhEn('修改了{twoFactorRoles}', 'changed {twoFactorRoles}'),
      target: 'twoFactorRoles',
    },
  },
} satisfies AreaAudit;
