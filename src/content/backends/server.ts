/**
 * The `server` backend for the admin: Scena's own Node server (server/), over its JSON API. The
 * public page uses server-public.ts (reads only); this module, with sign-in and writes, is loaded by
 * the admin alone.
 * Same-origin fetches with the session cookie; every error becomes a BackendError with the
 * server's own message (e.g. "Not authorized", "Login failed", "links.spotify must be an https:// link").
 */
import {
  BackendError,
  type AudioProgress,
  type AuthUser,
  type BackupStatus,
  type SetupStatus,
  type ContentAdmin,
  type ContentKindName,
  type HistoryEntry,
  type MailStatus,
  type RemovedItem,
  type UploadedMedia,
  type UploadOptions,
} from '../backend';
import type { AudienceReport } from '../audience';
import { SINGLETONS } from '../kinds';
import type { AudioItem, MediaItem } from '../model';
import { failure, fetchOf, requestJson, type ErrorBody, type ServerBackendOptions } from './server-public';

export interface ServerAdminOptions extends ServerBackendOptions {
  /** Where XMLHttpRequest and FormData come from: the page's own in the browser, a test's window elsewhere. */
  uploadRealm?: Pick<typeof globalThis, 'XMLHttpRequest' | 'FormData'>;
}

export const UPLOAD_CANCELLED = 'The upload was cancelled.';

export function createServerBackend(options: ServerAdminOptions = {}): ContentAdmin {
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

  // The server's routes are made from the same declarations: /api/{kind} to read, /api/admin/{kind} to write.
  const publicPath = (kind: ContentKindName) => `/api/${encodeURIComponent(kind)}`;
  const adminPath = (kind: ContentKindName, ...rest: string[]) =>
    ['/api/admin', kind, ...rest].map((part, i) => (i ? encodeURIComponent(part) : part)).join('/');

  /**
   * fetch cannot report an upload's progress; XMLHttpRequest can, and its abort() is the cancel. The server answers
   * `{ image }` for an image (200/201) and `{ audio }` for an audio file (202, processing; 200 for the same file again).
   */
  function upload(file: File, { onProgress, signal }: UploadOptions = {}): Promise<UploadedMedia> {
    const realm = options.uploadRealm ?? globalThis;
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(new BackendError(UPLOAD_CANCELLED, 'aborted', 'file'));
      const xhr = new realm.XMLHttpRequest();
      const onAbort = () => xhr.abort();
      const settle = () => signal?.removeEventListener('abort', onAbort);
      xhr.open('POST', `${base}/api/admin/media`);
      xhr.setRequestHeader('accept', 'application/json');
      xhr.upload.onprogress = (event) => onProgress?.(event.loaded, event.lengthComputable ? event.total : file.size);
      xhr.onload = () => {
        settle();
        let data: ({ image?: MediaItem; audio?: AudioItem } & ErrorBody) | undefined;
        try {
          data = JSON.parse(xhr.responseText) as typeof data;
        } catch {
          data = undefined;
        }
        if (xhr.status >= 200 && xhr.status < 300 && data?.image) return resolve({ kind: 'image', item: data.image });
        if (xhr.status >= 200 && xhr.status < 300 && data?.audio) return resolve({ kind: 'audio', item: data.audio });
        if (xhr.status === 401 && user) setUser(null);
        const fallback = xhr.status === 413 ? `${file.name} is too large.` : `${file.name} could not be uploaded.`;
        reject(new BackendError(data?.error || fallback, data?.code ?? `http-${xhr.status}`, data?.field ?? 'file'));
      };
      xhr.onerror = () => {
        settle();
        reject(new BackendError('The server cannot be reached. Check the connection and try again.', 'network', 'file'));
      };
      xhr.onabort = () => {
        settle();
        reject(new BackendError(UPLOAD_CANCELLED, 'aborted', 'file'));
      };
      signal?.addEventListener('abort', onAbort);
      const body = new realm.FormData();
      body.append('file', file, file.name);
      xhr.send(body);
    });
  }

  /** An image upload: an audio file sent here is stored all the same, but answered as a refusal to the caller. */
  async function uploadImage(file: File, uploadOptions?: UploadOptions): Promise<MediaItem> {
    const made = await upload(file, uploadOptions);
    if (made.kind !== 'image') throw new BackendError(`${file.name} is not an image.`, 'not-image', 'file');
    return made.item;
  }

  const audioPath = (id: string, action: string) => `/api/admin/audio/${encodeURIComponent(id)}/${action}`;

  return {
    kind: 'server',

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

    // The reads are the public ones: they need no session. The server answers { [kind]: value }, and
    // null for a singleton that does not exist. (`never`: the value's type is the kind's, from the interface.)
    read: async (kind) => (await call<Record<string, never>>('GET', publicPath(kind)))[kind] ?? undefined,
    // A merged singleton (settings) takes any subset of its fields; a replaced one (stats) all of them.
    save: async (kind, value) =>
      void (await call(SINGLETONS.find((k) => k.name === kind)?.save === 'merge' ? 'PATCH' : 'PUT', adminPath(kind), value, 'Save failed')),
    // The admin's lists hold every item (drafts, the whole media library); the public ones what the page shows.
    list: async (kind) => (await call<Record<string, never[]>>('GET', adminPath(kind)))[kind] ?? [],
    add: async (kind, value) => (await call<{ item: never }>('POST', adminPath(kind), value, 'Save failed')).item,
    update: async (kind, id, value) => void (await call('PUT', adminPath(kind, id), value, 'Save failed')),
    remove: async (kind, id) => void (await call('DELETE', adminPath(kind, id), {}, 'Delete failed')),
    reorder: async (kind, ids) => void (await call('PUT', adminPath(kind, 'order'), { ids }, 'Save failed')),

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
    uploadImage,
    uploadMedia: upload,
    audioProgress: (id) => call<AudioProgress>('GET', audioPath(id, 'progress')),
    retryAudio: async (id) => (await call<{ audio: AudioItem }>('POST', audioPath(id, 'retry'), {}, 'The retry could not start')).audio,
    // The inbox's export is a plain GET with the session cookie: a link the browser downloads.
    inboxCsvUrl: `${base}/api/admin/bookings.csv`,
    mailStatus: async () => call<MailStatus>('GET', '/api/admin/mail'),
    backupStatus: async () => call<BackupStatus>('GET', '/api/admin/backups'),
    setupStatus: async () => call<SetupStatus>('GET', '/api/admin/setup'),
    audience: (days) => call<AudienceReport>('GET', `/api/admin/audience?days=${days}`),
    audienceCsvUrl: (days) => `${base}/api/admin/audience.csv?days=${days}`,
    async signOutEverywhere() {
      await call('DELETE', '/api/admin/sessions', {}, 'The sessions could not be ended.');
      setUser(null);
    },
  };
}
