/**
 * `npm run dev:idp`: the tests' OpenID provider (`oidc-provider`) on a fixed port with two demo
 * users, for trying single sign-on by hand. Not for production: keys and sessions live in memory.
 *
 *   IDP_PORT      the provider's port (default 4000)
 *   CONSOLE_URLS  the consoles allowed to use it, comma-separated (default http://localhost:3000)
 */
import { DEMO_USERS, startTestProvider } from '../test/openid-provider.js';

const port = Number(process.env.IDP_PORT ?? 4000);
const consoles = (process.env.CONSOLE_URLS ?? 'http://localhost:3000')
  .split(',')
  .map((u) => u.trim().replace(/\/$/, ''))
  .filter(Boolean);

const idp = await startTestProvider({
  port,
  redirectUris: consoles.map((c) => `${c}/callback/login`),
  postLogoutRedirectUris: consoles.map((c) => `${c}/login`),
});

console.log(`Demo OpenID provider at ${idp.issuer}

Start the console with:
  OIDC_ISSUER=${idp.issuer} OIDC_CLIENT_ID=${idp.clientId} OIDC_CLIENT_SECRET=${idp.clientSecret} npm start

Demo users (give one of them a console account with this email first, or set OIDC_JIT_PROVISIONING=1):
${DEMO_USERS.map((u) => `  ${u.email}  password: ${u.password}`).join('\n')}

Consoles allowed: ${consoles.join(', ')} (CONSOLE_URLS)`);

const stop = () => void idp.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
