import type { mailGameEndpoints } from '@rookery/contracts';
import type { Clock } from '../../platform/clock.js';
import type { Handlers } from '../../platform/http/endpoints.js';
import type { LiveMailBook } from './live-mails.js';
import { claimMail, fetchMailbox, readMail } from './mailbox.js';

/** The game's mailbox calls. */
export const mailGameHandlers = (book: LiveMailBook, clock: Clock): Handlers<typeof mailGameEndpoints> => ({
  gameGetMailbox: ({ db, params }) => fetchMailbox(db, book, params.userId, clock.now()),
  gameReadMail: ({ db, params }) => readMail(db, params.userId, params.mailId, clock.now()),
  gameClaimMail: ({ db, params, locale }) => claimMail(db, params.userId, params.mailId, locale, clock.now()),
});
