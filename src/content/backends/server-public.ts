/**
 * The public page's reader for the `server` backend: Scena's server's public GETs (the content snapshot, the
 * booking form's token and send), nothing else. The admin's adapter (server.ts: sign-in, session, writes) builds on this module, never the
 * other way round, so none of its code, paths or messages reach the public page (the build guard,
 * scripts/public-chunks.test.ts, checks every chunk the public page can load).
 */
import { BackendError, BookingError, type BookingProblem, type ContentReader } from '../backend';
import type { PublicContent } from '../model';
import { EMPTY_CONTENT } from '../page-data';
import type { ProblemWords } from '../fields/messages';

export interface ServerBackendOptions {
  /** Prefix of the API's address: '' in the browser (same origin); an absolute URL elsewhere. */
  baseUrl?: string;
  fetch?: typeof globalThis.fetch;
}

export interface ErrorBody {
  error?: string;
  code?: string;
  field?: string;
  problems?: BookingProblem[];
}

export type Fetch = typeof globalThis.fetch;

export const fetchOf = (options: ServerBackendOptions): Fetch =>
  options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));

/** One request and its JSON body (undefined when there is none); an unreachable server is a BackendError. */
export async function requestJson<T>(doFetch: Fetch, url: string, init: RequestInit): Promise<{ response: Response; data: (T & ErrorBody) | undefined }> {
  let response: Response;
  try {
    response = await doFetch(url, init);
  } catch {
    throw new BackendError('The server cannot be reached. Check the connection and try again.', 'network');
  }
  const data = (await response.json().catch(() => undefined)) as (T & ErrorBody) | undefined;
  return { response, data };
}

/** The server's own message (e.g. "links.spotify must be an https:// link"), its code and field. */
export const failure = (response: Response, data: ErrorBody | undefined, fallback: string) =>
  new BackendError(data?.error || fallback, data?.code ?? `http-${response.status}`, data?.field, problemOf(data));

/** The refused field's problem by its id, as the server sends it beside the English message. */
function problemOf(data: ErrorBody | undefined): ProblemWords | undefined {
  const first = data?.problems?.find((p) => p.field === data.field) ?? data?.problems?.[0];
  return first?.id ? { id: first.id, ...(first.params && { params: first.params }) } : undefined;
}

export function createServerReader(options: ServerBackendOptions = {}): ContentReader {
  const base = options.baseUrl ?? '';
  const doFetch = fetchOf(options);
  const get = async <T>(path: string): Promise<T> => {
    const init: RequestInit = { method: 'GET', credentials: 'same-origin', headers: { accept: 'application/json' } };
    const { response, data } = await requestJson<T>(doFetch, `${base}${path}`, init);
    if (!response.ok) throw failure(response, data, 'Request failed');
    return data as T;
  };
  return {
    kind: 'server',
    // The server's snapshot, as the page carries it; a list it does not send (an older server) reads as empty.
    content: async () => ({ ...EMPTY_CONTENT, ...(await get<PublicContent>('/api/content')) }),
    bookingToken: async () => (await get<{ token: string }>('/api/booking/token')).token,
    async sendBooking(request) {
      const init: RequestInit = {
        method: 'POST',
        credentials: 'same-origin',
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify(request),
      };
      let result;
      try {
        result = await requestJson<{ ok: true }>(doFetch, `${base}/api/booking`, init);
      } catch (error) {
        throw new BookingError((error as Error).message, 'network');
      }
      const { response, data } = result;
      if (response.ok) return;
      const retry = Number(response.headers.get('retry-after'));
      const problems = data?.problems ?? (data?.field ? [{ field: data.field, message: data.error ?? '' }] : []);
      throw new BookingError(data?.error || 'The request could not be sent.', data?.code ?? `http-${response.status}`, problems, retry > 0 ? retry : undefined);
    },
  };
}
