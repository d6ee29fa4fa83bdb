/**
 * Letters to the fans: their storage, the queue a letter is put in when it is sent, and the release-day letters
 * (docs/decisions/0035-fans-by-email.md, Letters). The sending itself is ./letter-sender.ts.
 *
 * Queueing is one transaction: the letter becomes `sending` and gets one delivery row per confirmed subscriber, in
 * their language, or nothing changes at all (a full disk, a locked database: the letter stays as it was).
 */
import { randomBytes } from 'node:crypto';
import type { Language } from '../../src/content/constants';
import type { PublicContent, Release } from '../../src/content/model';
import { isOut } from '../../src/content/release-cycle';
import type { Database } from '../db/client';
import { letterProblems } from './letter-render';
import type { FormatProblem } from './letter-format';
import type { DeliveryState, LetterStatus, LetterView, LetterWords } from '../../src/content/letters';

/** The shapes the admin sees (src/content/letters.ts) are the server's own: one declaration for both. */
export type { DeliveryState, LetterStatus } from '../../src/content/letters';
export type LetterInput = LetterWords;
export type Letter = LetterView;
export const DELIVERY_STATES = [
  'queued',
  'sending',
  'sent',
  'retrying',
  'bounced',
  'uncertain',
  'skipped',
  'cancelled',
] as const satisfies readonly DeliveryState[];

export const SUBJECT_MAX = 200;

/** The field "Write to my fans when it comes out" of a release (src/content/kinds/releases.ts). */
export const wantsLetter = (release: Pick<Release, 'fansLetter'>): boolean => release.fansLetter === 'yes';

const iso = (v: unknown) => (v === null || v === undefined ? '' : new Date(Number(v)).toISOString());
const EMPTY_COUNTS = () => Object.fromEntries([...DELIVERY_STATES, 'left'].map((s) => [s, 0])) as Letter['counts'];

function rowToLetter(r: Record<string, unknown>, counts: Letter['counts'] = EMPTY_COUNTS()): Letter {
  return {
    id: String(r.id),
    status: String(r.status) as LetterStatus,
    subject_en: String(r.subject_en),
    subject_ro: String(r.subject_ro),
    body_en: String(r.body_en),
    body_ro: String(r.body_ro),
    release: r.release === null ? '' : String(r.release),
    sendAt: iso(r.send_at),
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    queuedAt: iso(r.queued_at),
    finishedAt: iso(r.finished_at),
    counts,
  };
}

/** Each problem of a letter, by field (subject_en … body_ro), in both languages; empty: it can be sent. */
export function problemsOf(input: LetterInput, content: PublicContent): { field: keyof LetterInput; problems: FormatProblem[] }[] {
  const out: { field: keyof LetterInput; problems: FormatProblem[] }[] = [];
  for (const lang of ['en', 'ro'] as const) {
    const subject = input[`subject_${lang}`];
    const sp: FormatProblem[] = [];
    if (!subject.trim()) sp.push({ line: 0, en: 'The subject is empty.', ro: 'Subiectul este gol.' });
    if (subject.length > SUBJECT_MAX)
      sp.push({ line: 0, en: `The subject is longer than ${SUBJECT_MAX} characters.`, ro: `Subiectul are peste ${SUBJECT_MAX} de caractere.` });
    if (/[\r\n]/.test(subject)) sp.push({ line: 0, en: 'The subject must be one line.', ro: 'Subiectul trebuie să fie pe un singur rând.' });
    if (sp.length) out.push({ field: `subject_${lang}`, problems: sp });
    const bp = input[`body_${lang}`].trim()
      ? letterProblems(input[`body_${lang}`], content)
      : [{ line: 0, en: 'The letter is empty.', ro: 'Scrisoarea este goală.' }];
    if (bp.length) out.push({ field: `body_${lang}`, problems: bp });
  }
  return out;
}

/** A release's letter as drafted on release day: its cover, title and links (a card), and the artist's words. */
export function releaseLetter(release: Release): LetterInput {
  const words = (lang: Language) => String((release as unknown as Record<string, unknown>)[`description_${lang}`] ?? '').trim();
  const card = `[[release:${release.id}]]`;
  return {
    subject_en: `Out now: ${release.title}`.slice(0, SUBJECT_MAX),
    subject_ro: `A apărut: ${release.title}`.slice(0, SUBJECT_MAX),
    body_en: [`**${release.title}** is out today.`, words('en'), card, 'Thank you for listening.'].filter(Boolean).join('\n\n'),
    body_ro: [`**${release.title}** a apărut azi.`, words('ro'), card, 'Mulțumesc că asculți.'].filter(Boolean).join('\n\n'),
  };
}

export class LetterStateError extends Error {
  override name = 'LetterStateError';
  constructor(readonly status: LetterStatus | undefined) {
    super(status === undefined ? 'No such letter.' : `The letter is ${status}: it cannot be changed now.`);
  }
}

