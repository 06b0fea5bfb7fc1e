import { staffEndpoints } from '@rookery/contracts';
import { useEndpointQuery } from '../../../api/endpoint-query';

/** Spec §7: `GET /role` also fills role choices. */
export const roleChoicesPageSize = 1000;

export function useRoleNames(): string[] {
  const roles = useEndpointQuery(staffEndpoints.listRoles, { query: { pageNum: 1, pageSize: roleChoicesPageSize } });
  return roles.data?.datas.map((r) => r.roleName) ?? [];
}
