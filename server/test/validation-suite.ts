/**
 * Shared by validation-*.property.test.ts (split in two files so they run on both cores).
 * Bad input, property-based (fast-check, 1,000 runs per field, on every write):
 * no unsafe URL is ever accepted, no request gets a 5xx, a refused request changes nothing stored,
 * and each field is accepted exactly when the rules say so.
 */
import { existsSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, LINK_KEYS, TEXT_FIELDS } from '../../src/content/model';
import { ADMIN, JSON_HEADERS, addAccount, signIn, testApp, type TestApp } from './helpers';

const RUNS = 1000;
// A RAM-backed folder when there is one: 30,000 requests, many of them fsynced writes.
const TMP = existsSync('/dev/shm') ? '/dev/shm' : undefined;

export function validationSuite(part: 'settings' | 'lists'): void {
let t: TestApp;
let cookie: string;
let releaseId: string;
let collaboratorId: string;
const serverErrors: string[] = [];
const unsafeAccepted: string[] = [];

beforeAll(async () => {
  t = await testApp({ LOG_LEVEL: 'silent' }, { dist: false, tmpRoot: TMP });
  await addAccount(t.app, ADMIN);
  cookie = await signIn(t.app);
  const r = await send('POST', '/api/admin/releases', { title: 'Seed', meta: 'm', url: 'https://open.spotify.com/album/1' });
  releaseId = r.json().item.id;
  await send('POST', '/api/admin/releases', { title: 'Seed 2', meta: 'm', url: '' });
  collaboratorId = (await send('POST', '/api/admin/collaborators', { name: 'Seed', role: 'Artist' })).json().item.id;
  await send('POST', '/api/admin/collaborators', { name: 'Seed 2', role: 'Artist' });
});
afterAll(async () => {
  await t.close();
});

async function send(method: string, url: string, body: unknown) {
  const res = await t.app.inject({ method: method as 'POST', url, headers: { ...JSON_HEADERS, cookie }, payload: JSON.stringify(body) });
  if (res.statusCode >= 500) serverErrors.push(`${method} ${url} ${JSON.stringify(body).slice(0, 200)} → ${res.statusCode}`);
  return res;
}

/** Everything stored, read in one query: compared before and after each refused request. */
const STATE_SQL = `SELECT json_object(
  'version', (SELECT version FROM content_version),
  'settings', (SELECT json(data) FROM settings),
  'stats', (SELECT monthly_listeners FROM stats),
  'releases', (SELECT json_group_array(json_array(id, title, meta, url, position, created_at)) FROM (SELECT * FROM releases ORDER BY id)),
  'collaborators', (SELECT json_group_array(json_array(id, name, role, position, created_at)) FROM (SELECT * FROM collaborators ORDER BY id))
) AS s`;
const state = async () => String((await t.app.services.db.client.execute(STATE_SQL)).rows[0]!.s);

// ---- what is sent ---------------------------------------------------------------------------
const LONE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const SCHEMES = ['javascript', 'data', 'vbscript', 'http', 'file', 'blob', 'ftp', 'https'];
const sprinkle = (s: string) =>
  fc.array(fc.constantFrom('', '', '', '\t', '\n', '\r', '\u0000', ' ', '\u00ad', '%09'), { minLength: s.length, maxLength: s.length }).map((extra) =>
    [...s].map((ch, i) => ch + extra[i]).join(''),
  );
/** javascript:, data: and vbscript: (and others) in every spelling a browser or a careless parser might accept. */
const trickyUrl = fc
  .tuple(
    fc.constantFrom('', ' ', '\u0000', '\t', '\u200b', '\ufeff'),
    fc.constantFrom(...SCHEMES).chain((s) => fc.mixedCase(fc.constant(s))).chain(sprinkle),
    fc.constantFrom(':', ':', '%3a', '&#58;', '&colon;', '\\u003a', '://', ':/\\', ':\\\\'),
    fc.oneof(fc.constant('alert(1)'), fc.constant('//evil.example/%0aalert(1)'), fc.constant('text/html;base64,PHNjcmlwdD4='), fc.webPath(), fc.string({ maxLength: 30 })),
  )
  .map((parts) => parts.join(''));
const urlValue = fc.oneof(
  { weight: 4, arbitrary: trickyUrl },
  { weight: 2, arbitrary: fc.webUrl({ validSchemes: ['https', 'http', 'ftp'], withQueryParameters: true, withFragments: true }) },
  { weight: 1, arbitrary: fc.webUrl({ validSchemes: ['https'] }).map((u) => u.replace('https://', 'https://user:pw@')) },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom('', 'https://', 'https:///x', 'https:example.com', '//example.com', 'https://' + 'a'.repeat(LIMITS.url)) },
  { weight: 1, arbitrary: fc.anything({ maxDepth: 2 }) },
);
/** Bidirectional controls and zero-width characters (hasInvisible in the model; isPlainText in the rules). */
const INVISIBLE_CHARS = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F', '\u061C', '\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF'];
/** Text with an invisible character, or an emoji joined by U+200D (which is allowed), somewhere in it. */
const invisibleText = fc
  .tuple(fc.string({ maxLength: 10 }), fc.constantFrom(...INVISIBLE_CHARS, '🧑\u200D🎤', '🏳\uFE0F\u200D🌈', '\u200D🎤', 'a\u200D🎤', '🎤\u200D'), fc.string({ maxLength: 10 }))
  .map((parts) => parts.join(''));
