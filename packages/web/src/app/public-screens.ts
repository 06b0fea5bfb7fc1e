import type { ComponentType } from 'react';

export type ScreenModule = { default: ComponentType };

/**
 * The screens of pages shown before signing in (and the error pages), known to the first load.
 * Every other screen is in `screens.ts`, which loads with the first console page: its map of
 * lazy imports grows with every area and stays out of the login page's budget.
 */
export const publicScreens: Record<string, () => Promise<ScreenModule>> = {
  login: () => import('../features/auth/LoginPage'),
  register: () => import('../features/auth/RegisterPage'),
  registerResult: () => import('../features/auth/RegisterResultPage'),
  forbidden: () => import('../shell/errors/ForbiddenPage'),
  serverError: () => import('../shell/errors/ServerErrorPage'),
  notFound: () => import('../shell/errors/NotFoundPage'),
};
