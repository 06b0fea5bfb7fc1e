import { namedRoles, opsRoles } from '../../access.js';
import { zhEn } from '../../bilingual.js';
import { defineRoutes, under } from '../../routes/types.js';

// Staff and system: staff users, roles, registration approval, the system log, the own password.
export const systemRoutes = defineRoutes([
  {
    path: '/system',
    name: 'system',
    title: zhEn('系统', 'System'),
    icon: 'SafetyOutlined',
    redirect: '/system/userlist',
    auth: ['admin', 'operation', 'developer', 'tester', 'sysLogQuery', 'jobQuery'],
    children: [
      {
        path: 'userlist',
        name: 'systemUserList',
        title: zhEn('用户管理', 'Staff users'),
        auth: ['admin'],
        built: true,
      },
      {
        path: 'useredit',
        name: 'systemUserEdit',
        title: zhEn('编辑用户', 'Edit staff user'),
        newTitle: zhEn('新建用户', 'New staff user'),
        ...under('systemUserList'),
        auth: ['admin'],
        built: true,
      },
      { path: 'role-manage', name: 'systemRoleManage', title: zhEn('角色管理', 'Roles'), auth: ['admin'], built: true },
      {
        path: 'role-edit',
        name: 'systemRoleEdit',
        title: zhEn('编辑角色', 'Edit role'),
        newTitle: zhEn('新建角色', 'New role'),
        ...under('systemRoleManage'),
        auth: ['admin'],
        built: true,
      },
      {
        path: 'allow',
        name: 'systemAllow',
        title: zhEn('注册审批', 'Registration approval'),
        auth: [...opsRoles],
        built: true,
      },
      { path: 'log', name: 'systemLog', title: zhEn('系统日志', 'System log'), auth: ['sysLogQuery'], built: true },
      { path: 'jobs', name: 'systemJobs', title: zhEn('后台任务', 'Jobs'), auth: ['jobQuery'], built: true },
    ],
  },
]);

export const passwordRoutes = defineRoutes([
  {
    path: '/password/modify',
    name: 'passwordModify',
    title: zhEn('修改密码', 'Change password'),
    icon: 'KeyOutlined',
    auth: [...namedRoles],
    hideInMenu: true,
    built: true,
  },
]);
