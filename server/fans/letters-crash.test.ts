/**
 * A letter to 2,000 people survives SIGKILLs of the real server process in the middle of sending (on the chaos harness,
 * test/chaos.ts): after each restart the queue carries on by itself, nobody gets the letter twice, every other person gets it once, and those in flight
 * at each kill (at most the pool's size a kill) are reported uncertain, not sent again.
 */
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createAccount } from '../auth/accounts';
import { openDatabase } from '../db/client';
import { ADMIN, tempDir } from '../test/helpers';
import { signInOver, startServer, type ChildServer } from '../test/child-server';
import { chaosRounds, chaosTimeout, killInTheMiddle } from '../test/chaos';
import { addFans, manyFans } from '../test/letters';
import { smtpSink } from '../test/smtp';
import { LETTER_POOL } from './letter-sender';
import { letterStore } from './letters';

const PEOPLE = 2_000;
const tmp = tempDir('scena-letters-crash-');
afterAll(() => tmp.remove());

describe('a letter and a crash', () => {
  it(
    `SIGKILLs during a ${PEOPLE}-person send, each followed by a restart: nobody twice, every other one once, the in-flight ones uncertain`,
    async () => {
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
      // Killed once about a third has gone out, then (after a restart that carries on by itself) again at two thirds;
      // 20 times in `npm run chaos`, each a little further on.
      const kills = chaosRounds(2);
      const deadline = Date.now() + 120_000;
      let server: ChildServer | undefined;
      await killInTheMiddle({
        name: "a letter's sending",
        kills,
        async start() {
          server = await startServer(env);
          return server;
        },
        underWay: (() => {
          let round = 0;
          return () => {
            const due = sink.received.length >= ((round + 1) * PEOPLE) / (kills + 1);
            if (due) round++;
            return due || Date.now() > deadline;
          };
        })(),
        async after() {
          const atKill = sink.received.length;
          expect(atKill).toBeGreaterThan(0);
          expect(atKill).toBeLessThan(PEOPLE);
          // Nobody has it twice so far.
          expect(fans.filter((f) => sink.count(f.email) > 1)).toEqual([]);
          return { held: ['stopped in the middle, nobody twice so far'] };
        },
      });

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
      expect(counts.uncertain).toBeLessThanOrEqual(LETTER_POOL * kills);
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
    },
    chaosTimeout(chaosRounds(2), 20_000, 180_000),
  );
});
