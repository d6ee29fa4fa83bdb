/**
 * A Firebase build renders what Firestore holds (scripts/build-content.ts), read as a visitor reads it, on the real
 * emulators: a release the admin published there gets its pages and sitemap entries; a draft does not; a Firestore
 * that cannot be reached leaves the build with the first-start content and a warning, never a failed or empty site.
 */
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildContent } from '../scripts/build-content';
import { contentPages, sitemap } from '../server/render';
import { createFirebaseBackend } from '../src/content/backends/firebase';
import { SEED_CONTENT } from '../src/content/seed';
import { clearAccounts, clearFirestore, createAccount, emulators } from './test/emulators';

const e = emulators();
const ADMIN = { email: e.adminEmail, password: 'Violet-Studio-Nights-42' };
const project = e.project;
const buildEnv = (firestore = e.firestore) => ({
  VITE_FIREBASE_API_KEY: 'demo-api-key',
  VITE_FIREBASE_AUTH_DOMAIN: `${project}.firebaseapp.com`,
  VITE_FIREBASE_PROJECT_ID: project,
  VITE_FIREBASE_APP_ID: '1:000000000000:web:0000000000000000',
  VITE_FIREBASE_EMULATORS: `auth=${e.auth},firestore=${firestore}`,
});

const backend = createFirebaseBackend({
  config: {
    apiKey: 'demo-api-key',
    authDomain: `${project}.firebaseapp.com`,
    projectId: project,
    appId: '1:000000000000:web:0000000000000000',
    adminEmail: e.adminEmail,
    emulators: { auth: e.auth, firestore: e.firestore },
  },
  persistence: 'memory',
  appName: 'build-content',
});

beforeAll(async () => {
  await clearAccounts(e);
  await clearFirestore(e);
  await createAccount(ADMIN.email, ADMIN.password, { emailVerified: true, claims: { admin: true } }, e);
  await backend.signIn(ADMIN.email, ADMIN.password);
});
afterAll(async () => {
  await backend.signOut().catch(() => {});
  await backend.dispose();
});

describe('a Firebase build renders what Firestore holds', () => {
  it('a published release has its pages in both languages and its sitemap entries; a draft has neither', async () => {
    await backend.save('settings', { heroTitle_en: 'Built from Firestore' });
    await backend.add('releases', { title: 'Ora albastră', kind: 'single', date: '2025-03-07T00:00', status: 'published' });
    await backend.add('releases', { title: 'Ciornă secretă', status: 'draft' });
    const warnings: string[] = [];
    const content = await buildContent({ env: buildEnv(), warn: (m) => warnings.push(m) });
    expect(warnings).toEqual([]);
    expect(content.settings?.heroTitle_en).toBe('Built from Firestore');
    expect(content.releases.map((r) => r.title)).toEqual(['Ora albastră']);
    const paths = contentPages(content).map((p) => p.path);
    expect(paths).toEqual(expect.arrayContaining(['/en/music/ora-albastra/', '/ro/muzica/ora-albastra/']));
    expect(paths.some((p) => p.includes('ciorna'))).toBe(false);
    const xml = sitemap('https://tudorvale.ro', content);
    expect(xml).toContain('https://tudorvale.ro/ro/muzica/ora-albastra/');
    expect(xml).not.toContain('ciorna');
  });

  it('a Firestore that does not answer leaves the first-start content and a warning that says what to do', async () => {
    // A port that accepts connections and never answers: the build waits its time, then goes on.
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    try {
      const warnings: string[] = [];
      const started = Date.now();
      const content = await buildContent({ env: buildEnv(`127.0.0.1:${port}`), timeoutMs: 1_000, warn: (m) => warnings.push(m) });
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(content).toEqual(SEED_CONTENT);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/Firestore could not be read at build time .*Build again when Firestore is reachable/);
    } finally {
      silent.close();
    }
  });

  it('without Firebase settings, the first-start content, and Firestore is not asked', async () => {
    const warnings: string[] = [];
    expect(await buildContent({ env: {}, warn: (m) => warnings.push(m) })).toEqual(SEED_CONTENT);
    expect(warnings).toEqual([]);
  });
});
