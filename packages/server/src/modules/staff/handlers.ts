import type { staffEndpoints } from '@rookery/contracts';
import type { Config } from '../../platform/config.js';
import { joinHandlers } from '../../platform/http/handler-parts.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { accountHandlers } from './handlers/account.js';
import { recordHandlers } from './handlers/records.js';
import { registrationHandlers } from './handlers/registrations.js';
import { roleHandlers } from './handlers/roles.js';
import { userHandlers } from './handlers/users.js';

/**
 * The staff area's console calls, one file per subject under `handlers/`; `joinHandlers` proves
 * every endpoint of `staffEndpoints` has exactly one handler among them.
 */
export const staffHandlers = ({ config, mailer }: { config: Config; mailer: Mailer }) =>
  joinHandlers<typeof staffEndpoints>()({
    roles: roleHandlers,
    users: userHandlers,
    account: accountHandlers(config),
    registrations: registrationHandlers(mailer),
    records: recordHandlers,
  });
