import SwaggerParser from '@apidevtools/swagger-parser';
import { endpoints } from '@rookery/contracts';
import type { OpenAPIV3 } from 'openapi-types';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { registeredEndpoints } from './endpoints.js';

let ctx: TestContext;
let doc: OpenAPIV3.Document;
let operations: { id: string; method: string; path: string; op: OpenAPIV3.OperationObject }[];

beforeAll(async () => {
  ctx = await createTestContext();
  const res = await ctx.call('GET', '/api/docs/json');
  expect(res.statusCode).toBe(200);
  doc = res.json();
  operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item ?? {})
      .filter(([method]) => ['get', 'put', 'post', 'delete', 'patch'].includes(method))
      .map(([method, op]) => {
        const operation = op as OpenAPIV3.OperationObject;
        return { id: operation.operationId ?? '', method, path, op: operation };
      }),
  );
}, 300_000);
afterAll(async () => {
  await ctx.close();
});

it('is a valid OpenAPI 3.0.3 document with one named operation per registered endpoint', async () => {
  expect(doc.openapi).toBe('3.0.3');
  // Throws on any violation of the OpenAPI schema or a dangling reference.
  await SwaggerParser.validate(structuredClone(doc) as never);
  const registered = registeredEndpoints.get(ctx.app)!;
  expect(registered.size).toBeGreaterThanOrEqual(171);
  expect(operations.every((o) => o.id)).toBe(true);
  expect(operations.map((o) => o.id).sort()).toEqual([...registered].sort());
});

it('defines the session and game-key schemes, and every operation declares the one its permission needs', () => {
  expect(doc.components?.securitySchemes).toEqual({
    session: { type: 'apiKey', in: 'header', name: 'Authorization' },
    gameKey: { type: 'apiKey', in: 'header', name: 'X-Game-Key' },
  });
  const byName = endpoints as Record<string, { permission: unknown }>;
  const kinds = { public: 0, game: 0, session: 0 };
  for (const { id, path, op } of operations) {
    // The resource kit's endpoints come from its own tables (not `endpoints`): none is public, and
    // the game's are those under the game API's prefix, as for every named endpoint.
    const permission = byName[id]?.permission;
    if (permission !== undefined) expect(permission === 'game', id).toBe(path.startsWith('/api/game/'));
    const kind = permission === 'public' ? 'public' : path.startsWith('/api/game/') ? 'game' : 'session';
    kinds[kind] += 1;
    expect(op.security, id).toEqual(kind === 'public' ? [] : kind === 'game' ? [{ gameKey: [] }] : [{ session: [] }]);
  }
  // Each kind is present: sign-in is public, the game's calls need the key, the console's a session.
  expect(kinds.public).toBeGreaterThan(0);
  expect(kinds.game).toBeGreaterThan(0);
  expect(kinds.session).toBeGreaterThan(100);
  expect(operations.find((o) => o.id === 'login')?.op.security).toEqual([]);
  expect(operations.find((o) => o.id === 'gameLogin')?.op.security).toEqual([{ gameKey: [] }]);
});
