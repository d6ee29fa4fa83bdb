/**
 * A letter to 2,000 people survives a SIGKILL of the real server process in the middle of sending: after a restart
 * the queue carries on by itself, nobody gets the letter twice, every other person gets it once, and those in flight
 * at the kill (at most the pool's size) are reported uncertain, not sent again.
 */
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createAccount } from '../auth/accounts';
import { openDatabase } from '../db/client';
import { ADMIN, tempDir } from '../test/helpers';
import { signInOver, startServer } from '../test/child-server';
import { addFans, manyFans, smtpSink } from '../test/letters';
import { LETTER_POOL } from './letter-sender';
import { letterStore } from './letters';

const PEOPLE = 2_000;
const tmp = tempDir('scena-letters-crash-');
afterAll(() => tmp.remove());

describe('a letter and a crash', () => {
  it(`SIGKILL during a ${PEOPLE}-person send, then a restart: nobody twice, every other one once, the in-flight ones uncertain`, async () => {
    const sink = await smtpSink({ keep: false });
    const dbFile = join(tmp.dir, 'scena.db');
    const db = await openDatabase(`file:${dbFile}`);
    await createAccount(db, ADMIN.email, ADMIN.password);
    const fans = manyFans(PEOPLE);
    await addFans(db, fans);
    const store = letterStore(db);
    const letter = await store.create({ subject_en: 'Hello', subject_ro: 'Salut', body_en: 'A **new** song.', body_ro: 'O piesă **nouă**.' });
    expect(await store.queue(letter.id)).toBe(PEOPLE);
    db.close();

    const env = {
      DATABASE_URL: dbFile,
      DIST_DIR: join(tmp.dir, 'no-dist'),
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      MAIL_FROM: 'letters@tudorvale.ro',
    };
    let server = await startServer(env);
    // Killed once about a third has gone out.
    const deadline = Date.now() + 60_000;
    while (sink.received.length < PEOPLE / 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    await server.kill('SIGKILL');
    const atKill = sink.received.length;
    expect(atKill).toBeGreaterThan(0);
    expect(atKill).toBeLessThan(PEOPLE);

    server = await startServer(env);
    const cookie = await signInOver(server.url, ADMIN.email, ADMIN.password);
    let status = '';
    let counts: Record<string, number> = {};
    while (Date.now() < deadline + 60_000) {
      const res = (await (await fetch(`${server.url}/api/admin/letters/${letter.id}`, { headers: { cookie } })).json()) as {
        letter: { status: string; counts: Record<string, number> };
      };
      ({ status, counts } = res.letter);
      if (status === 'sent') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await server.kill('SIGTERM');
    await sink.close();

    expect(status).toBe('sent');
    expect(counts.uncertain).toBeLessThanOrEqual(LETTER_POOL);
    expect((counts.sent ?? 0) + (counts.uncertain ?? 0)).toBe(PEOPLE);
    const check = await openDatabase(`file:${dbFile}`);
    const uncertain = new Set(
      (
        await check.client.execute({
          sql: "SELECT s.email FROM letter_deliveries d JOIN subscribers s ON s.id = d.subscriber WHERE d.state = 'uncertain'",
          args: [],
        })
      ).rows.map((r) => String(r.email)),
    );
    check.close();
    const twice = fans.filter((f) => sink.count(f.email) > 1);
    expect(twice).toEqual([]);
    const missing = fans.filter((f) => !uncertain.has(f.email) && sink.count(f.email) !== 1);
    expect(missing).toEqual([]);
  }, 180_000);
});
