import { SafetyOutlined } from '@ant-design/icons';
import type { WebArea } from '../shared/area';

/** The staff area: its pages by route name, its menu icons. Listed once in `app/areas.ts`. */
export const staffArea = {
  name: 'staff',
  pages: {
    systemUserList: () => import('./users/StaffUserListPage'),
    systemUserEdit: () => import('./users/StaffUserEditPage'),
    systemRoleManage: () => import('./roles/RoleListPage'),
    systemRoleEdit: () => import('./roles/RoleEditPage'),
    systemAllow: () => import('./registrations/RegistrationApprovalPage'),
    systemLog: () => import('./system-log/SystemLogPage'),
  },
  icons: { SafetyOutlined },
} satisfies WebArea;
