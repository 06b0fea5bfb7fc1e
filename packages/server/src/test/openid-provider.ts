import { generateKeyPairSync, randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';

/**
 * A real OpenID provider (`oidc-provider`) in this process, on a loopback port: the tests drive
 * the console's sign-in against it, and `npm run dev:idp` starts it for trying single sign-on by
 * hand. Its own sign-in page (`/interaction/:uid`) takes a demo user's email and password; the
 * console is a first-party client, so no consent page is shown.
 *
 * The issuer's port answers through a small proxy in front of the provider, so a test can stop
 * answering (an issuer that is down) or change the token endpoint's answer (a tampered ID token)
 * without touching the console's code.
 */
export interface DemoUser {
  /** The provider's subject (`sub`). */
  sub: string;
  email: string;
  password: string;
  name: string;
  emailVerified?: boolean;
}

export const DEMO_USERS: DemoUser[] = [
  { sub: 'alice', email: 'alice@studio.example', password: 'alice-pass', name: 'Alice Admin' },
  { sub: 'bob', email: 'bob@studio.example', password: 'bob-pass', name: 'Bob Builder' },
];

export interface TestProviderOptions {
  port?: number;
  clientId?: string;
  clientSecret?: string;
  /** The console's `/callback/login` addresses the client may use. */
  redirectUris: string[];
  postLogoutRedirectUris?: string[];
  users?: DemoUser[];
  /** Seconds an ID token lives (default 3600). */
  idTokenTtl?: number;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  users: DemoUser[];
  /** The kid of the key signing ID tokens now. */
  readonly signingKid: string;
  /** A new signing key; the old one stays published for tokens already issued (a rollover). */
  rotateKeys(): Promise<void>;
  /** While true the issuer's port answers nothing (connections are reset): the provider is down. */
  down: boolean;
  /** When set, the token endpoint's JSON answer is passed through it (tampering tests). */
  tamperTokenResponse?: (body: Record<string, unknown>) => Record<string, unknown>;
  close(): Promise<void>;
}

const newKey = () => {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), alg: 'RS256', use: 'sig' };
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function loginPage(uid: string, error?: string) {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Demo identity provider</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family:sans-serif;max-width:22rem;margin:3rem auto">
<main><h1>Demo identity provider</h1>
${error ? `<p role="alert" style="color:#a00">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/interaction/${escapeHtml(uid)}/login">
<p><label for="email">Email</label><br><input id="email" name="email" type="email" autocomplete="username" required></p>
<p><label for="password">Password</label><br><input id="password" name="password" type="password" autocomplete="current-password" required></p>
<p><button type="submit">Sign in</button></p>
</form></main></body></html>`;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startTestProvider(options: TestProviderOptions): Promise<TestProvider> {
  const clientId = options.clientId ?? 'rookery-console';
  const clientSecret = options.clientSecret ?? 'rookery-console-secret-0123456789';
  const users = options.users ?? DEMO_USERS;
  let keys = [newKey()];

  // The proxy listens first: its port names the issuer.
  const proxy = http.createServer();
  await new Promise<void>((resolve) => proxy.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (proxy.address() as AddressInfo).port;
  const issuer = `http://localhost:${port}`;

  const makeProvider = () => {
    const configuration: Configuration = {
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: options.redirectUris,
          post_logout_redirect_uris: options.postLogoutRedirectUris ?? [],
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_basic',
        },
      ],
      jwks: { keys: keys as never },
      pkce: { required: () => true },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      scopes: ['openid', 'email', 'profile'],
      features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: true } },
      ttl: {
        IdToken: options.idTokenTtl ?? 3600,
        AccessToken: 600,
        AuthorizationCode: 60,
        Session: 3600,
        Interaction: 600,
        Grant: 3600,
      },
      cookies: { keys: ['rookery-test-idp-cookie-key'] },
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      // The console is first-party: the grant of what it asks is made without a consent page.
      loadExistingGrant: async (ctx) => {
        const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
        if (grantId) return ctx.oidc.provider.Grant.find(grantId);
        const grant = new ctx.oidc.provider.Grant({
          clientId: ctx.oidc.client!.clientId,
          accountId: ctx.oidc.session!.accountId!,
        });
        grant.addOIDCScope('openid email profile');
        await grant.save();
        return grant;
      },
      findAccount: (_ctx, sub) => {
        const user = users.find((u) => u.sub === sub);
        if (!user) return undefined;
        return {
          accountId: sub,
          claims: () => ({
            sub,
            email: user.email,
            email_verified: user.emailVerified ?? true,
            name: user.name,
          }),
        };
      },
      renderError: (ctx, out) => {
        ctx.type = 'html';
        ctx.body = `<!DOCTYPE html><html lang="en"><head><title>Error</title></head><body><main><h1>${escapeHtml(String(out.error))}</h1><p>${escapeHtml(String(out.error_description ?? ''))}</p></main></body></html>`;
      },
    };
    return new Provider(issuer, configuration);
  };
  let provider = makeProvider();
  let handler = provider.callback();

  const interaction = async (req: IncomingMessage, res: ServerResponse, uid: string, action?: string) => {
    try {
      const details = await provider.interactionDetails(req, res);
      if (details.uid !== uid) throw new Error('interaction mismatch');
      if (req.method === 'POST' && action === 'login') {
        const form = await readForm(req);
        const user = users.find(
          (u) =>
            u.email.toLowerCase() === (form.get('email') ?? '').toLowerCase() && u.password === form.get('password'),
        );
        if (!user) {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          return res.end(loginPage(uid, 'Wrong email or password'));
        }
        return await provider.interactionFinished(
          req,
          res,
          { login: { accountId: user.sub } },
          { mergeWithLastSubmission: false },
        );
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(loginPage(uid));
    } catch (error) {
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`interaction failed: ${(error as Error).message}`);
    }
  };

  const state = {
    down: false,
    tamperTokenResponse: undefined as TestProvider['tamperTokenResponse'],
  };

  proxy.on('request', (req, res) => {
    if (state.down) {
      req.socket.destroy();
      return;
    }
    const url = new URL(req.url ?? '/', issuer);
    const match = /^\/interaction\/([^/]+)(?:\/(login))?$/.exec(url.pathname);
    if (match) return void interaction(req, res, match[1], match[2]);
    if (url.pathname === '/token' && state.tamperTokenResponse) {
      // Take the provider's answer and hand on an altered one.
      const tamper = state.tamperTokenResponse;
      const chunks: Buffer[] = [];
      const write = res.write.bind(res);
      const end = res.end.bind(res);
      res.write = ((chunk: Buffer | string) => {
        chunks.push(Buffer.from(chunk));
        return true;
      }) as typeof res.write;
      res.end = ((chunk?: Buffer | string) => {
        if (chunk && typeof chunk !== 'function') chunks.push(Buffer.from(chunk));
        let body = Buffer.concat(chunks).toString('utf8');
        try {
          body = JSON.stringify(tamper(JSON.parse(body)));
        } catch {
          // not JSON: as it was
        }
        res.removeHeader('content-length');
        res.setHeader('content-length', Buffer.byteLength(body));
        write(body);
        return end();
      }) as typeof res.end;
    }
    handler(req, res);
  });
  // The provider's own address, when reached through the proxy, is the issuer's.
  provider.proxy = false;

  return {
    issuer,
    clientId,
    clientSecret,
    users,
    get signingKid() {
      return keys[0].kid;
    },
    async rotateKeys() {
      keys = [newKey(), ...keys];
      provider = makeProvider();
      handler = provider.callback();
    },
    get down() {
      return state.down;
    },
    set down(v: boolean) {
      state.down = v;
    },
    get tamperTokenResponse() {
      return state.tamperTokenResponse;
    },
    set tamperTokenResponse(f) {
      state.tamperTokenResponse = f;
    },
    close: () =>
      new Promise<void>((resolve) => {
        proxy.closeAllConnections();
        proxy.close(() => resolve());
      }),
  };
}
