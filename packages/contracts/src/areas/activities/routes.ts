import { zhEn } from '../../bilingual.js';
import { defineRoutes, ops, under } from '../../routes/types.js';

// Activities and their reward tables.
export const activityRoutes = defineRoutes([
  {
    path: '/activity',
    name: 'activity',
    title: zhEn('活动', 'Activities'),
    icon: 'FireOutlined',
    redirect: '/activity/list',
    auth: ops('iapActivityConfigQuery'),
    children: [
      { path: 'list', name: 'activityList', title: zhEn('活动列表', 'Activity list'), built: true },
      {
        path: 'edit',
        name: 'activityEdit',
        title: zhEn('编辑活动', 'Edit activity'),
        newTitle: zhEn('新建活动', 'New activity'),
        ...under('activityList'),
        auth: ops('iapActivityConfigEdit'),
        built: true,
      },
      { path: 'reward', name: 'activityReward', title: zhEn('活动奖励', 'Activity rewards'), built: true },
      {
        path: 'reward/edit',
        name: 'activityRewardEdit',
        title: zhEn('编辑活动奖励', 'Edit activity reward'),
        newTitle: zhEn('新建活动奖励', 'New activity reward'),
        ...under('activityReward'),
        auth: ops('iapActivityConfigEdit'),
        built: true,
      },
    ],
  },
]);
