import { ssoEndpoints } from '@rookery/contracts';
import { useEndpointQuery } from '../../api/endpoint-query';

/** Companies to choose from (a studio has a handful; the list's largest page). */
export function useCompanyOptions() {
  const companies = useEndpointQuery(ssoEndpoints.listSsoCompanies, { query: { page: 1, pageSize: 1000 } });
  return (companies.data?.list ?? []).map((c) => ({ value: c.id, label: c.name }));
}

/** One company's SSO roles to choose from. */
export function useRoleOptions(companyId: number | undefined) {
  const roles = useEndpointQuery(
    ssoEndpoints.listSsoRoles,
    companyId ? { query: { page: 1, pageSize: 1000, companyId } } : undefined,
    { enabled: Boolean(companyId) },
  );
  return (roles.data?.list ?? []).map((r) => ({ value: r.id, label: r.name }));
}
