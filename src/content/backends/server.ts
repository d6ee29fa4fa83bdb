/**
 * The `server` backend for the admin: Scena's own Node server (server/), over its JSON API. The
 * public page uses server-public.ts (reads only); this module, with sign-in and writes, is loaded by
 * the admin alone.
 * Same-origin fetches with the session cookie; every error becomes a BackendError with the
 * server's own message (e.g. "Not authorized", "Login failed", "links.spotify must be an https:// link").
 */
import { serverLetters } from './server-letters';
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
  UPLOAD_PIECE_BYTES,
} from '../backend';
import type { AudienceReport } from '../audience';
import type { FansReport, ImportReport } from '../fans';
import { SINGLETONS } from '../kinds';
import type { AudioItem, DocumentItem, MediaItem } from '../model';
import { failure, fetchOf, requestJson, type ErrorBody, type ServerBackendOptions } from './server-public';

export interface ServerAdminOptions extends ServerBackendOptions {
  /** Where XMLHttpRequest and FormData come from: the page's own in the browser, a test's window elsewhere. */
  uploadRealm?: Pick<typeof globalThis, 'XMLHttpRequest' | 'FormData'>;
}

export const UPLOAD_CANCELLED = 'The upload was cancelled.';
const UNREACHABLE = 'The server cannot be reached. Check the connection and try again.';

/** An upload in pieces as the server answers it. */
interface PieceUpload {
  id: string;
  offset: number;
}

