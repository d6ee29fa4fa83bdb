import { describe, expect, it } from 'vitest';
import { BackendError, type AuthUser } from '../backend';
import { createServerBackend } from './server';

/** A stand-in for the network: answers by method and path, and records what was sent. */
function fakeServer(routes: Record<string, { status: number; body: unknown } | 'offline'>) {
  const sent: { method: string; url: string; body?: string; headers: Headers; credentials?: RequestCredentials }[] = [];
  const fetch = (async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    sent.push({ method, url, body: init.body as string | undefined, headers: new Headers(init.headers), credentials: init.credentials });
    const route = routes[`${method} ${url}`];
    if (route === 'offline' || !route) throw new TypeError('fetch failed');
    return new Response(JSON.stringify(route.body), { status: route.status, headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { fetch, sent };
}

describe('the server adapter', () => {
  it("sends same-origin JSON writes and shows the server's message, with its field", async () => {
    const { fetch, sent } = fakeServer({
      'PATCH /api/admin/settings': { status: 400, body: { error: 'links.spotify must be an https:// link', code: 'invalid', field: 'links.spotify' } },
    });
    const backend = createServerBackend({ fetch });
    const error = await backend.save('settings', { links: { spotify: 'javascript:x' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackendError);
    expect(error).toMatchObject({ message: 'links.spotify must be an https:// link', field: 'links.spotify', code: 'invalid' });
    expect(sent[0]).toMatchObject({ method: 'PATCH', credentials: 'same-origin', body: JSON.stringify({ links: { spotify: 'javascript:x' } }) });
    expect(sent[0]!.headers.get('content-type')).toBe('application/json');
  });

  it('says "Not authorized" and "Login failed" as the server does, and "Login failed" when it says nothing', async () => {
    const notAdmin = createServerBackend({ fetch: fakeServer({ 'POST /api/session': { status: 403, body: { error: 'Not authorized' } } }).fetch });
    await expect(notAdmin.signIn('fan@example.com', 'pw')).rejects.toThrow('Not authorized');
    const silent = createServerBackend({ fetch: fakeServer({ 'POST /api/session': { status: 401, body: {} } }).fetch });
    await expect(silent.signIn('a@b.co', 'pw')).rejects.toThrow('Login failed');
  });

  it('reports a network failure as a BackendError with a message to show', async () => {
    const backend = createServerBackend({ fetch: fakeServer({ 'GET /api/settings': 'offline' }).fetch });
    await expect(backend.read('settings')).rejects.toThrow(/cannot be reached/);
  });

  it('turns a signed-in admin into signed out when the server says the session has ended', async () => {
    const { fetch } = fakeServer({
      'POST /api/session': { status: 200, body: { user: { email: 'admin@tudorvale.ro', isAdmin: true } } },
      'PUT /api/admin/stats': { status: 401, body: { error: 'Sign in first.' } },
    });
    const backend = createServerBackend({ fetch });
    const seen: (AuthUser | null)[] = [];
    await backend.signIn('admin@tudorvale.ro', 'pw');
    backend.onAuthChange((user) => seen.push(user));
    await expect(backend.save('stats', { monthlyListeners: 1 })).rejects.toThrow('Sign in first.');
    expect(seen).toEqual([{ email: 'admin@tudorvale.ro', isAdmin: true }, null]);
  });

  it('maps missing documents to undefined', async () => {
    const backend = createServerBackend({
      fetch: fakeServer({ 'GET /api/settings': { status: 200, body: { settings: null } }, 'GET /api/stats': { status: 200, body: { stats: null } } }).fetch,
    });
    expect(await backend.read('settings')).toBeUndefined();
    expect(await backend.read('stats')).toBeUndefined();
  });
});
