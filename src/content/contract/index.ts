/**
 * The content-backend contract: what every ContentAdmin adapter must do, as a reusable test suite.
 * Run it from a test file of the adapter:
 *   runContentBackendContract('server', async () => ({ backend, visitor, admin, other, cleanup }));
 * Each test gets a fresh fixture over an empty store.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BackendError, type AuthUser, type ContentAdmin, type ContentReader } from '../backend';
import { fullItem } from '../fields/declare';
import { releases } from '../kinds';

/** A collaborator saved with a role of its own words only (no choice, no Romanian): what the declaration stores for it. */
export const OWN_WORDS = { roleKind: 'own', roleRo: '' } as const;

export interface ContractAccount {
  email: string;
  password: string;
}

export interface ContractFixture {
  /** The adapter under test, signed out, over an empty content store. */
  backend: ContentAdmin;
  /** Another client of the same store, never signed in: what a visitor reads. */
  visitor: ContentReader;
  /** The admin's account (its e-mail is the configured admin e-mail). */
  admin: ContractAccount;
  /** An account that exists but is not the admin. */
  other: ContractAccount;
  cleanup(): Promise<void>;
}

/** The error a refused call gives: a BackendError with a message. */
export async function rejection(promise: Promise<unknown>): Promise<BackendError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(BackendError);
    expect((error as BackendError).message.length).toBeGreaterThan(0);
    return error as BackendError;
  }
  throw new Error('expected the call to be refused');
}

function nextAuth(backend: ContentAdmin): Promise<AuthUser | null> {
  return new Promise((resolve) => {
    const seen: (AuthUser | null)[] = [];
    const unsubscribe = backend.onAuthChange((user) => {
      seen.push(user);
      if (seen.length === 1) resolve(user);
    });
    // The first call may come before onAuthChange returns, or later: stop listening once it came.
    void Promise.resolve().then(async () => {
      while (!seen.length) await new Promise((r) => setTimeout(r, 5));
      unsubscribe();
    });
  });
}

