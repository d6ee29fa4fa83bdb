/**
 * Content written before a field existed (a release saved before covers, an export made before the media
 * library) stays valid: it reads with the new field empty, as Firestore's mapping reads it, and imports.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exportContent, importFromFile } from './maintenance';
import { testApp, type TestApp } from './test/helpers';
import { fullItem } from '../src/content/fields/declare';
import { releases } from '../src/content/kinds';

let t: TestApp;
beforeEach(async () => {
  t = await testApp();
});
afterEach(async () => {
  await t.close();
});

describe('items stored before a field existed', () => {
  it('read with that field empty, in lists, history and exports', async () => {
    await t.app.services.db.client.execute(
      `INSERT INTO list_items (kind, id, data, position, created_at) VALUES ('releases', 'old', '{"title":"Nocturn","meta":"2023","url":""}', 0, 0)`,
    );
    await t.app.services.db.client.execute(
      `INSERT INTO history (kind, item, version, at, action, value, changed) VALUES ('releases', 'old', 1, '2025-01-01T00:00:00.000Z', 'create', '{"title":"Nocturn","meta":"2023","url":""}', '[]')`,
    );
    // Every field added since (cover, then the release cycle's) reads empty; a release saved before drafts is published.
    const old = fullItem(releases, { id: 'old', title: 'Nocturn', meta: '2023', url: '', cover: '' });
    expect(old).toMatchObject({ status: 'published', kind: 'single', slug: '', date: '', links: {}, tracks: 0 });
    expect((await t.app.inject({ url: '/api/releases' })).json()).toEqual({ releases: [old] });
    expect((await t.app.inject({ url: '/api/content' })).json().releases).toEqual([old]);
    const { id: _id, ...value } = old;
    expect((await t.app.services.content.history('releases', 'old'))[0]!.value).toEqual(value);
    const exported = await exportContent(t.app.services.db);
    expect(exported.content.releases).toEqual([old]);
  });

  it('import from a file made before covers and the media library', async () => {
    const file = join(t.dir, 'old.json');
    writeFileSync(
      file,
      JSON.stringify({
        format: 'scena-content',
        version: 2,
        content: { releases: [{ id: 'r1', title: 'Someș', meta: 'EP', url: '' }], collaborators: [] },
        history: [
          {
            kind: 'releases',
            item: 'r1',
            version: 1,
            at: '2025-01-01T00:00:00.000Z',
            action: 'create',
            value: { title: 'Someș', meta: 'EP', url: '' },
            changed: [],
          },
        ],
      }),
    );
    await importFromFile(t.app.services.db, file);
    // …and each release its address, from its title.
    expect(await t.app.services.content.list('releases')).toEqual([
      fullItem(releases, { id: 'r1', title: 'Someș', meta: 'EP', url: '', cover: '', slug: 'somes' }),
    ]);
    expect(await t.app.services.content.list('media')).toEqual([]);
  });
});
