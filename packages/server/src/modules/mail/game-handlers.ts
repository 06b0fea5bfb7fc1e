import type { mailGameEndpoints } from '@rookery/contracts';
import type { Clock } from '../../platform/clock.js';
import type { Handlers } from '../../platform/http/endpoints.js';
import type { ResourceKit } from '../../platform/resources/registrar.js';
import type { LiveMailBook } from './live-mails.js';
import { claimMail, fetchMailbox, readMail } from './mailbox.js';

/** The game's mailbox calls. */
export const mailGameHandlers = (
  book: LiveMailBook,
  clock: Clock,
  kit: ResourceKit,
): Handlers<typeof mailGameEndpoints> => ({
  gameGetMailbox: ({ db, params, ip, locale }) => {
    const now = clock.now();
    const { userId } = params;
    return fetchMailbox(db, book, userId, now, (attrs) => kit.admitPlayer(db, { userId, attrs, ip, locale }, now));
  },
  gameReadMail: ({ db, params }) => readMail(db, params.userId, params.mailId, clock.now()),
  gameClaimMail: ({ db, params, locale }) => claimMail(db, params.userId, params.mailId, locale, clock.now()),
});