export interface LetterStore {
  list(): Promise<Letter[]>;
  get(id: string): Promise<Letter | undefined>;
  create(input: LetterInput, release?: string, status?: 'draft' | 'scheduled'): Promise<Letter>;
  /** Only a draft or a scheduled letter changes (a scheduled one stays scheduled). */
  update(id: string, input: LetterInput): Promise<Letter>;
  /** Only a draft or a cancelled letter is removed. */
  remove(id: string): Promise<void>;
  /** How many people a letter sent now would go to. */
  confirmedCount(): Promise<number>;
  /** Sets a time (ms) to send at; a release-day letter is scheduled by its release instead (at undefined). */
  schedule(id: string, at: number | undefined): Promise<Letter>;
  /** Back to a draft (not sent by itself). */
  unschedule(id: string): Promise<Letter>;
  /** Queues it now: one delivery per confirmed subscriber, in one transaction. Answers how many. */
  queue(id: string): Promise<number>;
  /** Stops a letter being sent: what is not yet out is not sent (the mails already out stay so). */
  cancel(id: string): Promise<Letter>;
  /**
   * Release day: drafts a letter for each release with "Write to my fans" ticked that has none (scheduled for its
   * release unless the release is already out), queues the scheduled ones whose release is out now, and takes back to
   * a draft those whose release was unticked or removed. Answers the letters queued.
   */
  releaseDay(content: PublicContent, now: number): Promise<string[]>;
  /** Queues the letters whose time has come; answers their ids. */
  due(now: number): Promise<string[]>;
}

