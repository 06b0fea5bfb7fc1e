import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Screens reach data only through the endpoint table (`useEndpointQuery`, `useEndpointMutation`,
 * `useEndpointFetch`, `ListPage`, `RecordPage`, `EditPage`): their cache keys come from endpoint
 * names and inputs, and a mutation reloads what its endpoint declares in `invalidates`.
 */
const rules: { rule: string; pattern: RegExp; allow?: (file: string, line: string) => boolean }[] = [
  { rule: 'a query key written by hand', pattern: /\bqueryKey\s*[:=]|\bqueryKey=\{?/ },
  {
    rule: 'the query cache changed by hand (declare `invalidates` on the endpoint)',
    pattern: /\b(invalidateQueries|refetchQueries|resetQueries|removeQueries|setQueryData|useQueryClient)\b/,
    // A new identity (registration's pending session) drops the whole cache, nothing in particular.
    allow: (file, line) => file.startsWith('auth/') && /\.removeQueries\(\)/.test(line),
  },
  { rule: 'TanStack Query used directly', pattern: /from ['"]@tanstack\/react-query['"]/ },
  {
    // Sign-in and registration call the API before the console loads (the login page budget).
    rule: 'the raw API client (a mutation through it invalidates nothing)',
    pattern: /from ['"][./]*api\/request['"]/,
    allow: (file) => file.startsWith('auth/'),
  },
];

function violations(file: string, source: string): string[] {
  const found: string[] = [];
  source.split('\n').forEach((line, i) => {
    for (const { rule, pattern, allow } of rules)
      if (pattern.test(line) && !allow?.(file, line)) found.push(`${file}:${i + 1}: ${rule}`);
  });
  return found;
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('feature data access', () => {
  it('no screen writes a query key, touches the cache or calls the raw client', () => {
    const root = import.meta.dirname;
    const files = sources(root);
    expect(files.length).toBeGreaterThan(20);
    const found = files.flatMap((path) => violations(relative(root, path), readFileSync(path, 'utf8')));
    expect(found).toEqual([]);
  });

  it('the check catches each way round it', () => {
    const sample = [
      "import { useQuery, useQueryClient } from '@tanstack/react-query';",
      "import { api } from '../../api/request';",
      "const q = useQuery({ queryKey: ['roles'], queryFn: () => api(staffEndpoints.listRoles) });",
      "await queryClient.invalidateQueries({ queryKey: ['roles'] });",
      '<ListPage queryKey="roles" />',
    ].join('\n');
    expect(violations('staff/RoleListPage.tsx', sample).map((v) => v.split(': ')[0])).toEqual([
      'staff/RoleListPage.tsx:1',
      'staff/RoleListPage.tsx:1',
      'staff/RoleListPage.tsx:2',
      'staff/RoleListPage.tsx:3',
      'staff/RoleListPage.tsx:4',
      'staff/RoleListPage.tsx:4',
      'staff/RoleListPage.tsx:5',
    ]);
    // Sign-in screens may call the client itself.
    expect(violations('auth/LoginPage.tsx', "import { api } from '../../api/request';")).toEqual([]);
    expect(violations('auth/RegisterPage.tsx', 'queryClient.removeQueries();')).toEqual([]);
    expect(violations('auth/RegisterPage.tsx', "queryClient.removeQueries({ queryKey: ['x'] });")).toHaveLength(2);
  });
});