/** Waits `ms`, or until `signal` aborts (then rejects as a cancel). */
const pause = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new BackendError(UPLOAD_CANCELLED, 'aborted', 'file'));
    });
  });

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
   * One request by XMLHttpRequest (fetch cannot report an upload's progress; its abort() is the cancel): the status
   * and the JSON answer. Rejects only when no answer came: `network`, or `aborted` (UPLOAD_CANCELLED).
   */
  function send(
    method: string,
    path: string,
    body: Blob | FormData | string,
    { type, onProgress, signal }: { type?: string; onProgress?: (loaded: number, total: number | undefined) => void; signal?: AbortSignal },
  ): Promise<{ status: number; data: ({ image?: MediaItem; audio?: AudioItem; document?: DocumentItem; upload?: PieceUpload } & ErrorBody) | undefined }> {
    const realm = options.uploadRealm ?? globalThis;
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(new BackendError(UPLOAD_CANCELLED, 'aborted', 'file'));
      const xhr = new realm.XMLHttpRequest();
      const onAbort = () => xhr.abort();
      const settle = () => signal?.removeEventListener('abort', onAbort);
      xhr.open(method, `${base}${path}`);
      xhr.setRequestHeader('accept', 'application/json');
      if (type) xhr.setRequestHeader('content-type', type);
      xhr.upload.onprogress = (event) => onProgress?.(event.loaded, event.lengthComputable ? event.total : undefined);
      xhr.onload = () => {
        settle();
        let data;
        try {
          data = JSON.parse(xhr.responseText) as Awaited<ReturnType<typeof send>>['data'];
        } catch {
          data = undefined;
        }
        if (xhr.status === 401 && user) setUser(null);
        resolve({ status: xhr.status, data });
      };
      xhr.onerror = () => {
        settle();
        reject(new BackendError(UNREACHABLE, 'network', 'file'));
      };
      xhr.onabort = () => {
        settle();
        reject(new BackendError(UPLOAD_CANCELLED, 'aborted', 'file'));
      };
      signal?.addEventListener('abort', onAbort);
      xhr.send(body);
    });
  }

  /** An upload's answer: `{ image }` or `{ document }` (200/201) or `{ audio }` (202 processing; 200 for the same file again), else its refusal. */
  function uploaded(file: File, { status, data }: Awaited<ReturnType<typeof send>>): UploadedMedia {
    if (status >= 200 && status < 300 && data?.image) return { kind: 'image', item: data.image };
    if (status >= 200 && status < 300 && data?.audio) return { kind: 'audio', item: data.audio };
    if (status >= 200 && status < 300 && data?.document) return { kind: 'document', item: data.document };
    const fallback = status === 413 ? `${file.name} is too large.` : `${file.name} could not be uploaded.`;
    throw new BackendError(data?.error || fallback, data?.code ?? `http-${status}`, data?.field ?? 'file');
  }

  /** One file into the library: in one request, or in pieces when it is larger than one (UPLOAD_PIECE_BYTES). */
  async function upload(file: File, { onProgress, signal }: UploadOptions = {}): Promise<UploadedMedia> {
    if (file.size > UPLOAD_PIECE_BYTES) return uploadInPieces(file, { onProgress, signal });
    const body = new (options.uploadRealm ?? globalThis).FormData();
    body.append('file', file, file.name);
    // The form's bytes (its boundaries too) against its own total: the bar ends full.
    return uploaded(file, await send('POST', '/api/admin/media', body, { onProgress: (loaded, total) => onProgress?.(loaded, total ?? file.size), signal }));
  }

  /**
   * A large file in pieces (server/media/chunked.ts): each piece at the offset the server holds. A piece that gets no
   * answer, a 5xx or the server's "not there" (409) is sent again from where the server says it is, after 1, 2, 4, 8
   * and 16 s; the sixth failure in a row ends the upload. Cancelled or failed, the server's copy is dropped.
   */
  async function uploadInPieces(file: File, { onProgress, signal }: UploadOptions): Promise<UploadedMedia> {
    const started = await send('POST', '/api/admin/uploads', JSON.stringify({ name: file.name, size: file.size }), { type: 'application/json', signal });
    if (started.status !== 201 || !started.data?.upload) return uploaded(file, started);
    const path = `/api/admin/uploads/${started.data.upload.id}`;
    let offset = 0;
    let failures = 0;
    try {
      while (offset < file.size) {
        const from = offset;
        const answer = await send('PUT', `${path}?offset=${from}`, file.slice(from, from + UPLOAD_PIECE_BYTES), {
          type: 'application/octet-stream',
          onProgress: (loaded) => onProgress?.(from + loaded, file.size),
          signal,
        }).catch((error: BackendError) => {
          if (error.code !== 'network') throw error;
          return undefined;
        });
        if (answer?.status === 200 && answer.data?.upload) {
          offset = answer.data.upload.offset;
          failures = 0;
          continue;
        }
        const again = !answer || answer.status >= 500 || answer.status === 409;
        if (!again || ++failures > 5) return answer ? uploaded(file, answer) : Promise.reject(new BackendError(UNREACHABLE, 'network', 'file'));
        await pause(1000 * 2 ** (failures - 1), signal);
        const where = await send('GET', path, '', { signal }).catch(() => undefined);
        if (where?.status === 200 && where.data?.upload) offset = where.data.upload.offset;
        else if (where?.status === 404) return uploaded(file, where);
      }
      return uploaded(file, await send('POST', `${path}/finish`, '{}', { type: 'application/json', signal }));
    } finally {
      // Gone once finished; dropped if not (cancelled, refused, unreachable: the server's sweep would in an hour).
      if (offset < file.size || signal?.aborted) void send('DELETE', path, '{}', { type: 'application/json' }).catch(() => {});
    }
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
    fans: {
      read: (query) => call<FansReport>('GET', `/api/admin/fans?q=${encodeURIComponent(query)}`),
      erase: (id) => call<void>('DELETE', `/api/admin/fans/${id}`),
      async importCsv(file, commit) {
        const init: RequestInit = {
          method: 'POST',
          credentials: 'same-origin',
          headers: { accept: 'application/json', 'content-type': 'text/csv' },
          body: file,
        };
        const { response, data } = await requestJson<ImportReport>(doFetch, `${base}/api/admin/fans/import${commit ? '?commit=1' : ''}`, init);
        if (!response.ok) throw failure(response, data, 'The file could not be read.');
        return data as ImportReport;
      },
      csvUrl: `${base}/api/admin/fans.csv`,
    },
    audience: (days) => call<AudienceReport>('GET', `/api/admin/audience?days=${days}`),
    audienceCsvUrl: (days) => `${base}/api/admin/audience.csv?days=${days}`,
    letters: serverLetters(base, doFetch),
    async signOutEverywhere() {
      await call('DELETE', '/api/admin/sessions', {}, 'The sessions could not be ended.');
      setUser(null);
    },
  };
}
