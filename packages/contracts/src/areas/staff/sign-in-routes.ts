import { zhEn } from '../../bilingual.js';
import { defineRoutes } from '../../routes/types.js';

/** Sign-in, registration and the SSO callback: the pages outside the console frame. */
export const signInRoutes = defineRoutes([
  {
    path: '/login',
    name: 'login',
    title: zhEn('登录', 'Sign in'),
    public: true,
    hideInMenu: true,
    hideInTab: true,
    built: true,
  },
  {
    path: '/register',
    name: 'register',
    title: zhEn('注册', 'Register'),
    public: true,
    hideInMenu: true,
    hideInTab: true,
    built: true,
  },
  {
    path: '/callback/login',
    name: 'ssoCallback',
    title: zhEn('单点登录回调', 'Single sign-on callback'),
    public: true,
    hideInMenu: true,
    hideInTab: true,
    built: true,
  },
  {
    path: '/register/result',
    name: 'registerResult',
    title: zhEn('注册结果', 'Registration'),
    auth: true,
    hideInMenu: true,
    hideInTab: true,
    built: true,
  },
]);
