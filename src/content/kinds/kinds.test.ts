/**
 * The declarations and what is made from them: the stored names and messages the API has always had, the
 * admin's words in both languages, and a host rule on a link where a declaration gives one.
 */
import { describe, expect, it } from 'vitest';
import { LINK_KEYS, TEXT_FIELDS } from '../model';
import { SettingsSchema, StatsSchema, ReleaseInputSchema, CollaboratorInputSchema } from '../model';
import { fullItem, link, list, storedFields, type FieldWords, type KindWords } from '../fields/declare';
import { kindSchema } from '../fields/schema';
import { KINDS, WORDS, bookings, releases, settings } from './index';

describe('the content declarations', () => {
  it('expand a value per language to the stored names of old (heroTitle_en, heroTitle_ro, bio1_en …)', () => {
    // Contained, not equal: a new field adds names; none of these may ever change (stored data has them).
    const texts = ['heroTitle_en', 'heroTitle_ro', 'bio1_en', 'bio1_ro', 'bio2_en', 'bio2_ro', 'bio3_en', 'bio3_ro'];
    expect(Object.keys(SettingsSchema.shape)).toEqual(expect.arrayContaining([...texts, 'email', 'links']));
    expect(TEXT_FIELDS).toEqual(expect.arrayContaining(texts));
    expect(Object.keys(StatsSchema.shape)).toEqual(['monthlyListeners']);
    // The spec's release fields stay; the release cycle's come beside them.
    expect(Object.keys(ReleaseInputSchema.shape)).toEqual(expect.arrayContaining(['title', 'meta', 'url', 'cover', 'slug', 'status', 'date', 'links']));
    expect(Object.keys(CollaboratorInputSchema.shape)).toEqual(['name', 'roleKind', 'role', 'roleRo']);
    // The public page lists the links by LINK_KEYS, in this order.
    expect(Object.keys(settings.fields.links.links)).toEqual([...LINK_KEYS]);
  });

  it('give the messages the API has always given', () => {
    const first = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
      r.error && [r.error.issues[0]!.path.join('.'), r.error.issues[0]!.message];
    expect(first(SettingsSchema.safeParse({ links: { spotify: 'javascript:alert(1)' } }))).toEqual(['links.spotify', 'must be an https:// link']);
    expect(first(SettingsSchema.safeParse({ heroTitle_ro: 'x'.repeat(121) }))).toEqual(['heroTitle_ro', 'must be at most 120 characters']);
    expect(first(SettingsSchema.safeParse({ bio2_en: 'a\u0007' }))).toEqual(['bio2_en', 'must not contain control characters']);
    expect(first(SettingsSchema.safeParse({ email: 'a@b.co?bcc=x' }))).toEqual([
      'email',
      'must be a plain e-mail address, without a ?subject=, ?cc= or ?bcc= part (no ?, # or %)',
    ]);
    expect(first(SettingsSchema.safeParse({ email: 'nobody' }))).toEqual(['email', 'must be an e-mail address']);
    expect(first(StatsSchema.safeParse({ monthlyListeners: -1 }))).toEqual(['monthlyListeners', 'must be 0 or more']);
    expect(first(StatsSchema.safeParse({ monthlyListeners: 1.5 }))).toEqual(['monthlyListeners', 'must be a whole number']);
    expect(first(ReleaseInputSchema.safeParse({ title: 'Irina\u202E', meta: '', url: '', cover: '' }))).toEqual([
      'title',
      'must not contain invisible or direction-changing characters (zero-width or bidirectional controls)',
    ]);
    expect(first(CollaboratorInputSchema.safeParse({ name: 'n', roleKind: 'own' }))).toEqual(['role', 'must be text']);
  });

  it("have the admin's label of every field in English and Romanian, with Romanian's comma-below ș and ț", () => {
    for (const kind of KINDS) {
      const words = WORDS[kind.name as keyof typeof WORDS] as KindWords<typeof kind>;
      const all: FieldWords[] = [
        words,
        ...Object.values(words.fields as Record<string, FieldWords & { links?: Record<string, FieldWords> }>).flatMap((w) => [
          w,
          ...Object.values(w.links ?? {}),
        ]),
      ];
      expect(Object.keys(words.fields)).toEqual(Object.keys(kind.fields));
      for (const w of all) {
        for (const text of [w.label, w.help].filter(Boolean)) {
          expect(text!.en.trim(), JSON.stringify(text)).not.toBe('');
          expect(text!.ro.trim(), JSON.stringify(text)).not.toBe('');
          // ş and ţ (cedilla) are the wrong letters for Romanian.
          expect(text!.ro, JSON.stringify(text)).not.toMatch(/[şţŞŢ]/);
        }
      }
    }
  });

  it('restrict a link to its declared hosts', () => {
    const videos = list({ name: 'videos', item: 'video', max: 10, fields: { url: link({ hosts: ['www.youtube.com', 'youtu.be'] }) } });
    const schema = kindSchema(videos);
    expect(schema.safeParse({ url: 'https://youtu.be/x' }).success).toBe(true);
    expect(schema.safeParse({ url: 'https://WWW.YouTube.com/watch?v=x' }).success).toBe(true);
    expect(schema.safeParse({ url: '' }).success).toBe(true);
    expect(schema.safeParse({ url: 'https://youtu.be.evil.example/x' }).error?.issues[0]?.message).toBe('must be a link to www.youtube.com or youtu.be');
    expect(storedFields(videos).map((f) => f.key)).toEqual(['url']);
    // Releases accept any https host, as before.
    expect(kindSchema(releases).safeParse(fullItem(releases, { title: 't', meta: '', url: 'https://anything.example/x', cover: '' })).success).toBe(true);
    // A platform's link points at that platform: a look-alike host or another platform is refused.
    const withLinks = (links: Record<string, string>) => kindSchema(releases).safeParse(fullItem(releases, { title: 't', links }));
    expect(withLinks({ spotify: 'https://open.spotify.com/album/1DFixLWuPkv3KT3TnV35m3' }).success).toBe(true);
    expect(withLinks({ bandcamp: 'https://tudorvale.bandcamp.com/album/nocturn' }).success).toBe(true);
    expect(withLinks({ spotify: 'https://www.youtube.com/watch?v=x' }).error?.issues[0]?.message).toBe('must be a link to open.spotify.com or spotify.link');
    expect(withLinks({ spotify: 'https://open.spotify.com.evil.example/album/1' }).success).toBe(false);
    expect(withLinks({ bandcamp: 'https://bandcamp.com.evil.example/x' }).success).toBe(false);
    expect(withLinks({ bandcamp: 'https://evilbandcamp.com/x' }).success).toBe(false);
    expect(withLinks({ spotify: 'javascript:alert(1)' }).success).toBe(false);
  });

  it('hold a booking request to its declaration: one-line name, a plain address, at most 3 links, days and moments that exist', () => {
    const schema = kindSchema(bookings);
    const valid = fullItem(bookings, { name: 'Ana', email: 'ana@example.com', message: 'Hi', receivedAt: '2026-11-24T12:00:00.000Z' });
    expect(schema.safeParse(valid).success).toBe(true);
    const problem = (over: Record<string, unknown>) => schema.safeParse({ ...valid, ...over }).error?.issues.map((i) => `${i.path.join('.')} ${i.message}`);
    expect(problem({ name: 'Ana\r\nBcc: x@example.com' })).toEqual(['name must be one line (no line breaks)']);
    expect(problem({ name: ' ' })).toEqual(['name must not be empty']);
    expect(problem({ email: 'mailto:ana@example.com' })).toEqual(['email must be an e-mail address']);
    expect(problem({ email: '' })).toEqual(['email must not be empty']);
    expect(problem({ message: 'https://a.example www.b.example http://c.example HTTPS://d.example' })).toEqual(['message must hold at most 3 links']);
    expect(problem({ date: '2027-02-29' })).toEqual(['date must be a date that exists, as YYYY-MM-DD (for example 2026-12-05)']);
    expect(problem({ date: '2028-02-29' })).toBeUndefined();
    expect(problem({ receivedAt: '2026-02-30T00:00:00.000Z' })).toEqual(['receivedAt must be a moment as 2026-12-05T20:00:00.000Z']);
    expect(problem({ receivedAt: '2026-11-24T12:00:00Z' })).toEqual(['receivedAt must be a moment as 2026-12-05T20:00:00.000Z']);
  });
});
