/**
 * Sends the queued letters (docs/decisions/0035-fans-by-email.md, Letters): the same care as the booking outbox
 * (server/booking/outbox.ts), at the scale of a whole list.
 *
 * - One worker per pooled SMTP connection. A worker's row is claimed (`sending`) in the database before its mail goes
 *   out and marked `sent` after the mail server accepted it, in the same transaction that claims its next row: so at
 *   any moment each worker holds at most one `sending` row, and a crash (SIGKILL, power) leaves at most the pool's
 *   size of them. At the next start those become `uncertain` and are never sent again: nobody gets a letter twice.
 *   The workers' writes are committed together (one transaction for all that are ready), which is what makes a
 *   send to 10,000 people fast on a disk that syncs every commit.
 * - Only subscribers confirmed at the moment their row is claimed get it; the others' rows are `skipped`.
 * - A temporary refusal (4xx) is tried again with back-off (1, 2, 4 … 60 minutes) until the letter has been queued
 *   24 hours; a permanent one (5xx at RCPT or DATA) makes the row `bounced` and the subscriber `bounced`: never
 *   mailed again. A mail server that cannot be reached pauses the whole sending (the row goes back, no attempt
 *   counted against the person) and it resumes by itself.
 * - MAIL_RATE_PER_MINUTE spaces the mails out (providers cap senders).
 */
import { siteConfig } from '../../site.config';
import type { Language } from '../../src/content/constants';
import type { PublicContent } from '../../src/content/model';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { mailTransport, type MailTransport } from '../mail/transport';
import { letterStore, type LetterStore } from './letters';
import { personalise, renderLetter, type RenderedLetter } from './letter-render';
import { FAN_PATHS, fanTokens } from './tokens';
import { serialPasses } from '../passes';

const MINUTE = 60_000;

export interface SenderTiming {
  /** How often scheduled letters, release days and retries are looked at. */
  pollMs: number;
  /** After a temporary refusal: the wait before the next try, given the tries so far. */
  retryDelayMs(attempts: number): number;
  /** A row still refused temporarily this long after its letter was queued is given up. */
  giveUpMs: number;
  /** The pause after the mail server could not be reached. */
  unreachableMs: number;
}

export const SENDER_TIMING: SenderTiming = {
  pollMs: 5_000,
  retryDelayMs: (attempts) => Math.min(60 * MINUTE, MINUTE * 2 ** Math.max(0, attempts - 1)),
  giveUpMs: 24 * 60 * MINUTE,
  unreachableMs: MINUTE,
};

/** Pooled SMTP connections, and as many workers. */
export const LETTER_POOL = 10;
/** The longest a worker's report waits for the others' before their common commit (ms). */
const GATHER_MS = 5;

export interface SenderOptions {
  now?: () => number;
  timing?: Partial<SenderTiming>;
  pool?: number;
  /** The site's content, drafts included (release-day letters, cards). */
  content: () => Promise<PublicContent>;
  /** Where problems are told (the server's log). */
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** The public origin links and images use (siteConfig.siteUrl). */
  origin?: string;
}

export interface LetterSender {
  readonly configured: boolean;
  readonly store: LetterStore;
  /** Rows left `sending` by a crash become `uncertain` (called once, at start); answers how many. */
  recover(): Promise<number>;
  /** Looks at what is due now and sends it; resolves when this pass is over. */
  kick(): Promise<void>;
  /** The letter in both languages to one address (the admin's), now, outside the queue. */
  sendTest(id: string, to: string): Promise<void>;
  /** When the mail server could not be reached, until when sending waits (ms), else 0. */
  pausedUntil(): number;
  stop(): Promise<void>;
}

interface Claimed {
  letter: string;
  subscriber: number;
  lang: Language;
  attempts: number;
  email: string;
  seed: Uint8Array;
}

type Outcome =
  | { row: Claimed; kind: 'sent' }
  | { row: Claimed; kind: 'retry'; error: string }
  | { row: Claimed; kind: 'bounced'; error: string }
  | { row: Claimed; kind: 'unreachable'; error: string };

