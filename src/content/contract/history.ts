/**
 * History and undo (docs/decisions/0020-history-on-firebase.md), as every ContentAdmin adapter must keep it:
 * what `history`, `restoreVersion` and `removedItems` promise in src/content/backend.ts. Run it beside the
 * contract, with its fixture:
 *   runHistoryContract('server', makeFixture);
 * What this suite fixes where the interface leaves it open:
 * - the first save of a singleton and an add are 'create'; later saves and edits 'update'; a delete 'remove';
 * - `changed` lists the fields that differ from the version before, dotted for a link ("links.spotify"):
 *   for a create every field it sets, for a remove every field the item had; a save that changes nothing
 *   is still a version, with nothing changed;
 * - reordering a list is not a version of its items;
 * - a removed item's RemovedItem.version is its last version before the removal (the one with its value).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HISTORY_LIMIT, type ContentAdmin, type HistoryEntry } from '../backend';
import { fullItem } from '../fields/declare';
import { releases } from '../kinds';
import { OWN_WORDS, rejection, type ContractFixture } from './index';

/** An entry without its time, and its changed fields in a fixed order, to compare with toEqual. */
const shape = ({ at: _at, changed, ...rest }: HistoryEntry) => ({ ...rest, changed: [...changed].sort() });
/** A release as stored: the fields the write left out empty, its address made from its title. */
const stored = (slug: string, value: { title: string; meta: string; url: string; cover: string }) => ({ ...fullItem(releases, value), slug });
/** What a create changes: every field it sets (an empty group of links sets none). */
const CREATED = Object.keys(fullItem(releases, {}))
  .filter((key) => key !== 'links')
  .sort();