const textValue = (max: number) =>
  fc.oneof(
    { weight: 2, arbitrary: invisibleText },
    { weight: 3, arbitrary: fc.string({ maxLength: 60 }) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
    { weight: 1, arbitrary: fc.string({ minLength: max - 3, maxLength: max + 3, unit: fc.constantFrom('a', 'ă', '🎵'.charAt(0), ' ') }) },
    { weight: 1, arbitrary: fc.constantFrom('<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', '{{7*7}}', "'; DROP TABLE releases; --") },
    { weight: 2, arbitrary: fc.anything({ maxDepth: 2 }) },
  );
const emailValue = fc.oneof(
  fc.emailAddress(),
  fc
    .tuple(fc.constantFrom('', 'mailto:', 'MAILTO:'), fc.emailAddress(), fc.constantFrom('?bcc=x%40y.com', '?cc=x%40y.com', '?subject=Hi', '?body=x', '%3Fbcc=x', '%3fcc=y', '#top', '?', '%', '\u202E', '\u200B'))
    .map(([scheme, address, tail]) => `${scheme}${address}${tail}`),
  fc.tuple(fc.emailAddress(), fc.constantFrom('?', '%3F', '#', '\u200D')).map(([address, mark]) => `mailto:${address.replace('@', `${mark}@`)}`),
  fc.emailAddress().map((e) => `mailto:${e}`),
  trickyUrl.map((u) => `${u}@example.com`),
  fc.string({ maxLength: 40 }),
  fc.anything({ maxDepth: 2 }),
);

// ---- what may be accepted (written independently of the schemas) -----------------------------
const roundTrip = (v: unknown) => (v === undefined ? undefined : JSON.parse(JSON.stringify(v)));
const isText = (v: unknown, max: number) => typeof v === 'string' && v.length <= max && !CONTROL.test(v) && !LONE.test(v) && !invisible(v);
const INVISIBLE_CODES = new Set(INVISIBLE_CHARS.filter((c) => c !== '\u200D').map((c) => c.codePointAt(0)));
const PICTOGRAPH_RANGES = [[0x2190, 0x21ff], [0x2300, 0x23ff], [0x2600, 0x27bf], [0x2b00, 0x2bff], [0x1f000, 0x1faff]] as const;
const pictograph = (cp: number | undefined) => cp !== undefined && PICTOGRAPH_RANGES.some(([from, to]) => cp >= from && cp <= to);
/** An invisible character anywhere, or a zero-width joiner not between a pictograph (or U+FE0F after one) and a pictograph. */
function invisible(v: string): boolean {
  const cps = [...v].map((ch) => ch.codePointAt(0)!);
  return cps.some((cp, i) => INVISIBLE_CODES.has(cp) || (cp === 0x200d && !((pictograph(cps[i - 1]) || cps[i - 1] === 0xfe0f) && pictograph(cps[i + 1]))));
}
function safeHttps(v: unknown): boolean {
  if (v === '') return true;
  if (typeof v !== 'string') return false;
  try {
    return new URL(v).protocol === 'https:';
  } catch {
    return false;
  }
}
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE = /^[\s\u0000-\u001f]*(j[\s\u0000-\u001f]*a[\s\u0000-\u001f]*v[\s\u0000-\u001f]*a[\s\u0000-\u001f]*s[\s\u0000-\u001f]*c[\s\u0000-\u001f]*r[\s\u0000-\u001f]*i[\s\u0000-\u001f]*p[\s\u0000-\u001f]*t|d[\s\u0000-\u001f]*a[\s\u0000-\u001f]*t[\s\u0000-\u001f]*a|v[\s\u0000-\u001f]*b[\s\u0000-\u001f]*s[\s\u0000-\u001f]*c[\s\u0000-\u001f]*r[\s\u0000-\u001f]*i[\s\u0000-\u001f]*p[\s\u0000-\u001f]*t)/i;

interface FieldCase {
  name: string;
  method: string;
  url: () => string;
  body: (value: unknown) => Record<string, unknown>;
  arbitrary: fc.Arbitrary<unknown>;
  /** When the (JSON round-tripped) value must be accepted; undefined: only "unsafe is never accepted" is checked. */
  accepts?: (value: unknown) => boolean;
  isUrl?: boolean;
}

const validRelease = { title: 'T', meta: 'M', url: 'https://example.com/r' };
const validCollaborator = { name: 'N', role: 'R' };

const cases: FieldCase[] = [
  ...TEXT_FIELDS.map((field): FieldCase => {
    const max = field.startsWith('heroTitle') ? LIMITS.heroTitle : LIMITS.bio;
    return { name: `settings.${field}`, method: 'PATCH', url: () => '/api/admin/settings', body: (v) => ({ [field]: v }), arbitrary: textValue(max), accepts: (v) => v === undefined || isText(v, max) };
  }),
  {
    name: 'settings.email',
    method: 'PATCH',
    url: () => '/api/admin/settings',
    body: (v) => ({ email: v }),
    arbitrary: emailValue,
  },
  ...LINK_KEYS.map((key): FieldCase => ({
    name: `settings.links.${key}`,
    method: 'PATCH',
    url: () => '/api/admin/settings',
    body: (v) => ({ links: { [key]: v } }),
    arbitrary: urlValue,
    isUrl: true,
  })),
  {
    name: 'stats.monthlyListeners',
    method: 'PUT',
    url: () => '/api/admin/stats',
    body: (v) => ({ monthlyListeners: v }),
    arbitrary: fc.oneof(fc.integer({ min: -10, max: 2_000_000_000 }), fc.double(), fc.nat(), fc.anything({ maxDepth: 2 })),
    accepts: (v) => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= LIMITS.monthlyListeners,
  },
  ...(['add', 'update'] as const).flatMap((op): FieldCase[] => [
    ...(['title', 'meta'] as const).map((field): FieldCase => ({
      name: `${op} release.${field}`,
      method: op === 'add' ? 'POST' : 'PUT',
      url: () => (op === 'add' ? '/api/admin/releases' : `/api/admin/releases/${releaseId}`),
      body: (v) => ({ ...validRelease, [field]: v }),
      arbitrary: textValue(LIMITS[field]),
      accepts: (v) => isText(v, LIMITS[field]),
    })),
    { name: `${op} release.url`, method: op === 'add' ? 'POST' : 'PUT', url: () => (op === 'add' ? '/api/admin/releases' : `/api/admin/releases/${releaseId}`), body: (v) => ({ ...validRelease, url: v }), arbitrary: urlValue, isUrl: true },
    ...(['name', 'role'] as const).map((field): FieldCase => ({
      name: `${op} collaborator.${field}`,
      method: op === 'add' ? 'POST' : 'PUT',
      url: () => (op === 'add' ? '/api/admin/collaborators' : `/api/admin/collaborators/${collaboratorId}`),
      body: (v) => ({ ...validCollaborator, [field]: v }),
      arbitrary: textValue(LIMITS[field]),
      accepts: (v) => isText(v, LIMITS[field]),
    })),
  ]),
];

/** The stored value a field case wrote, from a state() string. */
function stored(c: FieldCase, snapshot: string, itemId?: string): unknown {
  const s = JSON.parse(snapshot) as { settings: Record<string, unknown> | null; stats: number | null; releases: unknown[][]; collaborators: unknown[][] };
  const [scope, ...path] = c.name.replace(/^(add|update) /, '').split('.');
  if (scope === 'settings') return path.reduce<unknown>((o, k) => (o as Record<string, unknown> | null | undefined)?.[k], s.settings);
  if (scope === 'stats') return s.stats ?? undefined;
  const columns = scope === 'release' ? ['id', 'title', 'meta', 'url'] : ['id', 'name', 'role'];
  const row = (scope === 'release' ? s.releases : s.collaborators).find((r) => r[0] === itemId);
  return row?.[columns.indexOf(path[0]!)];
}

describe(`every write field (${part}), 1,000 generated values each`, () => {
  let last = '';
  for (const c of cases.filter((x) => (part === 'settings') === /^(settings|stats)\./.test(x.name))) {
    it(c.name, async () => {
      last = await state();
      await fc.assert(
        fc.asyncProperty(c.arbitrary, async (value) => {
          const res = await send(c.method, c.url(), c.body(value));
          expect(res.statusCode).toBeLessThan(500);
          const sent = roundTrip(value);
          const now = await state();
          if (res.statusCode >= 400) {
            expect(res.json().error.length).toBeGreaterThan(0);
            expect(now).toBe(last);
            if (c.accepts) expect(c.accepts(sent), `refused ${JSON.stringify(sent)}`).toBe(false);
            return;
          }
          last = now;
          const item = res.json().item as { id: string } | undefined;
          const value2 = stored(c, now, item?.id ?? (c.url().split('/')[4] || undefined));
          if (sent !== undefined && (c.isUrl || c.name === 'settings.email')) {
            // A contact address never carries a mailto: query, fragment or escape, nor an invisible character.
            const ok = c.isUrl
              ? safeHttps(value2)
              : value2 === '' || (/^(mailto:)?[^\s:@]+@[^\s:@]+$/i.test(String(value2)) && !/[?#%]/.test(String(value2)) && !invisible(String(value2)) && !String(value2).includes('\u200D'));
            if (!ok || UNSAFE.test(String(value2))) unsafeAccepted.push(`${c.name}: ${JSON.stringify(value2)}`);
          }
          if (sent !== undefined) expect(value2).toEqual(sent);
          if (c.accepts) expect(c.accepts(sent), `accepted ${JSON.stringify(sent)}`).toBe(true);
          if (item && c.method === 'POST') {
            // Keep the lists short: remove what was just added.
            expect((await send('DELETE', `${c.url()}/${item.id}`, {})).statusCode).toBe(200);
            last = await state();
          }
        }),
        { numRuns: RUNS },
      );
    }, 120_000);
  }

  // Defined in one part only (not skipped in the other: a skipped test fails `npm test`).
  if (part === 'lists') it('unknown fields, wrong ids and bad orders are refused without a server error or a change', async () => {
    const endpoints = [
      { method: 'PATCH', url: '/api/admin/settings', base: {} },
      { method: 'PUT', url: '/api/admin/stats', base: { monthlyListeners: 1 } },
      { method: 'POST', url: '/api/admin/releases', base: validRelease },
      { method: 'POST', url: '/api/admin/collaborators', base: validCollaborator },
    ];
    const known = new Set(['heroTitle_en', 'heroTitle_ro', 'bio1_en', 'bio2_en', 'bio3_en', 'bio1_ro', 'bio2_ro', 'bio3_ro', 'email', 'links', 'monthlyListeners', 'title', 'meta', 'url', 'name', 'role']);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...endpoints),
        fc.dictionary(fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('__proto__', 'constructor', 'prototype', 'isAdmin', 'id', 'position')), fc.anything({ maxDepth: 1 }), { minKeys: 1, maxKeys: 3 }),
        async (endpoint, extra) => {
          const keys = Object.keys(roundTrip(extra) as object).filter((k) => !known.has(k));
          fc.pre(keys.length > 0);
          const before = await state();
          const res = await send(endpoint.method, endpoint.url, { ...endpoint.base, ...extra });
          expect(res.statusCode).toBeGreaterThanOrEqual(400);
          expect(res.statusCode).toBeLessThan(500);
          expect(await state()).toBe(before);
        },
      ),
      { numRuns: RUNS },
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('releases', 'collaborators'), fc.string({ maxLength: 120 }), fc.constantFrom('PUT', 'DELETE'), async (list, id, method) => {
        fc.pre(id !== releaseId && id !== collaboratorId && id !== 'order');
        const before = await state();
        const res = await send(method, `/api/admin/${list}/${encodeURIComponent(id)}`, method === 'PUT' ? (list === 'releases' ? validRelease : validCollaborator) : {});
        expect([400, 404]).toContain(res.statusCode);
        expect(await state()).toBe(before);
      }),
      { numRuns: RUNS },
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('releases', 'collaborators'), fc.anything({ maxDepth: 2 }), fc.array(fc.string({ maxLength: 40 }), { maxLength: 4 }), async (list, junk, ids) => {
        const current = (await t.app.services.content.snapshot())[list as 'releases'].map((x) => x.id);
        const order = fc.sample(fc.constantFrom(ids, [...current, ...ids], junk, current.slice(1), [...current, current[0]]), 1)[0];
        const before = await state();
        const res = await send('PUT', `/api/admin/${list}/order`, { ids: order });
        const isPermutation = Array.isArray(order) && order.length === current.length && new Set(order).size === order.length && current.every((id) => order.includes(id));
        if (isPermutation) expect(res.statusCode).toBe(200);
        else {
          expect(res.statusCode).toBe(400);
          expect(await state()).toBe(before);
        }
      }),
      { numRuns: RUNS },
    );
  }, 120_000);

  it('found no unsafe URL accepted and no server error', () => {
    expect(unsafeAccepted).toEqual([]);
    expect(serverErrors).toEqual([]);
  });
});
}
