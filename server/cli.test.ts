/** The admin command line, run as a child process as an operator would, against a real SQLite file. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createAccount, findAccount, resetPassword } from './auth/accounts';
import { verifyPassword } from './auth/password';
import { openDatabase } from './db/client';
import { contentRepo } from './db/content-repo';
import { exportContent, importFromFile, backup, loadSample, restore, seedFirstStart } from './maintenance';
import { KIND_SCHEMAS, ReleaseInputSchema } from '../src/content/model';
import { zonedInstant } from '../src/content/zoned-time';
import { siteConfig } from '../site.config';
import { featuredRelease, isScheduled } from '../src/content/release-cycle';
import { runCli, startServer } from './test/child-server';
import { tempDir } from './test/helpers';
import { EMPTY_CONTENT } from '../src/content/page-data';

const tmp = tempDir('scena-cli-');
afterAll(() => tmp.remove());
const env = (name: string, extra: Record<string, string> = {}) => ({ DATABASE_URL: join(tmp.dir, `${name}.db`), ADMIN_PASSWORD: '', ...extra });

describe('npm run admin', () => {
  it('is what a server started without an admin account says to run', async () => {
    const server = await startServer({ ...env('empty'), DIST_DIR: join(tmp.dir, 'no-dist'), ADMIN_EMAIL: 'Owner@Example.com' });
    await server.kill('SIGTERM');
    expect(server.startOutput).toContain('No admin account exists yet for owner@example.com');
    expect(server.startOutput).toContain('npm run admin -- create owner@example.com');
  }, 30_000);

  it('creates an account with the password from ADMIN_PASSWORD or from standard input, and refuses weak ones', async () => {
    const e = env('create');
    const weak = await runCli(['create', 'admin@tudorvale.ro'], { ...e, ADMIN_PASSWORD: 'password123' });
    expect(weak.code).toBe(1);
    expect(weak.out).toMatch(/common passwords/);
    const made = await runCli(['create', 'admin@tudorvale.ro'], { ...e, ADMIN_PASSWORD: 'violet-harbour-1987' });
    expect(made.code, made.out).toBe(0);
    const other = await runCli(['create', 'fan@example.com'], e, 'quiet-lantern-2024\n');
    expect(other.code, other.out).toBe(0);
    expect(other.out).toMatch(/Not authorized/);
    const reset = await runCli(['reset-password', 'admin@tudorvale.ro'], e, 'amber-meadow-5521\n');
    expect(reset.code, reset.out).toBe(0);
    const db = await openDatabase(`file:${e.DATABASE_URL}`);
    try {
      const account = (await findAccount(db, 'admin@tudorvale.ro'))!;
      expect(account.passwordHash).toMatch(/^\$argon2id\$/);
      expect(await verifyPassword(account.passwordHash, 'amber-meadow-5521')).toBe(true);
      expect(await verifyPassword(account.passwordHash, 'violet-harbour-1987')).toBe(false);
      await expect(createAccount(db, 'ADMIN@tudorvale.ro', 'violet-harbour-1987')).rejects.toThrow(/already exists/);
      await expect(createAccount(db, 'x@example.com', 'x7$kQ2')).rejects.toThrow(/at least 8/);
      await expect(resetPassword(db, 'nobody@example.com', 'amber-meadow-5521')).rejects.toThrow(/no account/);
    } finally {
      db.close();
    }
    const usage = await runCli([], e);
    expect(usage.code).toBe(64);
    expect(usage.out).toMatch(/Usage/);
  }, 60_000);

  it('exports and imports all content, refusing an invalid file without changing anything', async () => {
    const e = env('export');
    const db = await openDatabase(`file:${e.DATABASE_URL}`);
    const repo = contentRepo(db);
    try {
      await repo.save('settings', { heroTitle_en: 'Hello', links: { spotify: 'https://open.spotify.com/a' } });
      await repo.save('stats', { monthlyListeners: 42 });
      await repo.add('releases', { title: 'A', meta: '2023', url: '', cover: '' });
      await repo.add('collaborators', { name: 'Irina', role: 'Artist' });
      const file = join(tmp.dir, 'content.json');
      const exported = await runCli(['export', file], e);
      expect(exported.code, exported.out).toBe(0);
      const data = JSON.parse(readFileSync(file, 'utf8'));
      expect(data.content).toEqual((await exportContent(db)).content);

      await repo.replaceAll(EMPTY_CONTENT);
      const imported = await runCli(['import', file], e);
      expect(imported.code, imported.out).toBe(0);
      expect(await repo.snapshot()).toEqual({ ...data.content });

      const bad = join(tmp.dir, 'bad.json');
      data.content.releases[0].url = 'javascript:alert(1)';
      writeFileSync(bad, JSON.stringify(data));
      const before = await repo.snapshot();
      await expect(importFromFile(db, bad)).rejects.toThrow(/content\.releases\.0\.url must be an https:\/\/ link/);
      expect(await repo.snapshot()).toEqual(before);
    } finally {
      db.close();
    }
  }, 30_000);

  it('refuses to overwrite a file on backup, and to restore something that is not a backup', async () => {
    const e = env('backup');
    const db = await openDatabase(`file:${e.DATABASE_URL}`);
    try {
      await contentRepo(db).add('releases', { title: 'Kept', meta: '', url: '', cover: '' });
      const file = join(tmp.dir, 'b.db');
      await backup(db, file);
      expect(existsSync(file)).toBe(true);
      await expect(backup(db, file)).rejects.toThrow(/already exists/);
      const junk = join(tmp.dir, 'junk.db');
      writeFileSync(junk, 'not a database at all, just text '.repeat(200));
      await expect(restore(db, junk)).rejects.toThrow(/not a Scena backup/);
      expect((await contentRepo(db).list('releases')).map((r) => r.title)).toEqual(['Kept']);
    } finally {
      db.close();
    }
  }, 30_000);

  it('fills an empty database with the sample catalogue, and never over existing content unless told to', async () => {
    const e = env('sample');
    const first = await runCli(['sample'], e);
    expect(first.code, first.out).toBe(0);
    expect(first.out).toMatch(
      /Loaded the sample catalogue: 25 releases, 8 collaborators, 4 services with prices, 10 credits and 4 testimonials, 25 shows \(5 upcoming with posters\), settings and stats, a portrait and 35 covers/,
    );
    const db = await openDatabase(`file:${e.DATABASE_URL}`);
    try {
      const content = await contentRepo(db).snapshot();
      expect(content.releases.map((r) => r.title)).toContain('Lumini de oraș');
      expect(content.settings?.bio1_ro).toMatch(/producător și artist din Cluj-Napoca/);
      // Each image is in the media folder beside the database, its alt text in both languages: a portrait, 35 covers,
      // 5 posters, and the press kit's two photos and logo.
      expect(content.media).toHaveLength(44);
      expect(content.pressPhotos?.map((p) => p.credit)).toEqual(['Ana Pop', 'Mihai Ene']);
      expect(content.quotes).toHaveLength(3);
      // What a client weighs: prices and turnarounds, credits with their covers, what clients say.
      expect(content.services.map((s) => [s.title_en, s.priceFrom, s.currency, s.daysFrom, s.daysTo])).toEqual([
        ['Custom beats', 150, 'EUR', 3, 5],
        ['Mixing', 200, 'EUR', 4, 7],
        ['Mastering', 60, 'EUR', 2, 3],
        ['Collabs', 0, 'EUR', 0, 0],
      ]);
      expect(content.credits).toHaveLength(10);
      const mediaIds = new Set(content.media!.map((m) => m.id));
      expect(content.credits.every((c) => mediaIds.has(c.cover) && c.roles.length > 0)).toBe(true);
      expect(content.testimonials.map((t) => t.name)).toEqual(['Irina Dobre', 'Ana Stan', 'Luca Mihai', 'Corina Mureșan']);
      // A realistic catalogue: every release valid as the API takes it, each with its own address; one scheduled
      // ahead on the artist's clock; the featured one out.
      for (const release of content.releases) {
        const { id: _id, ...value } = release;
        expect(ReleaseInputSchema.safeParse(value).error?.issues, release.title).toBeUndefined();
      }
      expect(new Set(content.releases.map((r) => r.slug)).size).toBe(25);
      expect(content.releases.filter((r) => isScheduled(r, Date.now())).map((r) => r.title)).toEqual(['Ora albastră']);
      expect(featuredRelease(content, Date.now())?.id).toBe(content.settings?.featuredRelease);
      expect(content.collaborators).toHaveLength(8);
      // Shows (issue 23): five ahead of now whenever the sample is made (one sold out, one cancelled, a festival in
      // Lisbon on its own clock, one rescheduled with its previous date), each with a poster; twenty played. All valid.
      for (const show of content.shows) {
        const { id: _id, ...value } = show;
        expect(KIND_SCHEMAS.shows.safeParse(value).error?.issues, show.slug).toBeUndefined();
      }
      const ahead = content.shows.filter((s) => zonedInstant(s.start, s.timeZone || siteConfig.artist.timeZone)! > Date.now());
      expect(ahead.map((s) => s.state)).toEqual(['scheduled', 'sold-out', 'cancelled', 'scheduled', 'rescheduled']);
      expect(ahead.find((s) => s.kind === 'festival')).toMatchObject({ city: 'Lisboa', country: 'PT', timeZone: 'Europe/Lisbon' });
      expect(ahead.find((s) => s.state === 'rescheduled')?.previousStart).not.toBe('');
      expect(ahead.every((s) => mediaIds.has(s.poster))).toBe(true);
      expect(content.shows.length - ahead.length).toBe(20);
      expect(new Set(content.shows.map((s) => s.country)).size).toBeGreaterThan(8);
      expect(new Set(content.shows.map((s) => s.slug)).size).toBe(25);
      expect(content.settings?.portrait).toBe('sample-image-portrait');
      // The press kit's documents (issue 31, decision 0055): a rider and a stage plot as PDFs and the logo as an SVG,
      // checked and stored as uploads are, the press kit pointing at them.
      expect(content.documents?.map((d) => [d.name, d.format, d.pages])).toEqual([
        ['Rider tehnic Tudor Vale 2026.pdf', 'pdf', 2],
        ['Plan de scenă Tudor Vale.pdf', 'pdf', 1],
        ['Logo Tudor Vale.svg', 'svg', 0],
      ]);
      expect(content.press).toMatchObject({ rider: 'sample-document-rider', stagePlot: 'sample-document-stage-plot', logoSvg: 'sample-document-logo' });
      for (const doc of content.documents ?? []) {
        expect(existsSync(join(dirname(e.DATABASE_URL), 'media', `${doc.src.slice('/media/'.length)}.${doc.format}`)), doc.id).toBe(true);
      }
      for (const image of content.media ?? []) {
        expect(image.alt_en && image.alt_ro, image.id).toBeTruthy();
        expect(existsSync(join(dirname(e.DATABASE_URL), 'media', `${image.src.slice('/media/'.length)}-320.avif`)), image.id).toBe(true);
      }
      // The artist's own change must survive a second `sample`.
      await contentRepo(db).save('settings', { heroTitle_en: 'My own title' });
    } finally {
      db.close();
    }
    const again = await runCli(['sample'], e);
    expect(again.code).toBe(1);
    expect(again.out).toMatch(/already holds content.*sample --replace/);
    const check = await openDatabase(`file:${e.DATABASE_URL}`);
    try {
      expect((await contentRepo(check).read('settings'))?.heroTitle_en).toBe('My own title');
    } finally {
      check.close();
    }
    const replaced = await runCli(['sample', '--replace'], e);
    expect(replaced.code, replaced.out).toBe(0);
    expect((await runCli(['sample', 'extra'], e)).code).toBe(64);
  }, 300_000);

  it('takes the sample over the first-start content only as it was written, never over an earlier sample', async () => {
    const { dir } = tempDir('seed');
    const db = await openDatabase(`file:${join(dir, 'scena.db')}`);
    try {
      expect(await seedFirstStart(db)).toBe(true);
      // Once only: removing a seeded album never brings it back.
      const repo = contentRepo(db);
      expect((await repo.list('releases')).map((r) => r.title)).toEqual(['Lumini de oraș', 'Nocturn']);
      expect(await seedFirstStart(db)).toBe(false);
      expect((await loadSample(db, false)).releases).toHaveLength(25);
      await expect(loadSample(db, false)).rejects.toThrow(/already holds content/);
    } finally {
      db.close();
    }
    const edited = await openDatabase(`file:${join(dir, 'edited.db')}`);
    try {
      await seedFirstStart(edited);
      const repo = contentRepo(edited);
      await repo.remove('releases', 'seed-nocturn');
      expect(await seedFirstStart(edited)).toBe(false);
      expect((await repo.list('releases')).map((r) => r.title)).toEqual(['Lumini de oraș']);
      // The admin changed the seed: it is their content now.
      await expect(loadSample(edited, false)).rejects.toThrow(/already holds content/);
      expect((await repo.list('releases')).map((r) => r.title)).toEqual(['Lumini de oraș']);
    } finally {
      edited.close();
    }
  });
});
