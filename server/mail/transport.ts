/**
 * Every mail Scena sends goes through a transport made here: booking notices (server/booking/outbox.ts), the
 * fans' confirmations (server/fans) and letters. One place for the SMTP settings, the time limits, and (issue 28)
 * the DKIM signature every mail gets once a key exists (./dkim.ts, docs/decisions/0035-fans-by-email.md).
 */
import nodemailer from 'nodemailer';
import type { Config } from '../config';
import { dkimOption } from './dkim';

export interface TransportOptions {
  /** Keep up to this many connections open and reuse them (letters); a plain one-off transport otherwise. */
  pool?: number;
}

export function mailTransport(mail: NonNullable<Config['mail']>, options: TransportOptions = {}) {
  // Read when the transport is made (at the server's start): a key made later signs from the next start.
  const dkim = mail.dkimDir ? dkimOption(mail.dkimDir, mail.from.address) : undefined;
  return nodemailer.createTransport({
    url: mail.smtpUrl,
    // smtp://: STARTTLS when the server offers it (nodemailer's default); smtps://: TLS from the start.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    ...(options.pool ? { pool: true, maxConnections: options.pool, maxMessages: Infinity } : {}),
    ...(dkim ? { dkim } : {}),
  });
}

export type MailTransport = ReturnType<typeof mailTransport>;
