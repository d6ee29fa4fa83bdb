/**
 * Writes firebase/firebase.json (Hosting, Firestore rules, emulators) for the current build:
 *   npm run build && npx tsx scripts/firebase-hosting.ts [--root dist/client] [--check]
 * The headers are the Node server's (server/security.ts), so both deployments answer alike: the
 * public page's CSP everywhere but /admin, and the admin's own CSP (no third party) on /admin/**.
 * The CSPs allow the pages' inline <style> by hash, which changes with the CSS: that is why the file
 * is written after each build (--check fails when it is stale).
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { adminContentSecurityPolicy, contentSecurityPolicy, inlineStyleHashes } from '../server/security';

/** Where the Firebase web SDK and the public reader connect: Firestore, Auth and its token service. */
export const FIREBASE_CONNECT_ORIGINS = ['https://firestore.googleapis.com', 'https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'];

/**
 * The server's CSP, with Firebase's origins (and any extra, e.g. the emulators) allowed to connect, and media from any
 * https origin: on Firebase a sample's audio is a link to a file the artist hosts elsewhere (src/content/kinds/audio.ts).
 */
export function firebaseCsp(styleHashes: string[], extraConnect: string[] = []): string {
  return `${contentSecurityPolicy(styleHashes, [...FIREBASE_CONNECT_ORIGINS, ...extraConnect])}; media-src 'self' https:`;
}

/**
 * The admin's CSP (server/security.ts) with Firebase's origins allowed to connect, and nothing of the public page's.
 * Audio on Firebase is an https:// link to a file the artist hosts elsewhere (src/content/kinds/audio.ts): the Media
 * page plays it, so media may come from any https origin (on Scena's server, audio is the server's own: 'self').
 */
export function firebaseAdminCsp(styleHashes: string[], extraConnect: string[] = []): string {
  return `${adminContentSecurityPolicy(styleHashes, [...FIREBASE_CONNECT_ORIGINS, ...extraConnect])}; media-src 'self' https:`;
}

/** Security headers for every answer but the CSP, as server/security.ts's securityHeaders() sends them over https. */
export function securityHeaderList(): { key: string; value: string }[] {
  return [
    { key: 'X-Content-Type-Options', value: 'nosniff' },
    { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
    { key: 'X-Frame-Options', value: 'DENY' },
    { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
    { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=()' },
    { key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains' },
  ];
}

/**
 * Every request path except /admin and /admin/… Firebase does not document which rule wins when two
 * set the same header, so each path gets its CSP from exactly one rule; Hosting's regexes are RE2,
 * which has no look-ahead, hence the prefixes of "admin" spelled out.
 */
export const OUTSIDE_ADMIN = '^/(?:[^a].*|a(?:[^d].*)?|ad(?:[^m].*)?|adm(?:[^i].*)?|admi(?:[^n].*)?|admin[^/].*)?$';

/** The hashes of the inline <style> elements of the .html files under root: under root/admin, and everywhere else. */
export async function styleHashesOf(root: string): Promise<{ public: string[]; admin: string[] }> {
  const hashes = { public: new Set<string>(), admin: new Set<string>() };
  const adminFolder = join(root, 'admin');
  for (const entry of await readdir(root, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const inAdmin = entry.parentPath === adminFolder || entry.parentPath.startsWith(`${adminFolder}/`);
    const part = inAdmin ? hashes.admin : hashes.public;
    for (const hash of inlineStyleHashes(await readFile(join(entry.parentPath, entry.name), 'utf8'))) part.add(hash);
  }
  return { public: [...hashes.public].sort(), admin: [...hashes.admin].sort() };
}

export function firebaseJson(csp: string, adminCsp: string) {
  const adminHeaders = [
    { key: 'Content-Security-Policy', value: adminCsp },
    { key: 'X-Robots-Tag', value: 'noindex' },
  ];
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
        { source: '**', headers: securityHeaderList() },
        { regex: OUTSIDE_ADMIN, headers: [{ key: 'Content-Security-Policy', value: csp }] },
        { source: '/admin', headers: adminHeaders },
        { source: '/admin/**', headers: adminHeaders },
        { source: '/assets/**', headers: [{ key: 'Cache-Control', value: 'public, max-age=31536000, immutable' }] },
        { source: '**/*.html', headers: [{ key: 'Cache-Control', value: 'no-cache' }] },
        // The shows' calendars (scripts/prerender.ts): a subscribed calendar app reads the feed afresh after each build.
        {
          source: '**/*.ics',
          headers: [
            { key: 'Content-Type', value: 'text/calendar; charset=utf-8' },
            { key: 'Cache-Control', value: 'no-cache' },
          ],
        },
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
  const { public: hashes, admin: adminHashes } = await styleHashesOf(values.root!);
  if (hashes.length === 0) console.warn(`No inline <style> in ${values.root}: is the site built? (npm run build)`);
  const text = `${JSON.stringify(firebaseJson(firebaseCsp(hashes), firebaseAdminCsp(adminHashes)), null, 2)}\n`;
  if (values.check) {
    const current = await readFile(FIREBASE_JSON, 'utf8').catch(() => '');
    if (current !== text) {
      console.error('✖ firebase/firebase.json does not match this build. Run: npx tsx scripts/firebase-hosting.ts');
      process.exit(1);
    }
    console.log('✓ firebase/firebase.json matches this build');
  } else {
    await writeFile(FIREBASE_JSON, text);
    const count = hashes.length + adminHashes.length;
    console.log(`firebase/firebase.json written (${count} inline style hash${count === 1 ? '' : 'es'})`);
  }
}
