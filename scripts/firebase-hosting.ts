/**
 * Writes firebase/firebase.json (Hosting, Firestore rules, emulators) for the current build:
 *   npm run build && npx tsx scripts/firebase-hosting.ts [--root dist/client] [--check]
 * The headers are the Node server's (server/security.ts), so both deployments answer alike; the CSP
 * allows the inline <style> of the prerendered pages by hash, which changes with the CSS: that is
 * why the file is written after each build (--check fails when it is stale).
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { contentSecurityPolicy, inlineStyleHashes } from '../server/security';

/** Where the Firebase web SDK and the public reader connect: Firestore, Auth and its token service. */
export const FIREBASE_CONNECT_ORIGINS = [
  'https://firestore.googleapis.com',
  'https://identitytoolkit.googleapis.com',
  'https://securetoken.googleapis.com',
];

/** The server's CSP, with Firebase's origins (and any extra, e.g. the emulators) allowed to connect. */
export function firebaseCsp(styleHashes: string[], extraConnect: string[] = []): string {
  const csp = contentSecurityPolicy(styleHashes);
  if (!/connect-src 'self'/.test(csp)) throw new Error("server/security.ts's CSP has no \"connect-src 'self'\" to extend.");
  return csp.replace("connect-src 'self'", ["connect-src 'self'", ...FIREBASE_CONNECT_ORIGINS, ...extraConnect].join(' '));
}

/** Security headers for every answer, as server/security.ts's securityHeaders() sends them over https. */
export function securityHeaderList(csp: string): { key: string; value: string }[] {
  return [
    { key: 'Content-Security-Policy', value: csp },
    { key: 'X-Content-Type-Options', value: 'nosniff' },
    { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
    { key: 'X-Frame-Options', value: 'DENY' },
    { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
    { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=()' },
    { key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains' },
  ];
}

export async function styleHashesOf(root: string): Promise<string[]> {
  const hashes = new Set<string>();
  for (const entry of await readdir(root, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    for (const hash of inlineStyleHashes(await readFile(join(entry.parentPath, entry.name), 'utf8'))) hashes.add(hash);
  }
  return [...hashes].sort();
}

export function firebaseJson(csp: string) {
  return {
    hosting: {
      // Relative to this file's folder (firebase/): deploy with `firebase deploy --config firebase/firebase.json`.
      public: '../dist/client',
      // Firebase compresses by itself; the prerender's .br/.gz copies are for Scena's own server.
      ignore: ['**/.*', '**/*.br', '**/*.gz'],
      // "/", "/en/" and "/ro/" are the prerendered index.html files; "/en" is redirected to "/en/".
      cleanUrls: false,
      // The build writes the admin's page at each of its addresses (admin/login/index.html, …), which
      // Hosting serves before any rewrite; any other /admin address gets the admin too, whose router
      // shows its own "not found". Everything else without a file gets 404.html with 404 (Hosting's
      // own rule), never the home page: so no catch-all rewrite.
      rewrites: [
        { source: '/admin', destination: '/admin/index.html' },
        { source: '/admin/**', destination: '/admin/index.html' },
      ],
      headers: [
        { source: '**', headers: securityHeaderList(csp) },
        { source: '/assets/**', headers: [{ key: 'Cache-Control', value: 'public, max-age=31536000, immutable' }] },
        { source: '**/*.html', headers: [{ key: 'Cache-Control', value: 'no-cache' }] },
        { source: '/admin/**', headers: [{ key: 'X-Robots-Tag', value: 'noindex' }] },
      ],
    },
    firestore: { rules: 'firestore.rules' },
    emulators: {
      auth: { host: '127.0.0.1', port: 9099 },
      firestore: { host: '127.0.0.1', port: 8080 },
      ui: { enabled: false },
      singleProjectMode: true,
    },
  };
}

export const FIREBASE_JSON = new URL('../firebase/firebase.json', import.meta.url).pathname;

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const { values } = parseArgs({ options: { root: { type: 'string', default: 'dist/client' }, check: { type: 'boolean', default: false } } });
  const hashes = await styleHashesOf(values.root!);
  if (hashes.length === 0) console.warn(`No inline <style> in ${values.root}: is the site built? (npm run build)`);
  const text = `${JSON.stringify(firebaseJson(firebaseCsp(hashes)), null, 2)}\n`;
  if (values.check) {
    const current = await readFile(FIREBASE_JSON, 'utf8').catch(() => '');
    if (current !== text) {
      console.error('✖ firebase/firebase.json does not match this build. Run: npx tsx scripts/firebase-hosting.ts');
      process.exit(1);
    }
    console.log('✓ firebase/firebase.json matches this build');
  } else {
    await writeFile(FIREBASE_JSON, text);
    console.log(`firebase/firebase.json written (${hashes.length} inline style hash${hashes.length === 1 ? '' : 'es'})`);
  }
}
