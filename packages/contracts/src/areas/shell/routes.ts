import { zhEn } from '../../bilingual.js';
import { defineRoutes } from '../../routes/types.js';

/** Helper and error pages of the console frame. */
export const shellRoutes = defineRoutes([
  { path: '/refresh', name: 'refresh', title: zhEn('刷新', 'Refresh'), hideInMenu: true, hideInTab: true, built: true },
  {
    path: '/redirect/:route*',
    name: 'redirect',
    title: zhEn('跳转', 'Redirect'),
    hideInMenu: true,
    hideInTab: true,
    built: true,
  },
  {
    path: '/403',
    name: 'forbidden',
    title: zhEn('无权访问', 'No access'),
    public: true,
    hideInMenu: true,
    hideInTab: true,
    built: true,
  },
  {
    path: '/500',
    name: 'serverError',
    title: zhEn('服务器错误', 'Server error'),
    public: true,
    hideInMenu: true,
    hideInTab: true,
    built: true,
  },
  {
    path: '/404',
    name: 'notFound',
    title: zhEn('页面不存在', 'Page not found'),
    public: true,
    hideInMenu: true,
    hideInTab: true,
    built: true,
  },
]);
