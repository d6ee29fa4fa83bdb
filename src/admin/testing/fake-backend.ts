/**
 * An in-memory ContentAdmin for the admin's unit tests: lists, singletons, removed items and a history deep enough for
 * Undo, signed in as the admin, every method a spy. Optional methods (uploads, audio progress, retry, fan numbers) are
 * given by the test, as Scena's server or Firebase would have them or not.
 */
import { vi } from 'vitest';
import type { ContentAdmin, HistoryEntry, RemovedItem } from '../../content/backend';
import { AUDIENCE_RANGES } from '../../content/audience';

type Value = Record<string, unknown>;
type Item = Value & { id: string };

export interface FakeData {
  lists?: Record<string, Item[]>;
  singletons?: Record<string, Value>;
}

export function fakeBackend(data: FakeData = {}, extra: Partial<ContentAdmin> = {}) {
  const lists: Record<string, Item[]> = structuredClone(data.lists ?? {});
  const singletons: Record<string, Value> = structuredClone(data.singletons ?? {});
  const removed: Record<string, RemovedItem[]> = {};
  const history: Record<string, HistoryEntry[]> = {};
  let next = 1;
  const record = (key: string, action: HistoryEntry['action'], value: Value | null) => {
    const entries = (history[key] ??= []);
    entries.unshift({ version: entries.length + 1, at: new Date(0).toISOString(), action, value, changed: [] });
  };
  const list = (name: string) => (lists[name] ??= []);
  // Every item given was created once: its first version, for Undo.
  for (const [name, items] of Object.entries(lists)) {
    for (const { id, ...value } of items) record(`${name}/${id}`, 'create', value);
  }
  const base = {
    kind: 'server' as const,
    signIn: vi.fn(async () => ({ email: 'admin@scena.test', isAdmin: true })),
    signOut: vi.fn(async () => {}),
    onAuthChange: vi.fn((callback: (user: { email: string; isAdmin: boolean } | null) => void) => {
      callback({ email: 'admin@scena.test', isAdmin: true });
      return () => {};
    }),
    read: vi.fn(async (name: string) => singletons[name]),
    save: vi.fn(async (name: string, value: Value) => {
      singletons[name] = { ...singletons[name], ...value };
    }),
    list: vi.fn(async (name: string) => structuredClone(list(name))),
    add: vi.fn(async (name: string, value: Value) => {
      const item = { ...value, id: `${name}-${next++}` };
      list(name).push(item);
      record(`${name}/${item.id}`, 'create', value);
      return item;
    }),
    update: vi.fn(async (name: string, id: string, value: Value) => {
      const items = list(name);
      const at = items.findIndex((i) => i.id === id);
      items[at] = { ...value, id };
      record(`${name}/${id}`, 'update', value);
    }),
    remove: vi.fn(async (name: string, id: string) => {
      const items = list(name);
      const at = items.findIndex((i) => i.id === id);
      const [item] = items.splice(at, 1);
      const { id: _id, ...value } = item!;
      record(`${name}/${id}`, 'remove', null);
      (removed[name] ??= []).unshift({ id, at: new Date(0).toISOString(), value, version: history[`${name}/${id}`]!.length });
    }),
    reorder: vi.fn(async (name: string, ids: string[]) => {
      const items = list(name);
      lists[name] = ids.map((id) => items.find((i) => i.id === id)!);
    }),
    changePassword: vi.fn(async () => {}),
    history: vi.fn(async (name: string, id?: string) => history[`${name}/${id ?? ''}`] ?? []),
    restoreVersion: vi.fn(async () => {}),
    removedItems: vi.fn(async (name: string) => removed[name] ?? []),
  };
  const backend = { ...base, ...extra } as typeof base & Omit<Partial<ContentAdmin>, keyof typeof base>;
  // The spies' own types, for the tests' `backend.add.mock`; renderAdmin takes it as the ContentAdmin it stands for.
  return { backend, lists, singletons };
}

/** An empty fan-numbers report for `days`, with what the test gives. */
export const emptyReport = (days: (typeof AUDIENCE_RANGES)[number] = 30) => ({
  range: days,
  timeZone: 'Europe/Bucharest',
  days: [],
  totals: { visitors: 0, views: 0 },
  pages: [],
  referrers: [],
  platforms: [],
  releases: [],
  devices: [],
  events: { booking: 0, newsletterLoaded: 0, newsletterFailed: 0, plays: 0 },
});
