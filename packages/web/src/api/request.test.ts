import { staffEndpoints } from '@rookery/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorLog } from '../ui/error-log';
import { api, configureApi, type HttpFailure } from './request';

type Call = { url: string; init: RequestInit };
let calls: Call[];
let onUnauthorized: ReturnType<typeof vi.fn<() => void>>;
let onHttpFailure: ReturnType<typeof vi.fn<(failure: HttpFailure) => void>>;
let cookieWrites: string[];

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
}

beforeEach(() => {
  calls = [];
  onUnauthorized = vi.fn<() => void>();
  onHttpFailure = vi.fn<(failure: HttpFailure) => void>();
  // js-cookie reads and writes document.cookie; a plain object stands in for it.
  cookieWrites = [];
  vi.stubGlobal('document', {
    get cookie() {
      return 'admin-token=tok123; uuid=7; role=miniRole';
    },
    set cookie(value: string) {
      cookieWrites.push(value);
    },
  });
  configureApi({ locale: () => 'en-US', onUnauthorized, onHttpFailure });
  errorLog.getState().clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api', () => {
  it('fills path params and the query, and sends the token and the language', async () => {
    answer(200, { code: 200, data: { ok: true }, msg: 'ok' });
    await api(staffEndpoints.deleteRole, { params: { id: 12 } });
    await api(staffEndpoints.listRoles, { query: { pageNum: 2, pageSize: 10, roleName: '' } });
    expect(calls.map((c) => `${c.init.method} ${c.url}`)).toEqual([
      'DELETE /api/v1/role/12',
      'GET /api/v1/role?pageNum=2&pageSize=10',
    ]);
    const headers = calls[0].init.headers as Record<string, string>;
    expect(headers.Authorization).toBe('tok123');
    expect(headers['Accept-Language']).toBe('en-US');
  });

  it('returns data on code 200 and sends the body as JSON', async () => {
    answer(200, { code: 200, data: { id: 1, roleName: 'x' }, msg: 'ok' });
    const role = await api(staffEndpoints.createRole, { body: { roleName: 'x', content: [] } });
    expect(role).toEqual({ id: 1, roleName: 'x' });
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ roleName: 'x', content: [] });
  });

  it('rejects with the whole body on another code, logs it and shows the catalogue notice', async () => {
    const body = { code: 409, msg: 'The data changed meanwhile; reload and try again' };
    answer(409, body);
    await expect(api(staffEndpoints.createRole, { body: { roleName: 'x', content: [] } })).rejects.toEqual(body);
    expect(onHttpFailure).toHaveBeenCalledWith({
      status: 409,
      title: 'The data changed meanwhile; reload and try again',
      detail: 'The data changed meanwhile; reload and try again',
    });
    expect(errorLog.getState().entries[0]).toMatchObject({
      kind: 'request',
      message: 'POST /api/v1/role 409: The data changed meanwhile; reload and try again',
    });
  });

  it('a conflict on a field (a name taken) is left to the form: no "data changed" notice', async () => {
    const body = { code: 409, msg: 'This role name is taken', errors: [{ field: 'roleName', message: 'taken' }] };
    answer(409, body);
    await expect(api(staffEndpoints.createRole, { body: { roleName: 'x', content: [] } })).rejects.toEqual(body);
    expect(onHttpFailure).not.toHaveBeenCalled();
    expect(errorLog.getState().entries[0]).toMatchObject({ message: 'POST /api/v1/role 409: This role name is taken' });
  });

  it('a quiet call shows no notice but still rejects and logs', async () => {
    answer(400, { code: 400, msg: 'Wrong user name or password' });
    await expect(
      api(staffEndpoints.login, { body: { username: 'a', password: 'b' } }, { quiet: true }),
    ).rejects.toMatchObject({
      code: 400,
    });
    expect(onHttpFailure).not.toHaveBeenCalled();
    expect(errorLog.getState().entries).toHaveLength(1);
  });

  it('a refusal the console expects (4xx with a message key) is said but not logged as an error (issue 41 item 8)', async () => {
    answer(400, { code: 400, msg: 'Wrong user name or password', key: 'auth.badCredentials' });
    await expect(api(staffEndpoints.login, { body: { username: 'a', password: 'b' } })).rejects.toMatchObject({
      code: 400,
    });
    expect(onHttpFailure).toHaveBeenCalledWith({
      status: 400,
      title: 'Bad request',
      detail: 'Wrong user name or password',
    });
    expect(errorLog.getState().entries).toHaveLength(0);
  });

  it('a 404 naming a missing record says the record, not the address (issue 41 item 6)', async () => {
    answer(404, { code: 404, msg: 'Player not found', key: 'player.notFound' });
    await expect(api(staffEndpoints.deleteRole, { params: { id: 12 } })).rejects.toMatchObject({ code: 404 });
    expect(onHttpFailure).toHaveBeenCalledWith({ status: 404, title: 'Player not found', detail: 'Player not found' });
    expect(errorLog.getState().entries).toHaveLength(0);
  });

  it('an address the server does not know is the request address error, with the URL, and is logged', async () => {
    const msg = 'Request address error: /api/v1/role/12';
    answer(404, { code: 404, msg, key: 'http.404', unknownAddress: true });
    await expect(api(staffEndpoints.deleteRole, { params: { id: 12 } })).rejects.toMatchObject({ code: 404 });
    expect(onHttpFailure).toHaveBeenCalledWith({ status: 404, title: msg, detail: msg });
    expect(errorLog.getState().entries[0]).toMatchObject({
      kind: 'request',
      message: `DELETE /api/v1/role/12 404: ${msg}`,
    });
  });

  it('a 401 on a session call clears the credentials and signs out', async () => {
    answer(401, { code: 401, msg: 'Unauthorized' });
    await expect(api(staffEndpoints.getSession)).rejects.toMatchObject({ code: 401 });
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(onHttpFailure).not.toHaveBeenCalled();
    // Each cookie is overwritten empty and already expired.
    expect(cookieWrites.map((w) => w.split(';')[0]).sort()).toEqual(['admin-token=', 'role=', 'uuid=']);
    for (const write of cookieWrites) expect(Date.parse(write.match(/expires=([^;]+)/)![1])).toBeLessThan(Date.now());
  });

  it('a 401 on a public call (sign-in) is an ordinary failure', async () => {
    answer(401, { code: 401, msg: 'nope' });
    await expect(api(staffEndpoints.login, { body: { username: 'a', password: 'b' } })).rejects.toMatchObject({
      code: 401,
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('returns a body without a code as it is, and turns an HTTP error without one into the catalogue text', async () => {
    answer(200, [1, 2, 3]);
    expect(await api(staffEndpoints.getPermissionTree)).toEqual([1, 2, 3]);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>bad gateway</html>', { status: 502 })),
    );
    await expect(api(staffEndpoints.getPermissionTree)).rejects.toEqual({ code: 502, msg: 'Bad gateway' });
  });
});
