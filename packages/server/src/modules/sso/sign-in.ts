import { auditTarget, type ssoSignInEndpoints } from '@rookery/contracts';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Config } from '../../platform/config.js';
import type { Db } from '../../platform/db/client.js';
import { type Handlers, prepareThen } from '../../platform/http/endpoints.js';
import { AppError } from '../../platform/http/errors.js';
import { accessOf } from '../../platform/http/session.js';
import { hashPassword } from '../../platform/security/password.js';
import { newToken, sha256 } from '../../platform/security/tokens.js';
import { openProviderSession } from '../staff/auth.js';
import { endSession, findStaffByEmail, provisionPendingFromProvider, SESSION_TTL_MS } from '../staff/service.js';
import { domainAllowed, type OidcRelyingParty, SIGN_IN_REQUEST_TTL_MS, safeTarget } from './oidc.js';
import { ssoIdentities, ssoSessions, ssoSignInRequests } from './tables.js';

const notConfigured = () => new AppError(404, 'sso.notConfigured');

/** Forget sign-ins never finished and the ID tokens of ended sessions. */
export async function pruneSsoState(db: Db, now: Date): Promise<void> {
  await db.delete(ssoSignInRequests).where(lt(ssoSignInRequests.expiresAt, now));
  await db.delete(ssoSessions).where(lt(ssoSessions.expiresAt, now));
}

/** The sign-in through the OpenID provider: the button, the start, the callback, the sign-out. */
export function ssoSignInHandlers(
  config: Config,
  rp: OidcRelyingParty | undefined,
): Handlers<typeof ssoSignInEndpoints> {
  const oidc = config.oidc;
  return {
    getSsoSignIn: async () => ({ enabled: Boolean(oidc), provider: oidc?.providerName ?? null }),

    startSsoSignIn: prepareThen(
      async ({ req }) => {
        if (!rp || !oidc) throw notConfigured();
        const redirectUri = oidc.redirectUri ?? `${req.protocol}://${req.host}/callback/login`;
        return { redirectUri, ...(await rp.authorizationRequest(redirectUri)) };
      },
      async ({ db, body, now, audit }, started) => {
        const stateHash = sha256(started.state);
        await db.insert(ssoSignInRequests).values({
          stateHash,
          nonce: started.nonce,
          codeVerifier: started.codeVerifier,
          redirectUri: started.redirectUri,
          target: safeTarget(body.redirect),
          createdAt: now,
          expiresAt: new Date(now.getTime() + SIGN_IN_REQUEST_TTL_MS),
        });
        // The request is named by a prefix of its state's hash: nothing that could finish it.
        audit({ target: auditTarget('ssoSignIn', stateHash.slice(0, 12)) });
        return { url: started.url };
      },
    ),

    completeSsoSignIn: prepareThen(
      async ({ db, body, now }) => {
        if (!rp || !oidc) throw notConfigured();
        const query = new URLSearchParams(body.query.replace(/^\?/, ''));
        const state = query.get('state');
        if (!state) throw new AppError(400, 'sso.stateInvalid');
        // Used up here, in one statement, whatever follows: a state (and its code) answers once.
        const [request] = await db
          .delete(ssoSignInRequests)
          .where(and(eq(ssoSignInRequests.stateHash, sha256(state)), gt(ssoSignInRequests.expiresAt, now)))
          .returning();
        if (!request) throw new AppError(400, 'sso.stateInvalid');
        const currentUrl = new URL(request.redirectUri);
        currentUrl.search = query.toString();
        const identity = await rp.exchange(currentUrl, {
          state,
          nonce: request.nonce,
          codeVerifier: request.codeVerifier,
        });
        // A provisioned account gets a password nobody knows (the hash is slow: not in the transaction).
        const unusablePassword = oidc.jitProvisioning ? await hashPassword(newToken()) : undefined;
        return { identity, target: request.target, unusablePassword };
      },
      async ({ db, ip, now, setActor, audit }, { identity, target, unusablePassword }) => {
        if (!oidc) throw notConfigured();
        if (!identity.email || !identity.emailVerified) throw new AppError(403, 'sso.emailUnverified');
        const email = identity.email;
        setActor(email);
        if (!domainAllowed(email, oidc.allowedDomains)) throw new AppError(403, 'sso.domainNotAllowed');
        let found = await findStaffByEmail(db, email);
        let provisioned = false;
        if (!found) {
          if (!oidc.jitProvisioning || !unusablePassword) throw new AppError(403, 'sso.unknownAccount');
          const user = await provisionPendingFromProvider(
            db,
            { email, name: identity.name, passwordHash: unusablePassword },
            now,
          );
          found = { user, content: null };
          provisioned = true;
        }
        const { user } = found;
        setActor(user.username);
        if (user.status === 'disabled') throw new AppError(403, 'auth.disabled');
        if (user.status === 'rejected') throw new AppError(403, 'auth.rejected');
        const token = await openProviderSession(db, user.id, !oidc.noPassword && user.passwordSignIn, ip, now);
        await db
          .insert(ssoIdentities)
          .values({
            issuer: identity.issuer,
            subject: identity.subject,
            userId: user.id,
            email,
            linkedAt: now,
            lastSignInAt: now,
          })
          .onConflictDoUpdate({
            target: [ssoIdentities.issuer, ssoIdentities.subject],
            set: { userId: user.id, email, lastSignInAt: now },
          });
        await db.insert(ssoSessions).values({
          sessionHash: sha256(token),
          idToken: identity.idToken,
          createdAt: now,
          expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
        });
        audit({
          target: auditTarget('staff', user.username),
          after: { userId: user.id, issuer: identity.issuer, subject: identity.subject, provisioned },
        });
        const access = user.status === 'active' ? accessOf(user.role, found.content) : [];
        return { token, user: { userId: user.id, access }, redirect: user.status === 'active' ? target : null };
      },
    ),

    ssoLogout: prepareThen(
      async ({ db, body, session }) => {
        const [row] = await db
          .select({ idToken: ssoSessions.idToken })
          .from(ssoSessions)
          .where(eq(ssoSessions.sessionHash, session!.tokenHash));
        if (!row || !rp) return null;
        return rp.endSessionUrl(row.idToken, body.postLogoutUrl);
      },
      async ({ db, session, audit }, endSessionUrl) => {
        await db.delete(ssoSessions).where(eq(ssoSessions.sessionHash, session!.tokenHash));
        await endSession(db, session!.tokenHash);
        audit({ target: auditTarget('staff', session!.username) });
        return { endSessionUrl };
      },
    ),
  };
}
