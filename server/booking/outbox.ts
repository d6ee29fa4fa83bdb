/**
 * The e-mail notices of booking requests (docs/decisions/0025-booking-requests.md). A request is stored with its
 * notice in booking_outbox, in one transaction, before anything is sent; this module sends what is due with
 * nodemailer. While the mail server is down or refusing, a notice is tried again at least once a minute for its
 * first ten minutes, then less and less often (up to once an hour) until it is three days old, and given up. One
 * still unsent ten minutes after its first try is a lasting failure: the admin's inbox shows it (status()).
 * Exactly once: a sender claims a notice in the database before sending it (so two passes, or two servers, never
 * send one twice) and marks it sent right after the mail server accepted it; only a crash between the two could
 * send one again, and the fixed Message-ID lets a mail program fold that copy.
 */
import type { MailStatus } from '../../src/content/backend';
import { bookings } from '../../src/content/kinds';
import { bookingsWords } from '../../src/content/kinds/bookings';
import { LIVE_SERVICE } from '../../src/content/booking';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { mailTransport } from '../mail/transport';
import { serialPasses } from '../passes';

const MINUTE = 60_000;

export interface OutboxTiming {
  /** How often the outbox looks for notices that are due (a new request is sent at once, without waiting for this). */
  pollMs: number;
  /** The wait after a failed try, given the tries so far and how long since the first one. */
  retryDelayMs(attempts: number, sinceFirstMs: number): number;
  /** A notice still unsent this long after its first try is a lasting failure. */
  lastingMs: number;
  /** Given up this long after its first try. */
  giveUpMs: number;
  /** A sender's claim on a notice lasts this long (longer than nodemailer's time limits together). */
  claimMs: number;
}

export const OUTBOX_TIMING: OutboxTiming = {
  pollMs: 5_000,
  // Every 30 s for the first ten minutes (a mail server restarting, a network blip), then 2, 4, 8 … up to 60 minutes.
  retryDelayMs: (attempts, sinceFirstMs) => (sinceFirstMs < 10 * MINUTE ? 30_000 : Math.min(60 * MINUTE, 2 * MINUTE * 2 ** Math.max(0, attempts - 20))),
  lastingMs: 10 * MINUTE,
  giveUpMs: 3 * 24 * 60 * MINUTE,
  claimMs: 2 * MINUTE,
};

export interface Outbox {
  readonly configured: boolean;
  /** Sends what is due now (after a request is stored); resolves when this pass is over. */
  kick(): Promise<void>;
  status(): Promise<MailStatus>;
  stop(): Promise<void>;
}

/**
 * One notice: the request's fields in plain text (never HTML: nothing a visitor typed is ever rendered). A promoter's
 * (a live show or a DJ set) says so first, with the event's city, day and venue, and its budget as the fee asked about.
 */
export function noticeOf(item: Record<string, string>, id: string): { subject: string; text: string } {
  const words = bookingsWords.fields;
  const service = words.service.options[item.service as keyof typeof words.service.options]?.en ?? item.service;
  const live = item.service === LIVE_SERVICE;
  const lines = [
    `${words.name.label.en}: ${item.name}`,
    `${words.email.label.en}: ${item.email}`,
    `${words.service.label.en}: ${service}`,
    ...(live ? [`${words.city.label.en}: ${item.city || '-'}`, `${words.venue.label.en}: ${item.venue || '-'}`] : []),
    `${live ? 'Fee (budget)' : words.budget.label.en}: ${item.budget || '-'}`,
    `${live ? 'Day of the event' : words.date.label.en}: ${item.date || '-'}`,
    `${words.lang.label.en}: ${item.lang}`,
    `${words.receivedAt.label.en}: ${item.receivedAt}`,
    '',
    item.message ?? '',
    '',
    '--',
    `Reply to this e-mail to answer ${item.name}. In the admin: /admin/inbox (${id}).`,
  ];
  const subject = live
    ? `Show booking: ${[item.city, item.date].filter(Boolean).join(', ')}${item.venue ? ` at ${item.venue}` : ''}, from ${item.name}`
    : `Booking request: ${service} from ${item.name}`;
  return { subject, text: lines.join('\n') };
}

