/** firebase/firebase.json: valid for the Firebase CLI, and the same security headers as the Node server. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../server/security';
import { FIREBASE_CONNECT_ORIGINS, FIREBASE_JSON, firebaseCsp, firebaseJson } from './firebase-hosting';

const committed = JSON.parse(readFileSync(FIREBASE_JSON, 'utf8')) as ReturnType<typeof firebaseJson>;
const header = (name: string) => committed.hosting.headers[0]!.headers.find((h) => h.key.toLowerCase() === name.toLowerCase())?.value;

describe('firebase/firebase.json', () => {
  it('passes the Firebase CLI\'s own schema', () => {
    const require = createRequire(import.meta.url);
    const { getValidator, getErrorMessage } = require('firebase-tools/lib/firebaseConfigValidate.js');
    const validate = getValidator();
    const valid = validate(committed);
    expect(valid ? [] : validate.errors.map(getErrorMessage)).toEqual([]);
  });

  it('serves the built site, rewrites /admin/** to the admin app, and keeps the emulators\' UI off', () => {
    expect(committed.hosting.public).toBe('../dist/client');
    expect(committed.hosting.rewrites).toEqual([
      { source: '/admin', destination: '/admin/index.html' },
      { source: '/admin/**', destination: '/admin/index.html' },
    ]);
    expect(committed.firestore.rules).toBe('firestore.rules');
    expect(committed.emulators.ui).toEqual({ enabled: false });
  });

  it('sends the Node server\'s security headers, with Firebase\'s origins allowed to connect', () => {
    const csp = header('Content-Security-Policy')!;
    const hashes = [...csp.matchAll(/'sha256-[^']+'/g)].map((m) => m[0]);
    expect(csp).toBe(firebaseCsp(hashes));
    for (const directive of contentSecurityPolicy(hashes).split('; ')) {
      if (directive.startsWith('connect-src')) continue;
      expect(csp.split('; ')).toContain(directive);
    }
    const connect = csp.split('; ').find((d) => d.startsWith('connect-src'))!;
    for (const origin of FIREBASE_CONNECT_ORIGINS) expect(connect).toContain(origin);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('apis.google.com');
    expect(header('Strict-Transport-Security')).toMatch(/max-age=\d{8}/);
    expect(header('X-Content-Type-Options')).toBe('nosniff');
    expect(header('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
    expect(header('X-Frame-Options')).toBe('DENY');
  });
});
