/**
 * History (docs/decisions/0019-history-and-undo.md): every admin write keeps exactly one version in
 * the same transaction as the change, a refused write keeps none, the last HISTORY_LIMIT per item stay,
 * any kept version can be restored (a removed item comes back with its id, at the end of its list), and
 * backup, restore, export and import carry the history.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HISTORY_LIMIT, type HistoryEntry, type RemovedItem } from '../src/content/backend';
import { LIST_LIMITS } from '../src/content/model';
import { createServerBackend } from '../src/content/backends/server';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { contentRepo } from './db/content-repo';
import { backup, exportContent, importFromFile, restore } from './maintenance';
import { ADMIN, JSON_HEADERS, addAccount, logCollector, signIn, tempDir, testApp, type TestApp } from './test/helpers';
import { fullItem } from '../src/content/fields/declare';
import { releases as releaseKind } from '../src/content/kinds';

/** A release as stored: the fields the write left out at their empty values, and its address. */
const stored = (slug: string, value: { title: string; meta: string; url: string; cover: string }) => ({ ...fullItem(releaseKind, value), slug });
/** Every field a release's create sets (an empty group of links sets none), sorted. */
const EVERY_FIELD = Object.keys(fullItem(releaseKind, {}))
  .filter((key) => key !== 'links')
  .sort();

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await testApp({ LOG_LEVEL: 'silent' }, { dist: false });
  await addAccount(t.app, ADMIN);
  cookie = await signIn(t.app);
});
afterAll(async () => {
  await t.close();
});

