import { staffEndpoints } from '@rookery/contracts';
import { defineArea, type ModuleDeps } from '../../module.js';
import { housekeepingJob } from '../../platform/housekeeping.js';
import { registerEndpoints } from '../../platform/http/endpoints.js';
import { staffHandlers } from './handlers.js';
import { pruneStaffAuthState } from './housekeeping.js';
import * as tables from './tables.js';

function register({ app, config, database, mailer, gameKeyHash }: ModuleDeps) {
  registerEndpoints(app, { db: database.db, gameKeyHash }, staffEndpoints, staffHandlers({ config, mailer }));
}

export const staffArea = defineArea({
  name: 'staff',
  tables,
  jobs: [housekeepingJob('staff.prune', 27, pruneStaffAuthState)],
  register,
});