export function runContentBackendContract(name: string, makeBackend: () => Promise<ContractFixture>): void {
  describe(`content backend contract: ${name}`, () => {
    let f: ContractFixture;
    beforeEach(async () => {
      f = await makeBackend();
    });
    afterEach(async () => {
      await f.cleanup();
    });
    const signIn = () => f.backend.signIn(f.admin.email, f.admin.password);
    const snapshot = async (reader: ContentReader = f.visitor) => {
      const { settings, stats, releases, collaborators } = await reader.content();
      return { settings, stats, releases, collaborators };
    };

    it('starts empty', async () => {
      expect(await snapshot()).toEqual({ settings: undefined, stats: undefined, releases: [], collaborators: [] });
      // The admin's reads see drafts too: they need the admin signed in.
      await signIn();
      const admin = { settings: await f.backend.read('settings'), stats: await f.backend.read('stats') };
      const lists = { releases: await f.backend.list('releases'), collaborators: await f.backend.list('collaborators') };
      expect({ ...admin, ...lists }).toEqual({ settings: undefined, stats: undefined, releases: [], collaborators: [] });
    });

    it('reports the auth state: signed out, the admin after sign-in, signed out after sign-out', async () => {
      expect(await nextAuth(f.backend)).toBeNull();
      const seen: (AuthUser | null)[] = [];
      const unsubscribe = f.backend.onAuthChange((user) => seen.push(user));
      const user = await signIn();
      expect(user.email.toLowerCase()).toBe(f.admin.email.toLowerCase());
      expect(user.isAdmin).toBe(true);
      await f.backend.signOut();
      unsubscribe();
      expect(seen.filter(Boolean).map((u) => u!.isAdmin)).toEqual([true]);
      expect(seen[seen.length - 1]).toBeNull();
    });

    it('refuses a wrong password with a message to show', async () => {
      await rejection(f.backend.signIn(f.admin.email, `${f.admin.password}-wrong`));
      expect(await nextAuth(f.backend)).toBeNull();
    });

    it('answers "Not authorized" to an account that is not the admin, and keeps it out', async () => {
      const error = await rejection(f.backend.signIn(f.other.email, f.other.password));
      expect(error.message).toBe('Not authorized');
      await rejection(f.backend.save('stats', { monthlyListeners: 5 }));
      expect(await f.visitor.content().then((c) => c.stats)).toBeUndefined();
    });

    it('refuses every write while signed out, changing nothing', async () => {
      const before = await snapshot();
      await rejection(f.backend.save('settings', { heroTitle_en: 'x' }));
      await rejection(f.backend.save('stats', { monthlyListeners: 5 }));
      await rejection(f.backend.add('releases', { title: 't', meta: 'm', url: '', cover: '' }));
      await rejection(f.backend.add('collaborators', { name: 'n', role: 'r' }));
      expect(await snapshot()).toEqual(before);
    });

    it('merges saved settings, nested links included, and visitors read them', async () => {
      await signIn();
      await f.backend.save('settings', { heroTitle_en: 'Hello', bio1_en: 'One', links: { spotify: 'https://open.spotify.com/artist/x' } });
      await f.backend.save('settings', {
        heroTitle_ro: 'Salut',
        bio1_en: 'One, edited',
        email: 'booking@example.com',
        links: { youtube: 'https://www.youtube.com/@x' },
      });
      expect(await f.visitor.content().then((c) => c.settings)).toEqual({
        heroTitle_en: 'Hello',
        heroTitle_ro: 'Salut',
        bio1_en: 'One, edited',
        email: 'booking@example.com',
        links: { spotify: 'https://open.spotify.com/artist/x', youtube: 'https://www.youtube.com/@x' },
      });
    });

    it('saves stats, and refuses a monthlyListeners that is not a whole number of 0 or more', async () => {
      await signIn();
      await f.backend.save('stats', { monthlyListeners: 1234 });
      for (const bad of [-1, 2.5]) {
        const error = await rejection(f.backend.save('stats', { monthlyListeners: bad }));
        if (error.field !== undefined) expect(error.field).toBe('monthlyListeners');
      }
      expect(await f.visitor.content().then((c) => c.stats)).toEqual({ monthlyListeners: 1234 });
    });

    it('refuses unsafe links, changing nothing', async () => {
      await signIn();
      await f.backend.save('settings', { links: { spotify: 'https://open.spotify.com/ok' } });
      const before = await snapshot();
      for (const url of ['javascript:alert(1)', ' JavaScript:alert(1)', 'data:text/html,x', 'vbscript:msgbox', 'http://plain.example']) {
        const error = await rejection(f.backend.add('releases', { title: 't', meta: 'm', url, cover: '' }));
        if (error.field !== undefined) expect(error.field).toBe('url');
        await rejection(f.backend.save('settings', { links: { spotify: url } }));
      }
      await rejection(f.backend.save('settings', { email: 'javascript:alert(1)' }));
      expect(await snapshot()).toEqual(before);
    });

    it('adds, updates, reorders and deletes releases; visitors read them in order', async () => {
      await signIn();
      const a = await f.backend.add('releases', { title: 'A', meta: '2023 · 9 songs', url: 'https://open.spotify.com/album/a', cover: '' });
      const b = await f.backend.add('releases', { title: 'B', meta: '2024', url: '', cover: '' });
      const c = await f.backend.add('releases', { title: 'C', meta: '', url: 'https://www.youtube.com/watch?v=c', cover: '' });
      expect(a).toMatchObject({ title: 'A', meta: '2023 · 9 songs', url: 'https://open.spotify.com/album/a', cover: '' });
      expect(new Set([a.id, b.id, c.id]).size).toBe(3);
      expect((await f.visitor.content().then((c) => c.releases)).map((r) => r.title)).toEqual(['A', 'B', 'C']);
      await f.backend.update('releases', b.id, { title: 'B (deluxe)', meta: '2024', url: 'https://open.spotify.com/album/b', cover: '' });
      await f.backend.reorder('releases', [c.id, a.id, b.id]);
      // A field the write leaves out is stored empty, and the address is the title's, kept when the title changes.
      expect(await f.visitor.content().then((c) => c.releases)).toEqual([
        c,
        a,
        { ...fullItem(releases, { id: b.id, title: 'B (deluxe)', meta: '2024', url: 'https://open.spotify.com/album/b', cover: '' }), slug: 'b' },
      ]);
      await f.backend.remove('releases', a.id);
      expect((await f.visitor.content().then((c) => c.releases)).map((r) => r.id)).toEqual([c.id, b.id]);
    });

    it("keeps a draft the admin's alone, and gives each release its own address", async () => {
      await signIn();
      const draft = await f.backend.add('releases', { title: 'Nopți albe', status: 'draft' });
      const out = await f.backend.add('releases', { title: 'Nopți albe', date: '2024-03-01T00:00' });
      expect([draft.slug, out.slug]).toEqual(['nopti-albe', 'nopti-albe-2']);
      expect((await f.backend.list('releases')).map((r) => r.status)).toEqual(['draft', 'published']);
      expect((await f.visitor.content().then((c) => c.releases)).map((r) => r.id)).toEqual([out.id]);
      const taken = await rejection(f.backend.add('releases', { title: 'Other', slug: 'nopti-albe' }));
      expect([taken.code, taken.field]).toEqual(['slug-taken', 'slug']);
      const { id: _id, ...value } = draft;
      await f.backend.update('releases', draft.id, { ...value, title: 'White nights', status: 'published' });
      expect((await f.visitor.content().then((c) => c.releases)).map((r) => [r.title, r.slug])).toEqual([
        ['White nights', 'nopti-albe'],
        ['Nopți albe', 'nopti-albe-2'],
      ]);
    });

    it('adds, updates, reorders and deletes collaborators; visitors read them in order', async () => {
      await signIn();
      const x = await f.backend.add('collaborators', { name: 'Irina', role: 'Artist' });
      const y = await f.backend.add('collaborators', { name: 'Matei', role: 'Audio Engineer' });
      await f.backend.update('collaborators', x.id, { name: 'Irina Dobre', role: 'Artist' });
      await f.backend.reorder('collaborators', [y.id, x.id]);
      expect(await f.visitor.content().then((c) => c.collaborators)).toEqual([y, { id: x.id, name: 'Irina Dobre', role: 'Artist', ...OWN_WORDS }]);
      await f.backend.remove('collaborators', y.id);
      expect(await f.visitor.content().then((c) => c.collaborators)).toEqual([{ id: x.id, name: 'Irina Dobre', role: 'Artist', ...OWN_WORDS }]);
    });

    it('refuses writes again after sign-out', async () => {
      await signIn();
      await f.backend.save('stats', { monthlyListeners: 10 });
      await f.backend.signOut();
      await rejection(f.backend.save('stats', { monthlyListeners: 20 }));
      expect(await f.visitor.content().then((c) => c.stats)).toEqual({ monthlyListeners: 10 });
    });
  });
}
