/** The admin's calls for letters to the fans on Scena's server (src/content/letters.ts, server/routes/letters.ts). */
import type { LettersApi, LetterView, LetterProblem } from '../letters';
import { failure, requestJson, type Fetch } from './server-public';

export function serverLetters(base: string, doFetch: Fetch): LettersApi {
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const init: RequestInit = { method, credentials: 'same-origin', headers: { accept: 'application/json' } };
    if (method !== 'GET') {
      init.headers = { accept: 'application/json', 'content-type': 'application/json' };
      init.body = JSON.stringify(body ?? {});
    }
    const { response, data } = await requestJson<T>(doFetch, `${base}/api/admin/letters${path}`, init);
    if (!response.ok) throw failure(response, data, 'Request failed');
    return data as T;
  }
  type One = { letter: LetterView; problems: LetterProblem[] };
  const id = (value: string) => `/${encodeURIComponent(value)}`;
  return {
    overview: () => call('GET', ''),
    get: (letter) => call<One>('GET', id(letter)),
    create: (words) => call<One>('POST', '', words),
    save: (letter, words) => call<One>('PUT', id(letter), words),
    remove: async (letter) => void (await call('DELETE', id(letter))),
    previewUrl: (letter, lang, version) => `${base}/api/admin/letters${id(letter)}/preview?lang=${lang}&v=${encodeURIComponent(version)}`,
    test: (letter) => call('POST', `${id(letter)}/test`),
    sendNow: (letter, people) => call('POST', `${id(letter)}/send`, { now: true, people }),
    schedule: async (letter, at) => void (await call('POST', `${id(letter)}/send`, { at })),
    unschedule: async (letter) => void (await call('POST', `${id(letter)}/unschedule`)),
    cancel: async (letter) => void (await call('POST', `${id(letter)}/cancel`)),
  };
}
