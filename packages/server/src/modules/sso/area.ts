import { ssoSignInEndpoints, twoFactorEndpoints } from '@rookery/contracts';
import { defineArea, type ModuleDeps } from '../../module.js';
import { housekeepingJob } from '../../platform/housekeeping.js';
import { registerEndpoints } from '../../platform/http/endpoints.js';
import { OidcRelyingParty } from './oidc.js';
import { pruneSsoState, ssoSignInHandlers } from './sign-in.js';
import * as tables from './tables.js';
import { checkSecondFactor, twoFactorHandlers } from './totp.js';

function register({ app, config, database, gameKeyHash, clock }: ModuleDeps) {
  const rp = config.oidc ? new OidcRelyingParty(config.oidc, clock) : undefined;
  registerEndpoints(app, { db: database.db, gameKeyHash }, ssoSignInEndpoints, ssoSignInHandlers(config, rp));
  // Two-factor sign-in: the staff area's password sign-in asks this check (issue 46 item 4).
  app.decorate('secondFactor', checkSecondFactor);
  registerEndpoints(app, { db: database.db, gameKeyHash }, twoFactorEndpoints, twoFactorHandlers);
}

/** Single sign-on: sign-in through the organisation's OpenID provider, and two-factor sign-in (issue 46). */
export const ssoArea = defineArea({
  name: 'sso',
  needs: ['staff'],
  tables,
  jobs: [housekeepingJob('sso.prune', 31, pruneSsoState)],
  register,
});
