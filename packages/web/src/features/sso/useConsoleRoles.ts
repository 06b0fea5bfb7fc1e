import { staffEndpoints } from '@rookery/contracts';
import { useMayCall } from '../../access/useCan';
import { useEndpointQuery } from '../../api/endpoint-query';

/** Console roles to choose from, when the user may read them (else only "none"). */
export function useRoleNamesForSso(): string[] {
  const mayCall = useMayCall();
  const allowed = mayCall(staffEndpoints.listRoles);
  const roles = useEndpointQuery(
    staffEndpoints.listRoles,
    { query: { pageNum: 1, pageSize: 1000 } },
    { enabled: allowed },
  );
  return roles.data?.datas.map((r) => r.roleName) ?? [];
}