export function letterStore(db: Database, now: () => number = Date.now): LetterStore {
  const read = async (id: string) => (await db.client.execute({ sql: 'SELECT * FROM letters WHERE id = ?', args: [id] })).rows[0];

  async function countsOf(ids: string[]): Promise<Map<string, Letter['counts']>> {
    const out = new Map<string, Letter['counts']>(ids.map((id) => [id, EMPTY_COUNTS()]));
    if (!ids.length) return out;
    const marks = ids.map(() => '?').join(',');
    const [states, left] = await db.client.batch(
      [
        { sql: `SELECT letter, state, count(*) AS n FROM letter_deliveries WHERE letter IN (${marks}) GROUP BY letter, state`, args: ids },
        {
          sql: `SELECT d.letter, count(*) AS n FROM letter_deliveries d JOIN subscribers s ON s.id = d.subscriber
                WHERE d.letter IN (${marks}) AND d.state = 'sent' AND s.status = 'unsubscribed' AND s.unsubscribed_at >= d.sent_at GROUP BY d.letter`,
          args: ids,
        },
      ],
      'read',
    );
    for (const r of states!.rows) out.get(String(r.letter))![String(r.state) as DeliveryState] = Number(r.n);
    for (const r of left!.rows) out.get(String(r.letter))!.left = Number(r.n);
    return out;
  }

  async function get(id: string): Promise<Letter | undefined> {
    const row = await read(id);
    return row ? rowToLetter(row, (await countsOf([id])).get(id)) : undefined;
  }

  async function changeable(id: string, allowed: LetterStatus[]): Promise<Record<string, unknown>> {
    const row = await read(id);
    if (!row || !allowed.includes(String(row.status) as LetterStatus)) throw new LetterStateError(row ? (String(row.status) as LetterStatus) : undefined);
    return row;
  }

  async function queue(id: string): Promise<number> {
    const at = now();
    // One transaction: the letter's status and every delivery row, or nothing (a write that fails rolls back both).
    const results = await db.client.batch(
      [
        {
          sql: `UPDATE letters SET status = 'sending', queued_at = ?, updated_at = ?, send_at = NULL WHERE id = ? AND status IN ('draft', 'scheduled')`,
          args: [at, at, id],
        },
        {
          sql: `INSERT OR IGNORE INTO letter_deliveries (letter, subscriber, lang, state, attempts, next_at)
                SELECT ?1, id, lang, 'queued', 0, ?2 FROM subscribers
                WHERE status = 'confirmed' AND EXISTS (SELECT 1 FROM letters WHERE id = ?1 AND status = 'sending' AND queued_at = ?2)`,
          args: [id, at],
        },
      ],
      'write',
    );
    if (results[0]!.rowsAffected !== 1) throw new LetterStateError(((await read(id))?.status as LetterStatus | undefined) ?? undefined);
    return results[1]!.rowsAffected;
  }

  return {
    async list() {
      const rows = (await db.client.execute('SELECT * FROM letters ORDER BY created_at DESC, id LIMIT 500')).rows;
      const counts = await countsOf(rows.map((r) => String(r.id)));
      return rows.map((r) => rowToLetter(r, counts.get(String(r.id))));
    },
    get,
    async create(input, release, status = 'draft') {
      const id = randomBytes(6).toString('hex');
      const at = now();
      await db.client.execute({
        sql: `INSERT INTO letters (id, status, subject_en, subject_ro, body_en, body_ro, release, send_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, NULL, ?, ?)`,
        args: [id, status, input.subject_en, input.subject_ro, input.body_en, input.body_ro, release ?? null, at, at],
      });
      return (await get(id))!;
    },
    async update(id, input) {
      const at = now();
      const res = await db.client.execute({
        sql: `UPDATE letters SET subject_en = ?, subject_ro = ?, body_en = ?, body_ro = ?, updated_at = ? WHERE id = ? AND status IN ('draft', 'scheduled')`,
        args: [input.subject_en, input.subject_ro, input.body_en, input.body_ro, at, id],
      });
      if (res.rowsAffected !== 1) throw new LetterStateError(((await read(id))?.status as LetterStatus | undefined) ?? undefined);
      return (await get(id))!;
    },
    async remove(id) {
      const res = await db.client.execute({ sql: `DELETE FROM letters WHERE id = ? AND status IN ('draft', 'cancelled')`, args: [id] });
      if (res.rowsAffected !== 1) throw new LetterStateError(((await read(id))?.status as LetterStatus | undefined) ?? undefined);
    },
    async confirmedCount() {
      return Number((await db.client.execute("SELECT count(*) AS n FROM subscribers WHERE status = 'confirmed'")).rows[0]!.n);
    },
    async schedule(id, at) {
      await changeable(id, ['draft', 'scheduled']);
      await db.client.execute({
        sql: `UPDATE letters SET status = 'scheduled', send_at = ?, updated_at = ? WHERE id = ? AND status IN ('draft', 'scheduled')`,
        args: [at ?? null, now(), id],
      });
      return (await get(id))!;
    },
    async unschedule(id) {
      await changeable(id, ['scheduled']);
      await db.client.execute({
        sql: `UPDATE letters SET status = 'draft', send_at = NULL, updated_at = ? WHERE id = ? AND status = 'scheduled'`,
        args: [now(), id],
      });
      return (await get(id))!;
    },
    queue,
    async cancel(id) {
      await changeable(id, ['scheduled', 'sending']);
      const at = now();
      await db.client.batch(
        [
          {
            sql: `UPDATE letters SET status = 'cancelled', finished_at = ?, updated_at = ? WHERE id = ? AND status IN ('scheduled', 'sending')`,
            args: [at, at, id],
          },
          { sql: `UPDATE letter_deliveries SET state = 'cancelled' WHERE letter = ? AND state IN ('queued', 'retrying')`, args: [id] },
        ],
        'write',
      );
      return (await get(id))!;
    },
    async releaseDay(content, at) {
      const releases = content.releases ?? [];
      const letters = (await db.client.execute('SELECT id, status, release FROM letters WHERE release IS NOT NULL')).rows;
      const byRelease = new Map(letters.map((r) => [String(r.release), { id: String(r.id), status: String(r.status) }]));
      const queued: string[] = [];
      for (const release of releases) {
        const letter = byRelease.get(release.id);
        if (!wantsLetter(release)) continue;
        if (!letter) {
          // Ticked on a release that is out already: drafted, not sent by itself (the artist sends it, or not).
          const status = isOut(release, at) ? 'draft' : 'scheduled';
          const input = releaseLetter(release);
          const id = randomBytes(6).toString('hex');
          await db.client.execute({
            sql: `INSERT INTO letters (id, status, subject_en, subject_ro, body_en, body_ro, release, send_at, created_at, updated_at)
                  VALUES (?, ?, ?, ?, ?, ?, ?, NULL, ?, ?) ON CONFLICT DO NOTHING`,
            args: [id, status, input.subject_en, input.subject_ro, input.body_en, input.body_ro, release.id, at, at],
          });
        } else if (letter.status === 'scheduled' && isOut(release, at)) {
          // The release is public now (its minute came, or it was published): its letter goes, once (queue() takes
          // only a letter still scheduled).
          try {
            await queue(letter.id);
            queued.push(letter.id);
          } catch (error) {
            if (!(error instanceof LetterStateError)) throw error;
          }
        }
      }
      // Unticked, or the release removed: its letter waits as a draft.
      const ticked = new Set(releases.filter(wantsLetter).map((r) => r.id));
      for (const [release, letter] of byRelease) {
        if (letter.status === 'scheduled' && !ticked.has(release)) {
          await db.client.execute({ sql: `UPDATE letters SET status = 'draft', updated_at = ? WHERE id = ? AND status = 'scheduled'`, args: [at, letter.id] });
        }
      }
      return queued;
    },
    async due(at) {
      const rows = (
        await db.client.execute({
          sql: `SELECT id FROM letters WHERE status = 'scheduled' AND release IS NULL AND send_at IS NOT NULL AND send_at <= ?`,
          args: [at],
        })
      ).rows;
      const queued: string[] = [];
      for (const r of rows) {
        try {
          await queue(String(r.id));
          queued.push(String(r.id));
        } catch (error) {
          if (!(error instanceof LetterStateError)) throw error;
        }
      }
      return queued;
    },
  };
}
