/**
 * The `server` backend: Scena's own Node server (server/), over its JSON API.
 * Same-origin fetches with the session cookie; every error becomes a BackendError with the
 * server's own message (e.g. "Not authorized", "Login failed", "links.spotify must be an https:// link").
 */
import { BackendError, type AuthUser, type ContentAdmin } from '../backend';
import type { Collaborator, CollaboratorInput, Release, ReleaseInput, Settings, Stats } from '../model';

export interface ServerBackendOptions {
  /** Prefix of the API's address: '' in the browser (same origin); an absolute URL elsewhere. */
  baseUrl?: string;
  fetch?: typeof globalThis.fetch;
}

interface ErrorBody {
  error?: string;
  code?: string;
  field?: string;
}

export function createServerBackend(options: ServerBackendOptions = {}): ContentAdmin {
  const base = options.baseUrl ?? '';
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
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
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, init);
    } catch {
      throw new BackendError('The server cannot be reached. Check the connection and try again.', 'network');
    }
    const data = (await response.json().catch(() => undefined)) as (T & ErrorBody) | undefined;
    if (!response.ok) {
      // A session that ended (expired, revoked) shows as signed out.
      if (response.status === 401 && path !== '/api/session' && user) setUser(null);
      throw new BackendError(data?.error || fallback, data?.code ?? `http-${response.status}`, data?.field);
    }
    return data as T;
  }

  return {
    kind: 'server',
    getSettings: async () => (await call<{ settings: Settings | null }>('GET', '/api/settings')).settings ?? undefined,
    getStats: async () => (await call<{ stats: Stats | null }>('GET', '/api/stats')).stats ?? undefined,
    listReleases: async () => (await call<{ releases: Release[] }>('GET', '/api/releases')).releases,
    listCollaborators: async () => (await call<{ collaborators: Collaborator[] }>('GET', '/api/collaborators')).collaborators,

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
    addCollaborator: async (input: CollaboratorInput) =>
      (await call<{ item: Collaborator }>('POST', '/api/admin/collaborators', input, 'Save failed')).item,
    updateCollaborator: async (id, input) =>
      void (await call('PUT', `/api/admin/collaborators/${encodeURIComponent(id)}`, input, 'Save failed')),
    deleteCollaborator: async (id) => void (await call('DELETE', `/api/admin/collaborators/${encodeURIComponent(id)}`, {}, 'Delete failed')),
    reorderCollaborators: async (ids) => void (await call('PUT', '/api/admin/collaborators/order', { ids }, 'Save failed')),
  };
}

/** The public page's reader: the same adapter (reads need no session). */
export const createServerReader = createServerBackend;
