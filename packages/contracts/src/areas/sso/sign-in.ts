import { z } from 'zod';
import type { AreaAudit } from '../../audit-kit.js';
import { type Label, zhEn } from '../../bilingual.js';
import { endpoint, endpointTable } from '../../endpoint.js';

/**
 * Sign-in through the organisation's OpenID provider (issue 46, item 1): the login page asks
 * whether it is configured, starts the authorization (code + PKCE, state, nonce kept on the
 * server), and the `/callback/login` page hands the provider's answer back to finish it.
 */
export const ssoSignInEndpoints = endpointTable({
  getSsoSignIn: endpoint({
    method: 'GET',
    path: '/api/v1/sso/sign-in',
    summary: 'Whether sign-in through the OpenID provider is offered, and its name',
    permission: 'public',
    response: z.object({ enabled: z.boolean(), provider: z.string().nullable() }),
  }),
  startSsoSignIn: endpoint({
    method: 'POST',
    path: '/api/v1/sso/authorize',
    summary: 'Start signing in at the OpenID provider: the address to send the browser to',
    permission: 'public',
    body: z.object({
      /** The console page to open after signing in (a path inside the console). */
      redirect: z.string().max(2000).optional(),
    }),
    auditTarget: 'ssoSignIn',
    response: z.object({ url: z.string() }),
  }),
  completeSsoSignIn: endpoint({
    method: 'POST',
    path: '/api/v1/sso/callback',
    summary: "Finish signing in with the provider's answer (the callback page's query)",
    permission: 'public',
    body: z.object({ query: z.string().max(8000) }),
    auditTarget: ['staff', 'ssoSignIn'],
    audit: 'ssoLogin',
    response: z.object({
      token: z.string(),
      user: z.object({ userId: z.number().int(), access: z.array(z.string()) }),
      /** The console page to open (the original target), or null for the home page. */
      redirect: z.string().nullable(),
    }),
  }),
  ssoLogout: endpoint({
    method: 'POST',
    path: '/api/v1/sso/logout',
    summary: "End this session, and where the provider's own session can be ended",
    permission: 'pending',
    body: z.object({ postLogoutUrl: z.url().max(2000).optional() }),
    auditTarget: 'staff',
    audit: 'logout',
    response: z.object({ endSessionUrl: z.string().nullable() }),
  }),
});

/** What the sign-in through the provider answers when it refuses. */
export const ssoSignInMessages = {
  'sso.notConfigured': zhEn('未配置单点登录', 'Single sign-on is not configured'),
  'sso.stateInvalid': zhEn(
    '单点登录请求无效或已使用，请重新登录',
    'This sign-in request is unknown, expired or already used; sign in again',
  ),
  'sso.providerError': zhEn(
    '身份提供方拒绝了登录，请重新登录',
    'The identity provider refused the sign-in; sign in again',
  ),
  'sso.codeRejected': zhEn(
    '身份提供方不接受此登录（授权码无效或已使用），请重新登录',
    'The identity provider did not accept this sign-in (the code is invalid or used); sign in again',
  ),
  'sso.tokenInvalid': zhEn(
    '身份提供方返回的身份令牌无效或已过期',
    'The identity token from the provider is invalid or expired',
  ),
  'sso.providerUnavailable': zhEn(
    '暂时无法连接身份提供方，请稍后再试',
    'The identity provider cannot be reached right now; try again later',
  ),
  'sso.emailUnverified': zhEn('身份提供方未提供已验证的邮箱', 'The identity provider gave no verified email address'),
  'sso.domainNotAllowed': zhEn(
    '该邮箱的域名不允许登录控制台',
    "This email address's domain may not sign in to the console",
  ),
  'sso.unknownAccount': zhEn(
    '没有与该邮箱对应的控制台账号，请联系管理员',
    'No console account has this email address; ask an administrator',
  ),
  'sso.passwordOff': zhEn('该账号请使用单点登录', 'This account signs in with single sign-on'),
} as const satisfies Record<string, Label>;

export const ssoJobs = {
  'sso.prune': zhEn('清理过期的单点登录请求', 'Prune expired single sign-on requests'),
} as const satisfies Record<string, Label>;

/** The sign-in's audit vocabulary (the staff area's `staffUser` and `logout` are reused). */
export const ssoSignInAudit = {
  objects: {
    ssoSignIn: { label: zhEn('单点登录请求', 'a single sign-on request') },
  },
  actions: {
    startSsoSignIn: {
      label: zhEn('发起单点登录', 'Start single sign-on'),
      sentence: zhEn('发起了{ssoSignIn}', 'started {ssoSignIn}'),
      target: 'ssoSignIn',
    },
    ssoLogin: {
      label: zhEn('单点登录', 'Single sign-on'),
      sentence: zhEn('通过单点登录登录了控制台', 'signed in to the console with single sign-on'),
      target: 'staffUser',
    },
  },
} satisfies AreaAudit;
