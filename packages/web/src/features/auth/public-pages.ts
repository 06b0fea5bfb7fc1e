/**
 * The auth area's pages shown before signing in. Apart from `area.ts`: these are in the login
 * page's first load (`app/public-pages.ts`), the area's icon and other pages are not.
 */
export const authPublicPages = {
  login: () => import('./LoginPage'),
  register: () => import('./RegisterPage'),
  registerResult: () => import('./RegisterResultPage'),
  ssoCallback: () => import('./SsoCallbackPage'),
};