function send(method: string, url: string, payload?: unknown, app: FastifyInstance = t.app, session = cookie) {
  return app.inject({
    method: method as 'POST',
    url,
    headers: { ...JSON_HEADERS, cookie: session },
    ...(method === 'GET' ? {} : { payload: JSON.stringify(payload ?? {}) }),
  });
}
const historyCount = async () => Number((await t.app.services.db.client.execute('SELECT count(*) AS n FROM history')).rows[0]!.n);
const entries = async (path: string): Promise<HistoryEntry[]> => {
  const res = await send('GET', `/api/admin/history/${path}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().entries;
};
const removed = async (list: string): Promise<RemovedItem[]> => (await send('GET', `/api/admin/removed/${list}`)).json().items;
const addRelease = async (title: string) => {
  const res = await send('POST', '/api/admin/releases', { title, meta: '2026', url: '', cover: '' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().item.id as string;
};

describe('history', () => {
  it('keeps exactly one version per write, for every kind and action; a reorder keeps none', async () => {
    const writes: [string, string, unknown, string, HistoryEntry['action'], string[]][] = [
      [
        'PATCH',
        '/api/admin/settings',
        { heroTitle_en: 'One', links: { spotify: 'https://open.spotify.com/a' } },
        'settings',
        'create',
        ['heroTitle_en', 'links.spotify'],
      ],
      [
        'PATCH',
        '/api/admin/settings',
        { heroTitle_en: 'Two', links: { youtube: 'https://youtube.com/x' } },
        'settings',
        'update',
        ['heroTitle_en', 'links.youtube'],
      ],
      ['PUT', '/api/admin/stats', { monthlyListeners: 10 }, 'stats', 'create', ['monthlyListeners']],
      ['PUT', '/api/admin/stats', { monthlyListeners: 11 }, 'stats', 'update', ['monthlyListeners']],
    ];
    for (const [method, url, body, kind, action, changed] of writes) {
      const before = await historyCount();
      expect((await send(method, url, body)).statusCode).toBe(200);
      expect(await historyCount()).toBe(before + 1);
      const [newest] = await entries(kind);
      expect(newest).toMatchObject({ action, changed });
      expect(Date.parse(newest!.at)).toBeGreaterThan(Date.now() - 60_000);
    }
    // The merged value, whole.
    expect((await entries('settings'))[0]!.value).toEqual({
      heroTitle_en: 'Two',
      links: { spotify: 'https://open.spotify.com/a', youtube: 'https://youtube.com/x' },
    });
    expect((await entries('settings')).map((e) => e.version)).toEqual([2, 1]);

    let before = await historyCount();
    const id = await addRelease('Irina');
    const other = await addRelease('Other');
    expect(await historyCount()).toBe(before + 2);
    before = await historyCount();
    expect((await send('PUT', `/api/admin/releases/${id}`, { title: 'Irina', meta: '2027', url: '', cover: '' })).statusCode).toBe(200);
    expect(await historyCount()).toBe(before + 1);
    expect((await send('PUT', '/api/admin/releases/order', { ids: [other, id] })).statusCode).toBe(200);
    expect(await historyCount()).toBe(before + 1);
    expect((await send('DELETE', `/api/admin/releases/${id}`)).statusCode).toBe(200);
    expect(await historyCount()).toBe(before + 2);
    const kept = await entries(`releases/${id}`);
    expect(kept.map((e) => [e.version, e.action, [...e.changed].sort(), e.value])).toEqual([
      [3, 'remove', EVERY_FIELD, null],
      [2, 'update', ['meta'], stored('irina', { title: 'Irina', meta: '2027', url: '', cover: '' })],
      [1, 'create', EVERY_FIELD, stored('irina', { title: 'Irina', meta: '2026', url: '', cover: '' })],
    ]);
  });

  it('keeps no version of a refused write (400 invalid, 404 unknown id, 409 list full)', async () => {
    const before = await historyCount();
    expect((await send('PATCH', '/api/admin/settings', { heroTitle_en: 'x'.repeat(500) })).statusCode).toBe(400);
    expect((await send('PUT', '/api/admin/stats', { monthlyListeners: -1 })).statusCode).toBe(400);
    expect((await send('PUT', '/api/admin/releases/nope', { title: 'a', meta: '', url: '', cover: '' })).statusCode).toBe(404);
    expect((await send('DELETE', '/api/admin/collaborators/nope')).statusCode).toBe(404);
    expect(await historyCount()).toBe(before);

    // Fill collaborators to the cap; the add past it is refused and leaves no version behind.
    const have = ((await t.app.inject({ url: '/api/collaborators' })).json().collaborators as unknown[]).length;
    for (let i = have; i < LIST_LIMITS.collaborators; i++) {
      expect((await send('POST', '/api/admin/collaborators', { name: `N${i}`, role: 'R' })).statusCode).toBe(201);
    }
    const full = await historyCount();
    const res = await send('POST', '/api/admin/collaborators', { name: 'One too many', role: 'R' });
    expect(res.statusCode).toBe(409);
    expect(await historyCount()).toBe(full);
    expect((await t.app.services.db.client.execute("SELECT count(*) AS n FROM history WHERE value LIKE '%One too many%'")).rows[0]!.n).toBe(0);

    // A removed collaborator cannot come back while the list is full: 409, and no version.
    const first = ((await t.app.inject({ url: '/api/collaborators' })).json().collaborators as { id: string }[])[0]!.id;
    await send('DELETE', `/api/admin/collaborators/${first}`);
    await send('POST', '/api/admin/collaborators', { name: 'Took the place', role: 'R' });
    const [gone] = await removed('collaborators');
    expect(gone!.id).toBe(first);
    const before409 = await historyCount();
    const refused = await send('POST', `/api/admin/history/collaborators/${first}/restore`, { version: gone!.version });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(`collaborators: at most ${LIST_LIMITS.collaborators} items; remove one first`);
    expect(await historyCount()).toBe(before409);
  });

  it(`keeps the last ${HISTORY_LIMIT} versions of an item: ${HISTORY_LIMIT + 1} saves keep ${HISTORY_LIMIT}`, async () => {
    const id = await addRelease('Counted');
    for (let i = 1; i <= HISTORY_LIMIT; i++) await send('PUT', `/api/admin/releases/${id}`, { title: `Counted ${i}`, meta: '', url: '', cover: '' });
    const kept = await entries(`releases/${id}`);
    expect(kept).toHaveLength(HISTORY_LIMIT);
    expect(kept[0]!.version).toBe(HISTORY_LIMIT + 1);
    expect(kept.at(-1)!.version).toBe(2);
    const res = await send('POST', `/api/admin/history/releases/${id}/restore`, { version: 1 });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: `releases item ${id} has no version 1 (the last ${HISTORY_LIMIT} are kept)`, field: 'version' });
  });

  it('restores a version of a singleton as a new version, and the public page shows it', async () => {
    await send('PATCH', '/api/admin/settings', { heroTitle_en: 'Before', links: { tiktok: 'https://tiktok.com/@a' } });
    const target = (await entries('settings'))[0]!;
    await send('PATCH', '/api/admin/settings', { heroTitle_en: 'After', bio1_en: 'Added later' });
    expect((await t.app.inject({ url: '/api/content' })).json().settings.heroTitle_en).toBe('After');
    const res = await send('POST', '/api/admin/history/settings/restore', { version: target.version });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    // Whole: bio1_en, added after the version, is gone again.
    expect((await t.app.inject({ url: '/api/settings' })).json().settings).toEqual(target.value);
    expect((await t.app.inject({ url: '/api/content' })).json().settings.heroTitle_en).toBe('Before');
    const [newest] = await entries('settings');
    expect(newest).toMatchObject({ version: target.version + 2, action: 'restore', value: target.value, changed: ['heroTitle_en', 'bio1_en'] });
  });

  it('lists removed items, most recent first, and restores one with its id at the end of the list', async () => {
    const a = await addRelease('Gone first');
    const b = await addRelease('Gone second');
    await addRelease('Stays');
    await send('DELETE', `/api/admin/releases/${a}`);
    await send('DELETE', `/api/admin/releases/${b}`);
    const list = await removed('releases');
    expect(list.slice(0, 2).map((r) => [r.id, r.value, r.version])).toEqual([
      [b, stored('gone-second', { title: 'Gone second', meta: '2026', url: '', cover: '' }), 1],
      [a, stored('gone-first', { title: 'Gone first', meta: '2026', url: '', cover: '' }), 1],
    ]);
    // The removal itself holds no value to restore.
    const removal = await send('POST', `/api/admin/history/releases/${a}/restore`, { version: 2 });
    expect(removal.statusCode).toBe(400);
    expect(removal.json()).toMatchObject({ field: 'version' });

    expect((await send('POST', `/api/admin/history/releases/${a}/restore`, { version: 1 })).statusCode).toBe(200);
    const releases = (await t.app.inject({ url: '/api/releases' })).json().releases as { id: string; title: string }[];
    expect(releases.at(-1)).toEqual({ id: a, ...stored('gone-first', { title: 'Gone first', meta: '2026', url: '', cover: '' }) });
    expect((await removed('releases')).map((r) => r.id)).not.toContain(a);
    expect((await removed('releases')).map((r) => r.id)).toContain(b);
    expect((await entries(`releases/${a}`))[0]).toMatchObject({ version: 3, action: 'restore' });
  });

  it('answers 404 naming the unknown kind, item or version', async () => {
    const cases: [string, string, unknown, string][] = [
      ['GET', '/api/admin/history/videos', undefined, 'No kind of content is named "videos"'],
      ['GET', '/api/admin/history/releases', undefined, 'releases is a list: name one of its items'],
      ['GET', '/api/admin/removed/settings', undefined, 'settings is not a list'],
      ['POST', '/api/admin/history/stats/restore', { version: 999 }, 'stats has no version 999 (the last 50 are kept)'],
      ['POST', '/api/admin/history/stats/restore', { version: 0 }, 'stats has no version 0 (the last 50 are kept)'],
      ['POST', '/api/admin/history/collaborators/no-such-id/restore', { version: 1 }, 'No collaborator has this id'],
    ];
    for (const [method, url, body, error] of cases) {
      const res = await send(method, url, body);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error, url).toBe(error);
    }
    // An id that never had a version: an empty history, not an error (the same on Firebase).
    expect((await send('GET', '/api/admin/history/releases/no-such-id')).json()).toEqual({ entries: [] });
    const bad = await send('POST', '/api/admin/history/stats/restore', { version: 'one' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'version' });
  });

  it('answers 401 without a session on every history route', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/history/settings'],
      ['GET', '/api/admin/history/releases/x'],
      ['POST', '/api/admin/history/settings/restore'],
      ['POST', '/api/admin/history/releases/x/restore'],
      ['GET', '/api/admin/removed/releases'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: JSON_HEADERS, ...(method === 'POST' ? { payload: { version: 1 } } : {}) });
      expect(res.statusCode, url).toBe(401);
    }
  });
});

describe('the admin adapter (src/content/backends/server.ts)', () => {
  it('reads history, lists removed items and restores through the real routes', async () => {
    // The adapter's fetch goes to this app in-process, with the admin's session cookie.
    const fetch = (async (url: string, init: RequestInit = {}) => {
      const res = await t.app.inject({
        method: (init.method ?? 'GET') as 'GET',
        url,
        headers: { ...(init.headers as Record<string, string>), cookie },
        ...(init.body === undefined ? {} : { payload: init.body as string }),
      });
      return new Response(res.body, { status: res.statusCode, headers: { 'content-type': 'application/json' } });
    }) as typeof globalThis.fetch;
    const admin = createServerBackend({ fetch });
    const item = await admin.add('releases', { title: 'Through the adapter', meta: '', url: '', cover: '' });
    await admin.update('releases', item.id, { title: 'Renamed', meta: '', url: '', cover: '' });
    expect((await admin.history!('releases', item.id)).map((e) => [e.version, e.action])).toEqual([
      [2, 'update'],
      [1, 'create'],
    ]);
    await admin.remove('releases', item.id);
    const [gone] = await admin.removedItems!('releases');
    expect(gone).toMatchObject({ id: item.id, value: stored('through-the-adapter', { title: 'Renamed', meta: '', url: '', cover: '' }), version: 2 });
    await admin.restoreVersion!('releases', item.id, 1);
    expect((await admin.list('releases')).at(-1)).toEqual({
      id: item.id,
      ...stored('through-the-adapter', { title: 'Through the adapter', meta: '', url: '', cover: '' }),
    });
    await admin.save('stats', { monthlyListeners: 5 });
    const [newest] = await admin.history!('stats');
    await admin.save('stats', { monthlyListeners: 6 });
    await admin.restoreVersion!('stats', undefined, newest!.version);
    expect(await admin.read('stats')).toEqual({ monthlyListeners: 5 });
    await expect(admin.restoreVersion!('stats', undefined, 9999)).rejects.toMatchObject({ code: 'not-found', field: 'version' });
  });
});

describe('history under concurrent writes', () => {
  it('shows every write together with its version: a reader never sees one without the other', async () => {
    // A second server on the same file, as a second process: its own connection, its own transactions.
    const twin = await buildApp(loadConfig({ DATABASE_URL: t.dbFile, DIST_DIR: join(t.dir, 'no-dist'), LOG_LEVEL: 'silent' }), {
      logStream: logCollector().stream,
    });
    const twinCookie = await signIn(twin);
    const reader = createClient({ url: `file:${t.dbFile}` });
    try {
      const id = await addRelease('Raced');
      const writes = Array.from({ length: 30 }, (_, i) =>
        i % 2
          ? send('PUT', `/api/admin/releases/${id}`, { title: `T${i}`, meta: '', url: '', cover: '' })
          : send('PUT', `/api/admin/releases/${id}`, { title: `T${i}`, meta: '', url: '', cover: '' }, twin, twinCookie),
      );
      let done = false;
      const mismatches: string[] = [];
      const watch = (async () => {
        while (!done) {
          // The local client answers without leaving the microtask queue: let the writes run between reads.
          await new Promise((resolve) => setImmediate(resolve));
          // One statement, one read snapshot: the item as stored against its newest version.
          const row = (
            await reader.execute({
              sql: `SELECT (SELECT data FROM list_items WHERE kind = 'releases' AND id = ?1) AS item,
                           (SELECT value FROM history WHERE kind = 'releases' AND item = ?1 ORDER BY version DESC LIMIT 1) AS version`,
              args: [id],
            })
          ).rows[0]!;
          if (row.item !== row.version) mismatches.push(`${String(row.item)} / ${String(row.version)}`);
        }
      })();
      const results = await Promise.all(writes);
      done = true;
      await watch;
      expect(results.map((r) => r.statusCode)).toEqual(Array(30).fill(200));
      expect(mismatches).toEqual([]);
      const kept = await entries(`releases/${id}`);
      expect(kept.map((e) => e.version)).toEqual(Array.from({ length: 31 }, (_, i) => 31 - i));
      const { id: _id, ...current } = (await t.app.services.content.list('releases')).find((r) => r.id === id)!;
      expect(kept[0]!.value).toEqual(current);
    } finally {
      reader.close();
      await twin.close();
    }
  });
});

describe('backup, restore, export and import carry the history', () => {
  it('export (version 2) and import keep every version; version 1 files still import', async () => {
    const tmp = tempDir('scena-history-export-');
    const source = await openDatabase(`file:${join(tmp.dir, 'a.db')}`);
    const target = await openDatabase(`file:${join(tmp.dir, 'b.db')}`);
    try {
      const app = { content: contentRepo(source) };
      const item = await app.content.add('releases', { title: 'Exported', meta: '', url: '', cover: '' });
      await app.content.update('releases', item.id, { title: 'Exported twice', meta: '', url: '', cover: '' });
      await app.content.save('settings', { heroTitle_en: 'Hello' });
      const gone = await app.content.add('releases', { title: 'Removed before export', meta: '', url: '', cover: '' });
      await app.content.remove('releases', gone.id);
      const exported = await exportContent(source);
      expect(exported.version).toBe(2);
      expect(exported.history).toHaveLength(5);
      const file = join(tmp.dir, 'export.json');
      writeFileSync(file, JSON.stringify(exported));
      await importFromFile(target, file);
      const repo = contentRepo(target);
      expect(await repo.allHistory()).toEqual(exported.history);
      expect((await repo.removedItems('releases')).map((r) => r.id)).toEqual([gone.id]);
      await repo.restoreVersion('releases', gone.id, 1);
      expect((await repo.list('releases')).map((r) => r.title)).toEqual(['Exported twice', 'Removed before export']);

      // A version 1 file: the content comes in, each item and singleton with a first version.
      writeFileSync(
        file,
        JSON.stringify({
          format: 'scena-content',
          version: 1,
          content: { settings: { heroTitle_en: 'Old' }, releases: [{ id: 'r1', title: 'Old', meta: '', url: '', cover: '' }], collaborators: [] },
        }),
      );
      await importFromFile(target, file);
      expect((await repo.history('releases', 'r1')).map((e) => [e.version, e.action, e.value])).toEqual([
        // An import from before addresses gives each release one, from its title.
        [1, 'create', stored('old', { title: 'Old', meta: '', url: '', cover: '' })],
      ]);
      expect((await repo.history('settings'))[0]!.value).toEqual({ heroTitle_en: 'Old' });

      // A version the model refuses is named, and nothing changes.
      const bad = { ...exported, history: [{ ...exported.history![0]!, value: { title: 'x'.repeat(999), meta: '', url: '', cover: '' } }] };
      writeFileSync(file, JSON.stringify(bad));
      await expect(importFromFile(target, file)).rejects.toThrow(/history\.0, field title must be at most 200 characters/);
      expect(await repo.history('releases', 'r1')).toHaveLength(1);
    } finally {
      source.close();
      target.close();
      tmp.remove();
    }
  });

  it('backup and restore keep every version', async () => {
    const tmp = tempDir('scena-history-backup-');
    const db = await openDatabase(`file:${join(tmp.dir, 'live.db')}`);
    try {
      const repo = contentRepo(db);
      const item = await repo.add('collaborators', { name: 'Ana', role: 'Voice' });
      await repo.update('collaborators', item.id, { name: 'Ana', role: 'Voice, piano' });
      const before = await repo.allHistory();
      const file = join(tmp.dir, 'backup.db');
      await backup(db, file);
      await repo.update('collaborators', item.id, { name: 'Ana', role: 'Changed after the backup' });
      await repo.add('collaborators', { name: 'New', role: 'New' });
      await restore(db, file);
      expect(await repo.allHistory()).toEqual(before);
      expect((await repo.history('collaborators', item.id)).map((e) => e.version)).toEqual([2, 1]);
    } finally {
      db.close();
      tmp.remove();
    }
  });
});
