/**
 * The `server` backend for the admin: Scena's own Node server (server/), over its JSON API. The
 * public page uses server-public.ts (reads only); this module, with sign-in and writes, is loaded by
 * the admin alone.
 * Same-origin fetches with the session cookie; every error becomes a BackendError with the
 * server's own message (e.g. "Not authorized", "Login failed", "links.spotify must be an https:// link").
 */
import type { AuthUser, ContentAdmin, HistoryEntry, RemovedItem } from '../backend';
import type { Collaborator, CollaboratorInput, Release, ReleaseInput } from '../model';
import { createServerReader, failure, fetchOf, requestJson, type ServerBackendOptions } from './server-public';

export type { ServerBackendOptions } from './server-public';

export function createServerBackend(options: ServerBackendOptions = {}): ContentAdmin {
  const base = options.baseUrl ?? '';
  const doFetch = fetchOf(options);
  let user: AuthUser | null | undefined;
  const listeners = new Set<(user: AuthUser | null) => void>();
  let known: Promise<void> | undefined;

  const setUser = (next: AuthUser | null) => {
    user = next;
    for (const listener of [...listeners]) listener(next);
  };

  async function call<T>(method: string, path: string, body?: unknown, fallback = 'Request failed'): Promise<T> {
    const init: RequestInit = { method, credentials: 'same-origin', headers: { accept: 'application/json' } };
    if (method !== 'GET') {
      init.headers = { accept: 'application/json', 'content-type': 'application/json' };
      init.body = JSON.stringify(body ?? {});
    }
    const { response, data } = await requestJson<T>(doFetch, `${base}${path}`, init);
    if (!response.ok) {
      // A session that ended (expired, revoked) shows as signed out.
      if (response.status === 401 && path !== '/api/session' && user) setUser(null);
      throw failure(response, data, fallback);
    }
    return data as T;
  }

  return {
    // The reads are the public reader's: they need no session.
    ...createServerReader(options),

    async signIn(email, password) {
      try {
        const { user: signedIn } = await call<{ user: AuthUser }>('POST', '/api/session', { email, password }, 'Login failed');
        setUser(signedIn);
        return signedIn;
      } catch (error) {
        if (user) setUser(null);
        throw error;
      }
    },
    async signOut() {
      await call('DELETE', '/api/session');
      setUser(null);
    },
    onAuthChange(callback) {
      listeners.add(callback);
      if (user !== undefined) callback(user);
      else {
        known ??= call<{ user: AuthUser | null }>('GET', '/api/session').then(
          (r) => {
            if (user === undefined) setUser(r.user);
          },
          () => {
            if (user === undefined) setUser(null);
          },
        );
      }
      return () => {
        listeners.delete(callback);
      };
    },

    saveSettings: async (settings) => void (await call('PATCH', '/api/admin/settings', settings, 'Save failed')),
    saveStats: async (stats) => void (await call('PUT', '/api/admin/stats', stats, 'Save failed')),
    addRelease: async (input: ReleaseInput) => (await call<{ item: Release }>('POST', '/api/admin/releases', input, 'Save failed')).item,
    updateRelease: async (id, input) => void (await call('PUT', `/api/admin/releases/${encodeURIComponent(id)}`, input, 'Save failed')),
    deleteRelease: async (id) => void (await call('DELETE', `/api/admin/releases/${encodeURIComponent(id)}`, {}, 'Delete failed')),
    reorderReleases: async (ids) => void (await call('PUT', '/api/admin/releases/order', { ids }, 'Save failed')),
    addCollaborator: async (input: CollaboratorInput) => (await call<{ item: Collaborator }>('POST', '/api/admin/collaborators', input, 'Save failed')).item,
    updateCollaborator: async (id, input) => void (await call('PUT', `/api/admin/collaborators/${encodeURIComponent(id)}`, input, 'Save failed')),
    deleteCollaborator: async (id) => void (await call('DELETE', `/api/admin/collaborators/${encodeURIComponent(id)}`, {}, 'Delete failed')),
    reorderCollaborators: async (ids) => void (await call('PUT', '/api/admin/collaborators/order', { ids }, 'Save failed')),

    history: async (kind, id) =>
      (await call<{ entries: HistoryEntry[] }>('GET', `/api/admin/history/${encodeURIComponent(kind)}${id === undefined ? '' : `/${encodeURIComponent(id)}`}`))
        .entries,
    restoreVersion: async (kind, id, version) =>
      void (await call(
        'POST',
        `/api/admin/history/${encodeURIComponent(kind)}${id === undefined ? '' : `/${encodeURIComponent(id)}`}/restore`,
        { version },
        'Restore failed',
      )),
    removedItems: async (list) => (await call<{ items: RemovedItem[] }>('GET', `/api/admin/removed/${encodeURIComponent(list)}`)).items,

    // A wrong current password is a 400 naming currentPassword (not a 401, which would sign out here).
    changePassword: async (currentPassword, newPassword) =>
      void (await call('POST', '/api/admin/password', { currentPassword, newPassword }, 'The password could not be changed.')),
    async signOutEverywhere() {
      await call('DELETE', '/api/admin/sessions', {}, 'The sessions could not be ended.');
      setUser(null);
    },
  };
}