export function bookingOutbox(db: Database, config: Config, timing: OutboxTiming = OUTBOX_TIMING, now: () => number = Date.now): Outbox {
  const mail = config.mail;
  const transport = mail ? mailTransport(mail) : undefined;
  let stopped = false;

  async function sendOne(id: string): Promise<void> {
    const at = now();
    const claim = await db.client.execute({
      sql: `UPDATE booking_outbox SET claimed_until = ? WHERE booking_id = ? AND state = 'pending' AND claimed_until < ? AND next_attempt_at <= ?`,
      args: [at + timing.claimMs, id, at, at],
    });
    if (claim.rowsAffected !== 1) return;
    const row = (await db.client.execute({ sql: 'SELECT data FROM list_items WHERE kind = ? AND id = ?', args: [bookings.name, id] })).rows[0];
    if (!row) {
      await db.client.execute({
        sql: `UPDATE booking_outbox SET state = 'failed', claimed_until = 0, last_error = 'The request was deleted before its notice was sent.' WHERE booking_id = ?`,
        args: [id],
      });
      return;
    }
    const item = JSON.parse(String(row.data)) as Record<string, string>;
    const { subject, text } = noticeOf(item, id);
    try {
      await transport!.sendMail({
        from: mail!.from,
        to: mail!.to,
        // The visitor is only ever a Reply-To: nothing is sent to the address a visitor typed.
        replyTo: { name: item.name ?? '', address: item.email ?? '' },
        subject,
        text,
        messageId: `<booking-${id}@scena.invalid>`,
        disableFileAccess: true,
        disableUrlAccess: true,
      });
      await db.client.execute({
        sql: `UPDATE booking_outbox SET state = 'sent', sent_at = ?, attempts = attempts + 1, claimed_until = 0, last_error = '',
              first_tried_at = coalesce(first_tried_at, ?) WHERE booking_id = ?`,
        args: [now(), at, id],
      });
    } catch (error) {
      const message = String((error as Error).message ?? error).slice(0, 300);
      const current = (await db.client.execute({ sql: 'SELECT attempts, first_tried_at FROM booking_outbox WHERE booking_id = ?', args: [id] })).rows[0]!;
      const attempts = Number(current.attempts) + 1;
      const first = current.first_tried_at === null ? at : Number(current.first_tried_at);
      const since = now() - first;
      const state = since >= timing.giveUpMs ? 'failed' : 'pending';
      await db.client.execute({
        sql: `UPDATE booking_outbox SET state = ?, attempts = ?, first_tried_at = ?, last_error = ?, next_attempt_at = ?, claimed_until = 0 WHERE booking_id = ?`,
        args: [state, attempts, first, message, now() + timing.retryDelayMs(attempts, since), id],
      });
    }
  }

  async function pass(): Promise<void> {
    for (;;) {
      const at = now();
      const due = await db.client.execute({
        sql: `SELECT booking_id FROM booking_outbox WHERE state = 'pending' AND next_attempt_at <= ? AND claimed_until < ? ORDER BY next_attempt_at LIMIT 20`,
        args: [at, at],
      });
      for (const r of due.rows) if (!stopped) await sendOne(String(r.booking_id));
      if (due.rows.length < 20 || stopped) return;
    }
  }

  // One pass at a time in this process; a kick during a pass runs one more after it. A failed pass is retried by the
  // next kick (the timer's, or the next request's).
  const passes = serialPasses(pass, { skip: () => !transport || stopped, onError: () => {} });
  const kick = passes.kick;

  const timer = transport ? setInterval(() => void kick(), timing.pollMs) : undefined;
  timer?.unref();

  return {
    configured: !!transport,
    kick,
    async status() {
      const at = now();
      const pending = Number((await db.client.execute("SELECT count(*) AS n FROM booking_outbox WHERE state = 'pending'")).rows[0]!.n);
      const rows = await db.client.execute({
        sql: `SELECT booking_id, attempts, last_error, first_tried_at, next_attempt_at, state FROM booking_outbox
              WHERE (state = 'pending' AND first_tried_at IS NOT NULL AND first_tried_at <= ?) OR (state = 'failed' AND first_tried_at IS NOT NULL)
              ORDER BY first_tried_at DESC LIMIT 100`,
        args: [at - timing.lastingMs],
      });
      return {
        configured: !!transport,
        pending,
        failing: rows.rows.map((r) => ({
          bookingId: String(r.booking_id),
          attempts: Number(r.attempts),
          lastError: String(r.last_error),
          firstTriedAt: new Date(Number(r.first_tried_at)).toISOString(),
          nextAttemptAt: r.state === 'failed' ? '' : new Date(Number(r.next_attempt_at)).toISOString(),
        })),
      };
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await passes.idle();
      transport?.close();
    },
  };
}