export function runHistoryContract(name: string, makeBackend: () => Promise<ContractFixture>): void {
  describe(`history contract: ${name}`, () => {
    let f: ContractFixture;
    let h: ContentAdmin;
    beforeEach(async () => {
      f = await makeBackend();
      h = f.backend;
    });
    afterEach(async () => {
      await f.cleanup();
    });
    const signIn = () => f.backend.signIn(f.admin.email, f.admin.password);

    it('keeps one version per settings save: the whole merged value, what changed, newest first', async () => {
      const started = Date.now();
      await signIn();
      expect(await h.history('settings')).toEqual([]);
      await f.backend.save('settings', { heroTitle_en: 'Hello', links: { spotify: 'https://open.spotify.com/artist/x' } });
      await f.backend.save('settings', { heroTitle_ro: 'Salut', links: { youtube: 'https://www.youtube.com/@x' } });
      await f.backend.save('settings', { heroTitle_ro: 'Salut' });
      const entries = await h.history('settings');
      expect(entries.map(shape)).toEqual([
        {
          version: 3,
          action: 'update',
          value: {
            heroTitle_en: 'Hello',
            heroTitle_ro: 'Salut',
            links: { spotify: 'https://open.spotify.com/artist/x', youtube: 'https://www.youtube.com/@x' },
          },
          changed: [],
        },
        {
          version: 2,
          action: 'update',
          value: {
            heroTitle_en: 'Hello',
            heroTitle_ro: 'Salut',
            links: { spotify: 'https://open.spotify.com/artist/x', youtube: 'https://www.youtube.com/@x' },
          },
          changed: ['heroTitle_ro', 'links.youtube'],
        },
        {
          version: 1,
          action: 'create',
          value: { heroTitle_en: 'Hello', links: { spotify: 'https://open.spotify.com/artist/x' } },
          changed: ['heroTitle_en', 'links.spotify'],
        },
      ]);
      for (const entry of entries) {
        expect(new Date(entry.at).toISOString()).toBe(entry.at);
        // Within the test's own time, give or take a second of clock between the test and the backend.
        expect(Date.parse(entry.at)).toBeGreaterThanOrEqual(started - 1000);
        expect(Date.parse(entry.at)).toBeLessThanOrEqual(Date.now() + 1000);
      }
      expect(Date.parse(entries[0]!.at)).toBeGreaterThanOrEqual(Date.parse(entries[2]!.at));
    });

    it('keeps one version per stats save, and none for a refused one', async () => {
      await signIn();
      await f.backend.save('stats', { monthlyListeners: 10 });
      await f.backend.save('stats', { monthlyListeners: 20 });
      await rejection(f.backend.save('stats', { monthlyListeners: -1 }));
      await rejection(f.backend.save('settings', { links: { spotify: 'javascript:alert(1)' } }));
      expect((await h.history('stats')).map(shape)).toEqual([
        { version: 2, action: 'update', value: { monthlyListeners: 20 }, changed: ['monthlyListeners'] },
        { version: 1, action: 'create', value: { monthlyListeners: 10 }, changed: ['monthlyListeners'] },
      ]);
      expect(await h.history('settings')).toEqual([]);
    });

    it('keeps one version per add, edit and removal of a list item; a reorder is none', async () => {
      await signIn();
      const a = await f.backend.add('releases', { title: 'A', meta: '2023', url: '', cover: '' });
      const b = await f.backend.add('releases', { title: 'B', meta: '2024', url: '', cover: '' });
      await f.backend.update('releases', a.id, { title: 'A (deluxe)', meta: '2023', url: 'https://open.spotify.com/album/a', cover: '' });
      await rejection(f.backend.update('releases', a.id, { title: 'A', meta: '2023', url: 'javascript:alert(1)', cover: '' }));
      await f.backend.reorder('releases', [b.id, a.id]);
      await f.backend.remove('releases', a.id);
      expect((await h.history('releases', a.id)).map(shape)).toEqual([
        { version: 3, action: 'remove', value: null, changed: CREATED },
        {
          version: 2,
          action: 'update',
          value: stored('a', { title: 'A (deluxe)', meta: '2023', url: 'https://open.spotify.com/album/a', cover: '' }),
          changed: ['title', 'url'],
        },
        { version: 1, action: 'create', value: stored('a', { title: 'A', meta: '2023', url: '', cover: '' }), changed: CREATED },
      ]);
      expect((await h.history('releases', b.id)).map(shape)).toEqual([
        { version: 1, action: 'create', value: stored('b', { title: 'B', meta: '2024', url: '', cover: '' }), changed: CREATED },
      ]);

      const x = await f.backend.add('collaborators', { name: 'Irina', role: 'Artist' });
      await f.backend.update('collaborators', x.id, { name: 'Irina Dobre', role: 'Artist' });
      await f.backend.remove('collaborators', x.id);
      expect((await h.history('collaborators', x.id)).map((e) => [e.version, e.action, e.value])).toEqual([
        [3, 'remove', null],
        [2, 'update', { name: 'Irina Dobre', role: 'Artist', ...OWN_WORDS }],
        [1, 'create', { name: 'Irina', role: 'Artist', ...OWN_WORDS }],
      ]);
      expect(await h.history('releases', 'no-such-item')).toEqual([]);
    });

    it('restores an old version as a new one: settings whole, fields saved since included', async () => {
      await signIn();
      await f.backend.save('settings', { heroTitle_en: 'First', links: { spotify: 'https://open.spotify.com/artist/x' } });
      await f.backend.save('settings', { heroTitle_en: 'Second', bio1_en: 'A bio', links: { youtube: 'https://www.youtube.com/@x' } });
      await h.restoreVersion('settings', undefined, 1);
      const restored = { heroTitle_en: 'First', links: { spotify: 'https://open.spotify.com/artist/x' } };
      expect(await f.visitor.content().then((c) => c.settings)).toEqual(restored);
      const [latest] = await h.history('settings');
      expect(shape(latest!)).toEqual({ version: 3, action: 'restore', value: restored, changed: ['bio1_en', 'heroTitle_en', 'links.youtube'] });
      await f.backend.save('stats', { monthlyListeners: 1 });
      await f.backend.save('stats', { monthlyListeners: 2 });
      await h.restoreVersion('stats', undefined, 1);
      expect(await f.visitor.content().then((c) => c.stats)).toEqual({ monthlyListeners: 1 });
      expect((await h.history('stats')).map((e) => [e.version, e.action])).toEqual([
        [3, 'restore'],
        [2, 'update'],
        [1, 'create'],
      ]);
    });

    it('restores an old version of a list item in its place', async () => {
      await signIn();
      const a = await f.backend.add('collaborators', { name: 'Irina', role: 'Artist' });
      const b = await f.backend.add('collaborators', { name: 'Matei', role: 'Audio Engineer' });
      await f.backend.update('collaborators', a.id, { name: 'Irina Dobre', role: 'Producer' });
      await h.restoreVersion('collaborators', a.id, 1);
      expect(await f.visitor.content().then((c) => c.collaborators)).toEqual([a, b]);
      expect(shape((await h.history('collaborators', a.id))[0]!)).toEqual({
        version: 3,
        action: 'restore',
        value: { name: 'Irina', role: 'Artist', ...OWN_WORDS },
        changed: ['name', 'role'],
      });
    });

    it('restores exactly the version asked for: a title mistaken twice comes back as version 1 held it, its address kept', async () => {
      await signIn();
      const a = await f.backend.add('releases', { title: 'Drumul spre casă', meta: '', url: '', cover: '' });
      const b = await f.backend.add('releases', { title: 'Ora albastră', meta: '', url: '', cover: '' });
      await f.backend.update('releases', a.id, { title: 'Drumul spre csaă', meta: '', url: '', cover: '' });
      await f.backend.update('releases', a.id, { title: 'Drumul spre casa!', meta: 'EP', url: '', cover: '' });
      await h.restoreVersion('releases', a.id, 1);
      const original = stored('drumul-spre-casa', { title: 'Drumul spre casă', meta: '', url: '', cover: '' });
      expect(await f.visitor.content().then((c) => c.releases)).toEqual([{ id: a.id, ...original }, b]);
      const [restored, ...before] = await h.history('releases', a.id);
      expect(shape(restored!)).toEqual({ version: 4, action: 'restore', value: original, changed: ['meta', 'title'] });
      expect(before.map((e) => [e.version, e.value?.title])).toEqual([
        [3, 'Drumul spre casa!'],
        [2, 'Drumul spre csaă'],
        [1, 'Drumul spre casă'],
      ]);
    });

    it('lists a removed item, and restores it with its id at the end of the list', async () => {
      await signIn();
      const a = await f.backend.add('releases', { title: 'A', meta: '', url: '', cover: '' });
      const b = await f.backend.add('releases', { title: 'B', meta: '', url: 'https://open.spotify.com/album/b', cover: '' });
      const c = await f.backend.add('releases', { title: 'C', meta: '', url: '', cover: '' });
      await f.backend.update('releases', b.id, { title: 'B (live)', meta: '2025', url: 'https://open.spotify.com/album/b', cover: '' });
      expect(await h.removedItems('releases')).toEqual([]);
      await f.backend.remove('releases', b.id);
      await f.backend.remove('releases', a.id);
      const removed = await h.removedItems('releases');
      expect(removed.map(({ at: _at, ...rest }) => rest)).toEqual([
        { id: a.id, value: stored('a', { title: 'A', meta: '', url: '', cover: '' }), version: 1 },
        { id: b.id, value: stored('b', { title: 'B (live)', meta: '2025', url: 'https://open.spotify.com/album/b', cover: '' }), version: 2 },
      ]);
      const [removedA, removedB] = removed;
      expect(Date.parse(removedA!.at)).toBeGreaterThanOrEqual(Date.parse(removedB!.at));
      expect((await h.history('releases', b.id))[0]!.at).toBe(removedB!.at);
      expect(await h.removedItems('collaborators')).toEqual([]);

      await h.restoreVersion('releases', b.id, removedB!.version);
      expect(await f.visitor.content().then((c) => c.releases)).toEqual([
        c,
        { id: b.id, ...stored('b', { title: 'B (live)', meta: '2025', url: 'https://open.spotify.com/album/b', cover: '' }) },
      ]);
      expect((await h.removedItems('releases')).map((r) => r.id)).toEqual([a.id]);
      expect(shape((await h.history('releases', b.id))[0]!)).toEqual({
        version: 4,
        action: 'restore',
        value: stored('b', { title: 'B (live)', meta: '2025', url: 'https://open.spotify.com/album/b', cover: '' }),
        changed: CREATED,
      });
      // Restored, it is an item like any other: edited and removed again, with its history going on.
      await f.backend.remove('releases', b.id);
      expect((await h.removedItems('releases')).map((r) => [r.id, r.version])).toEqual([
        [b.id, 4],
        [a.id, 1],
      ]);
    });

    it(`keeps the last ${HISTORY_LIMIT} versions, and refuses an older or unknown one`, async () => {
      await signIn();
      const writes = HISTORY_LIMIT + 3;
      for (let n = 1; n <= writes; n++) await f.backend.save('stats', { monthlyListeners: n });
      const entries = await h.history('stats');
      expect(entries).toHaveLength(HISTORY_LIMIT);
      expect(entries.map((e) => e.version)).toEqual(Array.from({ length: HISTORY_LIMIT }, (_, i) => writes - i));
      for (const version of [writes - HISTORY_LIMIT, 1, 0, writes + 1, 999]) {
        expect((await rejection(h.restoreVersion('stats', undefined, version))).code, `version ${version}`).toBe('not-found');
      }
      expect(await f.visitor.content().then((c) => c.stats)).toEqual({ monthlyListeners: writes });
      await h.restoreVersion('stats', undefined, writes - HISTORY_LIMIT + 1);
      expect(await f.visitor.content().then((c) => c.stats)).toEqual({ monthlyListeners: writes - HISTORY_LIMIT + 1 });
      const after = await h.history('stats');
      expect(after).toHaveLength(HISTORY_LIMIT);
      expect(after[0]).toMatchObject({ version: writes + 1, action: 'restore' });
    }, 120_000);

    it('refuses a version of an item that never existed', async () => {
      await signIn();
      expect((await rejection(h.restoreVersion('releases', 'no-such-item', 1))).code).toBe('not-found');
      expect(await f.visitor.content().then((c) => c.releases)).toEqual([]);
    });

    it('is the admin’s alone: signed out or another account, nothing is read, restored or written', async () => {
      await signIn();
      await f.backend.save('stats', { monthlyListeners: 1 });
      await f.backend.save('stats', { monthlyListeners: 2 });
      const item = await f.backend.add('collaborators', { name: 'Irina', role: 'Artist' });
      await f.backend.remove('collaborators', item.id);
      await f.backend.signOut();
      for (const attempt of [() => f.backend.signIn(f.other.email, f.other.password).catch(() => undefined), async () => {}]) {
        await attempt();
        await rejection(h.history('stats'));
        await rejection(h.removedItems('collaborators'));
        await rejection(h.restoreVersion('stats', undefined, 1));
        await rejection(h.restoreVersion('collaborators', item.id, 1));
        await f.backend.signOut().catch(() => undefined);
      }
      expect(await f.visitor.content().then((c) => c.stats)).toEqual({ monthlyListeners: 2 });
      expect(await f.visitor.content().then((c) => c.collaborators)).toEqual([]);
      await signIn();
      expect((await h.history('stats')).map((e) => e.version)).toEqual([2, 1]);
    });
  });
}
