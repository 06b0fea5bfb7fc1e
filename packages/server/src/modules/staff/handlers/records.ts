import type { staffEndpoints } from '@rookery/contracts';
import type { HandlerPart } from '../../../platform/http/handler-parts.js';
import { listAudit, listOutbox } from '../../system/service.js';

/** The system's records: the audit log and the sent mail. */
export const recordHandlers: HandlerPart<typeof staffEndpoints, 'listSystemLog' | 'listMailOutbox'> = {
  listSystemLog: ({ db, query }) => listAudit(db, query),
  listMailOutbox: ({ db, query }) => listOutbox(db, query),
};
