import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { mailOutbox } from '../db/tables.js';

export interface Mailer {
  /**
   * Record the mail in the outbox (same transaction as the caller) and send it when SMTP is
   * configured. With SMTP the outbox copy shows `secret` (a one-time code) masked: then the outbox is
   * a record, not a way to read someone else's code.
   */
  send(db: Db, mail: { to: string; subject: string; body: string }, opts?: { secret?: string }): Promise<void>;
}

export function createMailer(config: Config, clock: Clock, log: FastifyBaseLogger): Mailer {
  const smtp = config.smtpUrl;
  // The SMTP library is loaded with the first mail sent, and only when SMTP is configured (a first
  // start's memory, issue 48).
  let transport: Promise<import('nodemailer').Transporter> | undefined;
  const sender = () => {
    if (!smtp) return undefined;
    // A failed load or setting is not kept: the next mail tries again (and logs its own failure).
    transport ??= import('nodemailer')
      .then((m) => m.default.createTransport(smtp))
      .catch((err: unknown) => {
        transport = undefined;
        throw err;
      });
    return transport;
  };
  return {
    async send(db, mail, opts) {
      const kept = smtp && opts?.secret ? { ...mail, body: mail.body.replaceAll(opts.secret, '******') } : mail;
      const now = clock.now();
      await db.insert(mailOutbox).values({ ...kept, createdAt: now, sentAt: smtp ? now : null });
      sender()
        ?.then((t) => t.sendMail({ from: config.smtpFrom, to: mail.to, subject: mail.subject, text: mail.body }))
        .catch((err: unknown) => log.warn({ err, to: mail.to }, 'smtp send failed'));
    },
  };
}
