import { zhEn } from '../../bilingual.js';
import { defineRoutes, ops } from '../../routes/types.js';

// Game servers (not built yet).
export const serverRoutes = defineRoutes([
  {
    path: '/game-server',
    name: 'gameServer',
    title: zhEn('游戏服务器', 'Game servers'),
    icon: 'CloudServerOutlined',
    redirect: '/game-server/list',
    auth: ops('serverInfoQuery'),
    children: [{ path: 'list', name: 'gameServerList', title: zhEn('服务器列表', 'Server list') }],
  },
]);
