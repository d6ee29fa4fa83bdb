/**
 * FFmpeg killed by its time limit (issue 30, "Resources that run out"; docs/decisions/0041-chaos-and-resources.md): the
 * real server (a child process, real FFmpeg) with a conversion limit of 200 ms (AUDIO_TIME_LIMIT_MS): FFmpeg is killed
 * with SIGKILL when it passes, the item says so (failed, with the limit in its words, in English and in the admin's
 * Romanian), no rendition is left, and after a restart with the normal limit Retry converts it.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AudioItem } from '../src/content/model';
import { audioProblem } from '../src/admin/media/audio-problem';
import { createAccount } from './auth/accounts';
import { openDatabase } from './db/client';
import { uploadNoise } from './media/audio/fixtures';
import { INTERRUPTED } from './media/audio/library';
import { signInOver, startServer, type ChildServer } from './test/child-server';
import { ADMIN, tempDir } from './test/helpers';

const tmp = tempDir('scena-audio-limit-');
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

async function settled(url: string, cookie: string, id: string) {
  for (let waited = 0; waited < 60_000; waited += 100) {
    const res = (await (await fetch(`${url}/api/admin/audio`, { headers: { cookie } })).json()) as { audio: AudioItem[] };
    const item = res.audio.find((a) => a.id === id)!;
    if (item.status !== 'processing') return item;
    await sleep(100);
  }
  throw new Error('the conversion did not end in 60 s');
}

describe('FFmpeg at its time limit', () => {
  it('fails the item saying so (in both languages), leaves no rendition, and Retry with the normal limit converts it', async () => {
    server = await startServer({ ...env, AUDIO_TIME_LIMIT_MS: '200' });
    let cookie = await signInOver(server.url, ADMIN.email, ADMIN.password);
    const audio = await uploadNoise(server.url, cookie, tmp.dir, 60, 7);
    const hash = audio.src.slice('/media/'.length);

    const failed = await settled(server.url, cookie, audio.id);
    const problem = '“Long mix.wav” took longer than 200 ms to convert and was stopped: try again when the server is less busy.';
    expect(failed).toMatchObject({ status: 'failed', problem });
    // The admin's words for it: as the server wrote them in English, in Romanian as a person writes it.
    expect(audioProblem(failed.problem, 'en')).toBe(problem);
    expect(audioProblem(failed.problem, 'ro')).toBe(
      'Conversia fișierului „Long mix.wav” a durat mai mult de 200 ms și a fost oprită: reîncercați când serverul este mai puțin ocupat.',
    );
    expect(audioProblem(INTERRUPTED, 'ro')).toBe('Conversia a fost întreruptă (serverul s-a oprit înainte să o termine): apăsați „Reîncercați”.');
    // Killed, nothing half-written: the original kept for Retry, no rendition, no temporary file.
    const names = readdirSync(mediaDir);
    expect(names).toContain(`${hash}.original`);
    expect(names.filter((n) => n.startsWith(hash) && n !== `${hash}.original`)).toEqual([]);
    expect(names.filter((n) => n.startsWith('.tmp-'))).toEqual([]);

    // The normal limit again (the limit its length gives): Retry converts it.
    await server.kill('SIGTERM');
    server = await startServer(env);
    cookie = await signInOver(server.url, ADMIN.email, ADMIN.password);
    const retried = await fetch(`${server.url}/api/admin/audio/${audio.id}/retry`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(retried.status).toBe(200);
    const ready = await settled(server.url, cookie, audio.id);
    expect(ready).toMatchObject({ status: 'ready', problem: '' });
    expect(Math.abs(ready.durationMs - 60_000)).toBeLessThan(50);
    expect(readdirSync(mediaDir)).toEqual(expect.arrayContaining([`${hash}.webm`, `${hash}.m4a`]));
    await server.kill('SIGTERM');
    server = undefined;
  }, 120_000);
});
