import { defineRoutes } from './types.js';

/** Sign-in, registration and the SSO callback: the pages outside the console frame. */
export const signInRoutes = defineRoutes([
  { path: '/login', name: 'login', public: true, hideInMenu: true, hideInTab: true, built: true },
  { path: '/register', name: 'register', public: true, hideInMenu: true, hideInTab: true, built: true },
  { path: '/callback/login', name: 'ssoCallback', public: true, hideInMenu: true, hideInTab: true },
  { path: '/register/result', name: 'registerResult', auth: true, hideInMenu: true, hideInTab: true, built: true },
]);