/** A refusal's kind from nodemailer's error: a reply code 5xx is permanent, 4xx temporary, no reply at all: unreachable. */
export function refusalKind(error: unknown): 'bounced' | 'retry' | 'unreachable' {
  const e = error as { responseCode?: number; code?: string };
  if (typeof e.responseCode === 'number' && e.responseCode >= 500 && e.responseCode < 600) return 'bounced';
  if (typeof e.responseCode === 'number' && e.responseCode >= 400 && e.responseCode < 500) return 'retry';
  return 'unreachable';
}

const message = (error: unknown) => String((error as Error)?.message ?? error).slice(0, 300);

export function letterSender(db: Database, config: Config, options: SenderOptions): LetterSender {
  const now = options.now ?? Date.now;
  const timing = { ...SENDER_TIMING, ...options.timing };
  const pool = options.pool ?? LETTER_POOL;
  const mail = config.mail;
  const origin = options.origin ?? siteConfig.siteUrl;
  const store = letterStore(db, now);
  const tokens = fanTokens(db);
  let transport: MailTransport | undefined;
  const transportOf = () => (transport ??= mailTransport(mail!, { pool }));
  const rate = mail?.ratePerMinute ? MINUTE / mail.ratePerMinute : 0;
  let nextSlot = 0;
  let paused = 0;
  let stopped = false;
  let stamp = 0;
  const rendered = new Map<string, RenderedLetter>();

  // ---- the group commit: each worker's outcome, and its claim on the next row, in one transaction for all ----
  type Waiter = { outcome?: Outcome; resolve: (row: Claimed | undefined) => void; reject: (error: unknown) => void };
  let waiting: Waiter[] = [];
  let flushing: Promise<void> | undefined;
  let gathered: (() => void) | undefined;
  /** Workers between their start and their last commit. */
  let working = 0;
  let drained = false;

  function outcomeStatements(o: Outcome, at: number) {
    const key = [o.row.letter, o.row.subscriber];
    switch (o.kind) {
      case 'sent':
        return [
          {
            sql: `UPDATE letter_deliveries SET state = 'sent', sent_at = ?, error = NULL WHERE letter = ? AND subscriber = ? AND state = 'sending'`,
            args: [at, ...key],
          },
        ];
      case 'bounced':
        return [
          {
            sql: `UPDATE letter_deliveries SET state = 'bounced', error = ? WHERE letter = ? AND subscriber = ? AND state = 'sending'`,
            args: [o.error, ...key],
          },
          {
            sql: `UPDATE subscribers SET status = 'bounced', bounced_at = ?, bounce_reason = ?, updated_at = ? WHERE id = ? AND status = 'confirmed'`,
            args: [at, o.error, at, o.row.subscriber],
          },
        ];
      case 'retry':
        return [
          {
            // Given up once the letter has been queued giveUpMs: the row says so; the person stays on the list.
            sql: `UPDATE letter_deliveries SET error = ?1,
                    state = CASE WHEN ?2 - (SELECT queued_at FROM letters WHERE id = ?4) >= ?3 THEN 'bounced' ELSE 'retrying' END,
                    next_at = ?2 + ?6
                  WHERE letter = ?4 AND subscriber = ?5 AND state = 'sending'`,
            args: [o.error, at, timing.giveUpMs, ...key, timing.retryDelayMs(o.row.attempts)],
          },
        ];
      case 'unreachable':
        // Not the person's fault: back in the queue, the try not counted.
        return [
          {
            sql: `UPDATE letter_deliveries SET state = CASE WHEN attempts > 1 THEN 'retrying' ELSE 'queued' END, attempts = attempts - 1, error = ?, next_at = ?
                  WHERE letter = ? AND subscriber = ? AND state = 'sending'`,
            args: [o.error, at + timing.unreachableMs, ...key],
          },
        ];
    }
  }

  async function flush(): Promise<void> {
    const batch = waiting;
    waiting = [];
    const at = now();
    stamp = Math.max(stamp + 1, at);
    const want = paused > at || stopped || drained ? 0 : batch.length;
    const statements = batch.flatMap((w) => (w.outcome ? outcomeStatements(w.outcome, at) : []));
    if (want) {
      statements.push(
        {
          sql: `UPDATE letter_deliveries SET state = 'sending', claimed_at = ?1, attempts = attempts + 1
                WHERE (letter, subscriber) IN (
                  SELECT d.letter, d.subscriber FROM letter_deliveries d JOIN letters l ON l.id = d.letter
                  WHERE d.state IN ('queued', 'retrying') AND d.next_at <= ?2 AND l.status = 'sending'
                  LIMIT ?3)`,
          args: [stamp, at, want],
        },
        // Whoever is no longer confirmed (unsubscribed, bounced, erased meanwhile) is skipped, not sent.
        {
          sql: `UPDATE letter_deliveries SET state = 'skipped', error = 'not subscribed any more when it was sent'
                WHERE state = 'sending' AND claimed_at = ?1
                  AND NOT EXISTS (SELECT 1 FROM subscribers s WHERE s.id = letter_deliveries.subscriber AND s.status = 'confirmed')`,
          args: [stamp],
        },
        {
          sql: `SELECT d.letter, d.subscriber, d.lang, d.attempts, s.email, s.token_seed FROM letter_deliveries d JOIN subscribers s ON s.id = d.subscriber
                WHERE d.state = 'sending' AND d.claimed_at = ?`,
          args: [stamp],
        },
      );
    }
    try {
      const results = statements.length ? await db.client.batch(statements, 'write') : [];
      const rows: Claimed[] = want
        ? results[results.length - 1]!.rows.map((r) => ({
            letter: String(r.letter),
            subscriber: Number(r.subscriber),
            lang: r.lang === 'ro' ? 'ro' : 'en',
            attempts: Number(r.attempts),
            email: String(r.email),
            seed: new Uint8Array(r.token_seed as ArrayBuffer),
          }))
        : [];
      // Fewer rows than workers asking: the queue is empty for now; the others stop until the next pass.
      if (want && results[results.length - 3]!.rowsAffected < want) drained = true;
      batch.forEach((w, i) => w.resolve(rows[i]));
    } catch (error) {
      for (const w of batch) w.reject(error);
    }
  }

  /** Records a worker's outcome and claims its next row (undefined: nothing more to send now). */
  function commit(outcome?: Outcome): Promise<Claimed | undefined> {
    return new Promise((resolve, reject) => {
      waiting.push({ outcome, resolve, reject });
      // One flush at a time. Each commit waits for the disk (every commit is synced), so the workers' reports are
      // gathered: a flush goes when every working worker has reported, or GATHER_MS after the first did.
      const run = (): Promise<void> =>
        (flushing ??= new Promise<void>((r) => {
          if (waiting.length >= working) return setImmediate(r);
          const timer = setTimeout(r, GATHER_MS);
          gathered = () => {
            clearTimeout(timer);
            r();
          };
        })
          .then(() => {
            gathered = undefined;
            return flush();
          })
          .finally(() => {
            flushing = undefined;
            if (waiting.length) void run();
          }));
      if (flushing && gathered && waiting.length >= working) gathered();
      void run();
    });
  }

  async function renderedFor(letterId: string, lang: Language): Promise<RenderedLetter> {
    const key = `${letterId}:${lang}`;
    let r = rendered.get(key);
    if (!r) {
      const letter = await store.get(letterId);
      if (!letter) throw new Error('the letter was removed');
      r = renderLetter({ id: letter.id, subject: letter[`subject_${lang}`], body: letter[`body_${lang}`] }, lang, await options.content(), { origin });
      rendered.set(key, r);
    }
    return r;
  }

  async function mailOf(letterId: string, lang: Language, to: string, unsubscribeUrl: string, messageId: string) {
    const r = personalise(await renderedFor(letterId, lang), unsubscribeUrl);
    const from = mail!.from;
    return {
      from,
      to,
      subject: r.subject,
      html: r.html,
      text: r.text,
      messageId,
      headers: {
        'List-Unsubscribe': `<${unsubscribeUrl}>, <mailto:${from.address}?subject=unsubscribe>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        'Content-Language': lang,
      },
      disableFileAccess: true,
      disableUrlAccess: true,
    };
  }

  async function deliver(row: Claimed): Promise<Outcome> {
    try {
      if (rate) {
        const at = Date.now();
        nextSlot = Math.max(nextSlot + rate, at);
        if (nextSlot > at) await new Promise((r) => setTimeout(r, nextSlot - at));
      }
      const token = await tokens.make('unsubscribe', { id: row.subscriber, tokenSeed: row.seed });
      const url = new URL(FAN_PATHS.unsubscribe(token), origin).href;
      const domain = mail!.from.address.split('@')[1];
      await transportOf().sendMail(await mailOf(row.letter, row.lang, row.email, url, `<letter-${row.letter}-${row.subscriber}@${domain}>`));
      return { row, kind: 'sent' };
    } catch (error) {
      const kind = refusalKind(error);
      if (kind === 'unreachable') paused = Math.max(paused, now() + timing.unreachableMs);
      return { row, kind, error: message(error) };
    }
  }

  async function worker(): Promise<void> {
    let outcome: Outcome | undefined;
    working++;
    try {
      for (;;) {
        const row = await commit(outcome);
        if (!row) return;
        outcome = await deliver(row);
      }
    } finally {
      working--;
      // The others need not wait for this one any more.
      if (gathered && waiting.length >= working) gathered();
    }
  }

  async function finishLetters(): Promise<void> {
    await db.client.execute({
      sql: `UPDATE letters SET status = 'sent', finished_at = ? WHERE status = 'sending'
            AND NOT EXISTS (SELECT 1 FROM letter_deliveries WHERE letter = letters.id AND state IN ('queued', 'retrying', 'sending'))`,
      args: [now()],
    });
  }

  async function pass(): Promise<void> {
    const at = now();
    const content = await options.content();
    await store.releaseDay(content, at);
    await store.due(at);
    if (!mail || paused > at) return;
    drained = false;
    rendered.clear();
    await Promise.all(Array.from({ length: pool }, () => worker()));
    await finishLetters();
  }

  const passes = serialPasses(pass, {
    skip: () => stopped,
    onError: (error) => options.log?.error({ err: { message: message(error) } }, 'letters: a sending pass failed'),
  });
  const kick = passes.kick;

  const timer = setInterval(() => void kick(), timing.pollMs);
  timer.unref();

  return {
    configured: !!mail,
    store,
    async recover() {
      const res = await db.client.execute({
        sql: `UPDATE letter_deliveries SET state = 'uncertain', error = 'in flight when the server stopped: not sent again, so that nobody gets it twice' WHERE state = 'sending'`,
        args: [],
      });
      if (res.rowsAffected)
        options.log?.warn({ uncertain: res.rowsAffected }, 'letters: mails in flight when the server stopped are marked uncertain (not sent again)');
      return res.rowsAffected;
    },
    kick,
    async sendTest(id, to) {
      if (!mail) throw new Error('Mail is not set up (SMTP_URL, MAIL_FROM).');
      for (const lang of ['en', 'ro'] as const) {
        rendered.delete(`${id}:${lang}`);
        const m = await mailOf(
          id,
          lang,
          to,
          new URL(FAN_PATHS.unsubscribe('test'), origin).href,
          `<letter-${id}-test-${lang}-${now()}@${mail.from.address.split('@')[1]}>`,
        );
        rendered.delete(`${id}:${lang}`);
        await transportOf().sendMail({ ...m, subject: `[Test] ${m.subject}` });
      }
    },
    pausedUntil: () => (paused > now() ? paused : 0),
    async stop() {
      stopped = true;
      clearInterval(timer);
      await passes.idle();
      transport?.close();
    },
  };
}
