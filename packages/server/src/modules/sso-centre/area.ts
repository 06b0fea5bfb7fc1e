import { endpoints, PREVIEW_HEADER, ssoEndpoints, withSsoPages } from '@rookery/contracts';
import { defineArea, type ModuleDeps } from '../../module.js';
import { registerEndpoints } from '../../platform/http/endpoints.js';
import { AppError } from '../../platform/http/errors.js';
import { ssoHandlers } from './handlers.js';
import { ssoPagesOfStaff } from './service.js';
import * as tables from './tables.js';

const reads = new Set(['GET', 'HEAD', 'OPTIONS']);

function register({ app, database, gameKeyHash }: ModuleDeps) {
  registerEndpoints(app, { db: database.db, gameKeyHash }, ssoEndpoints, ssoHandlers);

  // A user's access = their console role's ∪ what their SSO roles' pages need. The staff area
  // resolves the session; this adds the SSO part, so the guard of every endpoint and the session
  // the console reads (its menu and page guard) see one and the same list.
  const resolveStaff = app.resolveSession;
  app.resolveSession = async (db, header, now) => {
    const session = await resolveStaff(db, header, now);
    if (!session || session.pending) return session;
    const pages = await ssoPagesOfStaff(db, session.userId);
    return pages.length ? { ...session, access: withSsoPages(session.access, pages) } : session;
  };

  // "View as role": while an admin previews a role the console marks every call; the server
  // refuses every change carrying the mark (reads, and POSTs that only read, pass).
  app.addHook('onRequest', async (req) => {
    if (req.headers[PREVIEW_HEADER] === undefined || reads.has(req.method)) return;
    const name = (req.routeOptions.config as { endpointName?: string } | undefined)?.endpointName;
    const endpoint = name ? (endpoints as Record<string, { readOnly?: boolean }>)[name] : undefined;
    if (endpoint?.readOnly) return;
    throw new AppError(403, 'sso.previewReadOnly');
  });
}

export const ssoCentreArea = defineArea({
  name: 'sso-centre',
  needs: ['staff'],
  tables,
  register,
});
