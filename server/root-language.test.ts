/** The plain address "/" in the visitor's language, from Accept-Language, on the app's route and its fast path. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { languageOfRoot } from './pages';
import { testApp, type TestApp } from './test/helpers';

let t: TestApp;
beforeEach(async () => {
  t = await testApp();
});
afterEach(async () => {
  await t.close();
});

describe('the plain address', () => {
  it('reads the most preferred language as the browser does: Romanian only when that one is Romanian', () => {
    expect(languageOfRoot('ro-RO,ro;q=0.9,en-US;q=0.8,en;q=0.7')).toBe('ro');
    expect(languageOfRoot('ro')).toBe('ro');
    expect(languageOfRoot('en-US,en;q=0.9,ro;q=0.8')).toBe('en');
    expect(languageOfRoot('en;q=0.5, ro;q=0.9')).toBe('ro');
    expect(languageOfRoot('de-DE,ro;q=0.9')).toBe('en');
    expect(languageOfRoot('roh')).toBe('en');
    expect(languageOfRoot('*')).toBe('en');
    expect(languageOfRoot(undefined)).toBe('en');
    expect(languageOfRoot('ro;q=abc, en;q=0.2')).toBe('ro');
  });

  it('comes in Romanian to a Romanian browser at once, says that it varies, and keeps each language its own ETag', async () => {
    const ro = await t.app.inject({ url: '/', headers: { 'accept-language': 'ro-RO,ro;q=0.9,en;q=0.8' } });
    expect(ro.statusCode).toBe(200);
    expect(ro.body).toContain('<html lang="ro">');
    expect(ro.headers.vary).toBe('Accept-Encoding, Accept-Language');
    const en = await t.app.inject({ url: '/', headers: { 'accept-language': 'en-GB' } });
    expect(en.body).toContain('<html lang="en">');
    expect(en.headers.vary).toBe('Accept-Encoding, Accept-Language');
    expect(en.headers.etag).not.toBe(ro.headers.etag);
    // A cache that kept the English page answers a Romanian browser's revalidation with the Romanian page, not 304.
    const again = await t.app.inject({ url: '/', headers: { 'accept-language': 'ro', 'if-none-match': String(en.headers.etag) } });
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('<html lang="ro">');
    // The language addresses do not vary: each is its language.
    const fixed = await t.app.inject({ url: '/en/', headers: { 'accept-language': 'ro' } });
    expect(fixed.body).toContain('<html lang="en">');
    expect(fixed.headers.vary).toBe('Accept-Encoding');
  });
});
