import { staffEndpoints } from '@rookery/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/request';

/** Spec §7: `GET /role` also fills role choices. */
export const roleChoicesPageSize = 1000;

export function useRoleNames(): string[] {
  const roles = useQuery({
    queryKey: ['roles', 'choices'],
    queryFn: () => api(staffEndpoints.listRoles, { query: { pageNum: 1, pageSize: roleChoicesPageSize } }),
  });
  return roles.data?.datas.map((r) => r.roleName) ?? [];
}
