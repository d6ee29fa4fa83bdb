/**
 * The shared content-backend contract (src/content/contract), run against the server adapter
 * talking to a real server listening on a loopback ephemeral port.
 */
import { createServerBackend } from '../src/content/backends/server';
import { createServerReader } from '../src/content/backends/server-public';
import { runContentBackendContract } from '../src/content/contract';
import { runHistoryContract } from '../src/content/contract/history';
import { runValidationContract } from '../src/content/contract/validation';
import { ADMIN, OTHER, addAccount, testApp } from './test/helpers';

/** fetch with a cookie jar, as a browser keeps the session cookie. */
function browserFetch(): typeof fetch {
  const jar = new Map<string, string>();
  return async (input, init) => {
    const headers = new Headers(init?.headers);
    if (jar.size) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await fetch(input, { ...init, headers });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const [name, value] = pair!.split('=') as [string, string];
      const expired = !value || attrs.some((a) => /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(a));
      if (expired) jar.delete(name.trim());
      else jar.set(name.trim(), value);
    }
    return response;
  };
}

/** A fresh server with both accounts, on a loopback port; the contract and the validation cases share it. */
async function fixture() {
  const t = await testApp({}, { dist: false });
  await addAccount(t.app, ADMIN);
  await addAccount(t.app, OTHER);
  const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
  return {
    backend: createServerBackend({ baseUrl: address, fetch: browserFetch() }),
    visitor: createServerReader({ baseUrl: address, fetch: browserFetch() }),
    admin: ADMIN,
    other: OTHER,
    cleanup: () => t.close(),
  };
}

runContentBackendContract('server (HTTP on a loopback port)', fixture);
runValidationContract('server (HTTP on a loopback port)', fixture);
runHistoryContract('server (HTTP on a loopback port)', fixture);
