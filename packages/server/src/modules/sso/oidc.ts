import * as client from 'openid-client';
import { type Clock, skewFromWallClockMs } from '../../platform/clock.js';
import type { OidcConfig } from '../../platform/config.js';
import { AppError } from '../../platform/http/errors.js';

/** What the provider said about the person, once the ID token was validated. */
export interface VerifiedIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  /** The ID token itself, kept for RP-initiated logout (`id_token_hint`); never logged. */
  idToken: string;
}

/** How long a started sign-in may take at the provider. */
export const SIGN_IN_REQUEST_TTL_MS = 10 * 60 * 1000;

/** A network failure (refused, reset, timed out), as opposed to an answer the provider gave. */
function unreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'AbortError' || error.name === 'TimeoutError') return true;
  if (error instanceof TypeError && /fetch failed/i.test(error.message)) return true;
  // A 5xx or a non-JSON page where the provider's JSON should be.
  const code = (error as { code?: string }).code;
  if (code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' || code === 'OAUTH_RESPONSE_IS_NOT_JSON') return true;
  return error.cause !== undefined && error.cause !== error && unreachable(error.cause);
}

/**
 * The OpenID Connect relying party, on `openid-client` (discovery, code flow with PKCE, state,
 * nonce, ID-token signature and claims; no JWT is checked by hand). The provider's metadata is
 * discovered once and again after a failure. Each exchange makes its own client configuration:
 * its clock follows the service clock (`clockSkew`), and it fetches the provider's current keys,
 * so a key rotation at the provider never needs a restart.
 */
export class OidcRelyingParty {
  private metadata?: Promise<client.ServerMetadata>;

  constructor(
    readonly settings: OidcConfig,
    private readonly clock: Clock,
  ) {}

  private insecure() {
    return new URL(this.settings.issuer).protocol === 'http:';
  }

  private async serverMetadata(): Promise<client.ServerMetadata> {
    this.metadata ??= client
      .discovery(new URL(this.settings.issuer), this.settings.clientId, undefined, undefined, {
        execute: this.insecure() ? [client.allowInsecureRequests] : [],
        timeout: 10,
      })
      .then((c) => c.serverMetadata());
    try {
      return await this.metadata;
    } catch (error) {
      this.metadata = undefined;
      throw unreachable(error) || error instanceof client.ClientError
        ? new AppError(503, 'sso.providerUnavailable')
        : error;
    }
  }

  /** A client configuration for one call (see the class). */
  async configuration(): Promise<client.Configuration> {
    const server = await this.serverMetadata();
    const skew = Math.round(skewFromWallClockMs(this.clock) / 1000);
    const config = new client.Configuration(
      structuredClone(server),
      this.settings.clientId,
      { [client.clockSkew]: skew },
      client.ClientSecretBasic(this.settings.clientSecret),
    );
    if (this.insecure()) client.allowInsecureRequests(config);
    // Check the ID token's signature too, not only the TLS channel it came on (a tampered token fails).
    client.enableNonRepudiationChecks(config);
    config.timeout = 10;
    return config;
  }

  /** Where to send the browser, with the secrets the callback must match. */
  async authorizationRequest(redirectUri: string) {
    const config = await this.configuration();
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: this.settings.scopes,
      response_type: 'code',
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { url: url.href, codeVerifier, state, nonce };
  }

  /**
   * The callback: the authorization response checked against the state, the code exchanged with
   * its PKCE verifier, the ID token validated (signature, issuer, audience, expiry, nonce). Each
   * failure is an `AppError` with the operator's message.
   */
  async exchange(
    currentUrl: URL,
    checks: { state: string; nonce: string; codeVerifier: string },
  ): Promise<VerifiedIdentity> {
    const config = await this.configuration();
    let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
    try {
      tokens = await client.authorizationCodeGrant(config, currentUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
    } catch (error) {
      if (error instanceof client.AuthorizationResponseError) throw new AppError(400, 'sso.providerError');
      if (error instanceof client.ResponseBodyError) {
        if (error.status >= 500) throw new AppError(503, 'sso.providerUnavailable');
        throw new AppError(400, error.error === 'invalid_grant' ? 'sso.codeRejected' : 'sso.providerError');
      }
      if (unreachable(error)) throw new AppError(503, 'sso.providerUnavailable');
      if (error instanceof client.ClientError || error instanceof Error) throw new AppError(400, 'sso.tokenInvalid');
      throw error;
    }
    const claims = tokens.claims();
    if (!claims || !tokens.id_token) throw new AppError(400, 'sso.tokenInvalid');
    // A strictly conforming provider puts the scopes' claims only in the UserInfo answer (bound to
    // the ID token's subject by the library).
    let profile: Record<string, unknown> = claims;
    if (typeof claims.email !== 'string' && tokens.access_token) {
      try {
        profile = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
      } catch (error) {
        if (unreachable(error)) throw new AppError(503, 'sso.providerUnavailable');
        throw new AppError(400, 'sso.tokenInvalid');
      }
    }
    return {
      issuer: claims.iss,
      subject: claims.sub,
      email: typeof profile.email === 'string' ? profile.email.trim() : null,
      emailVerified: profile.email_verified === true,
      name: typeof profile.name === 'string' ? profile.name.slice(0, 100) : null,
      idToken: tokens.id_token,
    };
  }

  /**
   * Where to send the browser to end the provider's session too, or null when the provider has
   * no end-session endpoint or cannot be reached (the console session ends either way).
   */
  async endSessionUrl(idToken: string, postLogoutUrl?: string): Promise<string | null> {
    try {
      const config = await this.configuration();
      if (!config.serverMetadata().end_session_endpoint) return null;
      return client.buildEndSessionUrl(config, {
        id_token_hint: idToken,
        client_id: this.settings.clientId,
        ...(postLogoutUrl ? { post_logout_redirect_uri: postLogoutUrl } : {}),
      }).href;
    } catch (error) {
      if (error instanceof AppError) return null;
      throw error;
    }
  }
}

/** Whether the email's domain may sign in (an empty list lets every domain in). */
export function domainAllowed(email: string, allowed: readonly string[]): boolean {
  if (allowed.length === 0) return true;
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  return allowed.includes(domain);
}

/** A console page to return to: a path inside the console, nothing else (no other site). */
export function safeTarget(redirect: string | undefined): string | null {
  if (!redirect?.startsWith('/') || redirect.startsWith('//') || redirect.includes('\\')) return null;
  return redirect;
}
