import { mailEndpoints, staffEndpoints } from '@rookery/contracts';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { endpointKey, endpointQuery, invalidateAfter } from './endpoint-query';

describe('endpoint queries', () => {
  it('key a read by the endpoint name and its input', () => {
    expect(endpointKey(staffEndpoints.getRole, { params: { id: 3 } })).toEqual(['getRole', { params: { id: 3 } }]);
    expect(endpointQuery(staffEndpoints.getPermissionTree).queryKey).toEqual(['getPermissionTree', {}]);
    expect(endpointKey(staffEndpoints.listRoles)).toEqual(['listRoles']);
  });

  it('a mutation invalidates what its endpoint declares, every input of it, and nothing else', async () => {
    const client = new QueryClient();
    const keys = {
      roles: endpointKey(staffEndpoints.listRoles, { query: { pageNum: 2 } }),
      choices: endpointKey(staffEndpoints.listRoles, { query: { pageNum: 1, pageSize: 1000 } }),
      role: endpointKey(staffEndpoints.getRole, { params: { id: 3 } }),
      mails: endpointKey(mailEndpoints.listMails, { query: { mailScope: 'global' } }),
    };
    for (const key of Object.values(keys)) client.setQueryData(key, { loaded: true });
    await invalidateAfter(client, staffEndpoints.updateRole);
    const stale = Object.fromEntries(
      Object.entries(keys).map(([name, key]) => [name, client.getQueryState(key)?.isInvalidated]),
    );
    expect(stale).toEqual({ roles: true, choices: true, role: true, mails: false });
  });
});
