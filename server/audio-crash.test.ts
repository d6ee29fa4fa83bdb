/**
 * A kill during a transcode (docs/decisions/0027-audio-with-ffmpeg.md), on the chaos harness (test/chaos.ts): the server
 * (a child process, real FFmpeg) is killed with SIGKILL while an upload converts, then while its Retry converts. Its FFmpeg does not run on; no rendition was written; after a restart
 * the item says it was interrupted, never ready with half a file, and Retry converts it from the kept original.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AudioItem } from '../src/content/model';
import { createAccount } from './auth/accounts';
import { openDatabase } from './db/client';
import { uploadNoise } from './media/audio/fixtures';
import { INTERRUPTED } from './media/audio/library';
import { ADMIN, tempDir } from './test/helpers';
import { signInOver, startServer, type ChildServer } from './test/child-server';
import { chaosRounds, chaosTimeout, killInTheMiddle } from './test/chaos';

const tmp = tempDir('scena-audio-crash-');
const dbFile = join(tmp.dir, 'scena.db');
const mediaDir = join(tmp.dir, 'media');
const env = { DATABASE_URL: dbFile, DIST_DIR: join(tmp.dir, 'no-dist') };
let server: ChildServer | undefined;

beforeAll(async () => {
  const db = await openDatabase(`file:${dbFile}`);
  await createAccount(db, ADMIN.email, ADMIN.password);
  db.close();
});
afterAll(async () => {
  await server?.kill();
  tmp.remove();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The FFmpeg processes working in this test's media folder (from /proc: their command lines name it). */
function ffmpegsHere(): number[] {
  return readdirSync('/proc')
    .filter((pid) => /^\d+$/.test(pid))
    .filter((pid) => {
      try {
        const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        return command.includes('ffmpeg') && command.includes(mediaDir);
      } catch {
        return false;
      }
    })
    .map(Number);
}

async function progressOf(url: string, cookie: string, id: string) {
  const res = await fetch(`${url}/api/admin/audio/${id}/progress`, { headers: { cookie } });
  return (await res.json()) as { status: string; fraction: number; problem: string };
}

describe('a kill during a transcode', () => {
  it(
    'leaves the item interrupted (never half ready) each time, and Retry makes it ready',
    async () => {
      server = await startServer(env);
      let cookie = await signInOver(server.url, ADMIN.email, ADMIN.password);
      const audio = await uploadNoise(server.url, cookie, tmp.dir, 90, 5);
      const hash = audio.src.slice('/media/'.length);
      const retry = async () => {
        const retried = await fetch(`${server!.url}/api/admin/audio/${audio.id}/retry`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json' },
          body: '{}',
        });
        expect(retried.status).toBe(200);
        expect(((await retried.json()) as { audio: AudioItem }).audio.status).toBe('processing');
      };

      await killInTheMiddle({
        name: 'a transcode',
        kills: chaosRounds(2),
        jitterMs: 300,
        async start(round) {
          // The first round converts the upload; each later one the Retry of the item the last kill interrupted.
          if (round > 0) await retry();
          return server!;
        },
        // Under way: the conversion has begun and not ended, its one FFmpeg running.
        underWay: async () => {
          const { fraction } = await progressOf(server!.url, cookie, audio.id);
          return fraction > 0 && fraction < 1 && ffmpegsHere().length === 1;
        },
        async after() {
          const held: string[] = [];
          server = undefined;
          // Its FFmpeg stops too (its next write to the dead server's pipe fails), and no rendition exists.
          for (let waited = 0; waited < 5_000 && ffmpegsHere().length; waited += 50) await sleep(50);
          expect(ffmpegsHere()).toEqual([]);
          held.push('its FFmpeg gone');
          const names = readdirSync(mediaDir);
          expect(names).toContain(`${hash}.original`);
          expect(names.filter((n) => n === `${hash}.webm` || n === `${hash}.m4a`)).toEqual([]);
          held.push('the original kept, no rendition');
          server = await startServer(env);
          cookie = await signInOver(server.url, ADMIN.email, ADMIN.password);
          expect(await progressOf(server.url, cookie, audio.id)).toEqual({ status: 'failed', fraction: 0, problem: INTERRUPTED });
          held.push('after a restart: interrupted, never half ready');
          return { held };
        },
        async end() {
          await retry();
          let progress = await progressOf(server!.url, cookie, audio.id);
          // A 90 s recording's conversion, at FFmpeg's low priority: past a minute on a loaded 2-core machine (a CI run).
          for (const until = Date.now() + 150_000; Date.now() < until && progress.status === 'processing';) {
            await sleep(100);
            progress = await progressOf(server!.url, cookie, audio.id);
          }
          expect(progress).toEqual({ status: 'ready', fraction: 1, problem: '' });
          const item = (await (await fetch(`${server!.url}/api/admin/audio`, { headers: { cookie } })).json()) as { audio: AudioItem[] };
          expect(Math.abs(item.audio[0]!.durationMs - 90_000)).toBeLessThan(50);
          expect(readdirSync(mediaDir)).toEqual(expect.arrayContaining([`${hash}.webm`, `${hash}.m4a`]));
          await server!.kill('SIGTERM');
          server = undefined;
          return ['next Retry converts it'];
        },
      });
    },
    // The last conversion's wait besides: 150 s more than the kills'.
    chaosTimeout(chaosRounds(2), undefined, 210_000),
  );
});
