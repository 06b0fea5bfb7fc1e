import { namedRoles, opsRoles } from '../access.js';
import { defineRoutes, under } from './types.js';

// Staff and system: staff users, roles, registration approval, the system log, the own password.
export const systemRoutes = defineRoutes([
  {
    path: '/system',
    name: 'system',
    icon: 'SafetyOutlined',
    redirect: '/system/userlist',
    auth: ['admin', 'operation', 'developer', 'tester', 'sysLogQuery', 'jobQuery'],
    children: [
      { path: 'userlist', name: 'systemUserList', auth: ['admin'], built: true },
      { path: 'useredit', name: 'systemUserEdit', ...under('systemUserList'), auth: ['admin'], built: true },
      { path: 'role-manage', name: 'systemRoleManage', auth: ['admin'], built: true },
      { path: 'role-edit', name: 'systemRoleEdit', ...under('systemRoleManage'), auth: ['admin'], built: true },
      { path: 'allow', name: 'systemAllow', auth: [...opsRoles], built: true },
      { path: 'log', name: 'systemLog', auth: ['sysLogQuery'], built: true },
      { path: 'jobs', name: 'systemJobs', auth: ['jobQuery'], built: true },
    ],
  },
]);

export const passwordRoutes = defineRoutes([
  {
    path: '/password/modify',
    name: 'passwordModify',
    icon: 'KeyOutlined',
    auth: [...namedRoles],
    hideInMenu: true,
    built: true,
  },
]);
