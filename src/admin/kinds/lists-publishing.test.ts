/**
 * Issue 22: list items read like the site in the admin's language, publishing's states, the history's word diff and
 * the first-run checklist's ticks, in both languages (the admin's language switched as the header's switch does).
 */
import { describe, expect, it } from 'vitest';
import { KINDS } from '../../content/kinds';
import { list, text, choice, dateTime, link, image, longText, linkGroup, slug } from '../../content/fields/declare';
import { setAdminLanguage } from '../language';
import { releaseSummary, showSummary } from './summaries';
import { fieldLine } from './item-line';
import { draftsOf, publishState, stateWords, publishMessage, stateNote } from './publishing';
import { fieldChanges, mostlyKept, wordDiff } from './history';
import { setupSteps } from '../dashboard/checklist';

const kind = (name: string) => KINDS.find((k) => k.name === name)!;
const inLanguage = <T>(language: 'en' | 'ro', run: () => T): T => {
  setAdminLanguage(language);
  try {
    return run();
  } finally {
    setAdminLanguage('en');
  }
};

const RELEASE = {
  id: 'r1',
  title: 'Ora albastră',
  slug: 'ora-albastra',
  status: 'published',
  kind: 'single',
  date: '2026-12-16T00:00',
  cover: 'cover-1',
  links: { spotify: 'https://open.spotify.com/track/abc', appleMusic: 'https://music.apple.com/ro/album/x', youtube: 'https://youtu.be/abcdefg' },
  description_en: '',
  description_ro: '',
  tracks: 0,
  meta: '',
  url: '',
};
const NOW = Date.UTC(2026, 10, 26, 12); // 26 Nov 2026

describe('a list item reads like the site, in the admin’s language', () => {
  it('a release: its kind, its date with Intl and its platforms, never its slug, cover file or field names', () => {
    expect(releaseSummary(RELEASE)).toEqual({ title: 'Ora albastră', line: 'Single · 16 Dec 2026 · Spotify, Apple Music, YouTube' });
    expect(inLanguage('ro', () => releaseSummary({ ...RELEASE, kind: 'video', date: '2026-12-16T18:30' }))).toEqual({
      title: 'Ora albastră',
      line: 'Videoclip · 16 dec. 2026, 18:30 · Spotify, Apple Music, YouTube',
    });
    // More than four platforms: three and how many more.
    const everywhere = {
      spotify: 'https://a',
      appleMusic: 'https://b',
      youtube: 'https://c',
      deezer: 'https://d',
      soundcloud: 'https://e',
      bandcamp: 'https://f',
    };
    expect(releaseSummary({ ...RELEASE, links: everywhere }).line).toBe('Single · 16 Dec 2026 · Spotify, Apple Music, YouTube and 3 more');
    expect(inLanguage('ro', () => releaseSummary({ ...RELEASE, links: everywhere }).line)).toBe(
      'Single · 16 dec. 2026 · Spotify, Apple Music, YouTube și încă 3',
    );
    const line = releaseSummary(RELEASE).line;
    for (const dump of ['ora-albastra', 'cover-1', 'Release date', 'Status', 'https://']) expect(line).not.toContain(dump);
  });

  it('a show: venue and city, the weekday, date and time on its clock, its kind, its state unless the usual', () => {
    const show = {
      id: 's',
      status: 'published',
      start: '2026-12-31T22:00',
      venue: 'Control',
      city: 'Bucharest',
      country: 'RO',
      kind: 'dj-set',
      state: 'sold-out',
    };
    expect(showSummary(show)).toEqual({ title: 'Control, Bucharest', line: 'Thu, 31 Dec 2026, 22:00 · DJ set · Sold out' });
    expect(inLanguage('ro', () => showSummary({ ...show, city: 'Lisabona', venue: 'Lux', country: 'PT', state: 'scheduled' }))).toEqual({
      title: 'Lux, Lisabona, Portugalia',
      line: 'joi, 31 dec. 2026, 22:00 · Set DJ',
    });
  });

  it('a kind without a summary gets a line from its declaration: choices by words, dates, platforms; never a link, slug, image or field name', () => {
    const gigs = list({
      name: 'gigs',
      item: 'gig',
      max: 10,
      fields: {
        title: text({ max: 80 }),
        slug: slug({ from: 'title', max: 80 }),
        kind: choice({ options: ['club', 'festival'] }),
        when: dateTime({ zone: 'Europe/Bucharest' }),
        poster: image({}),
        tickets: link({}),
        notes: longText({ max: 2000 }),
        listen: linkGroup({ links: { spotify: { hosts: ['open.spotify.com'] }, youtube: { hosts: ['youtube.com'] } } }),
      },
    });
    const line = fieldLine(
      gigs,
      {
        title: 'Club night',
        slug: 'club-night',
        kind: 'club',
        when: '2027-01-09T23:00',
        poster: 'img-1',
        tickets: 'https://tix.example/1',
        notes: 'Long words '.repeat(20),
        listen: { spotify: 'https://open.spotify.com/x', youtube: '' },
      },
      {},
    );
    // A kind without words (only in a test: the declarations' test requires them): a choice is not said by its value.
    expect(line).toBe('9 Jan 2027, 23:00 · spotify');
    expect(line).not.toMatch(/club|tix\.example|img-1|Long words|Title|When/);
    // With words (a declared kind): collaborators read as name and role.
    expect(fieldLine(kind('collaborators'), { name: 'Ana Pop', role: 'Voce' }, {})).toBe('Voce');
  });
});

describe('publishing is a choice the admin sees', () => {
  const drafts = draftsOf(kind('releases'))!;

  it('comes from the declaration: releases and shows have drafts, collaborators do not', () => {
    expect(drafts).toEqual({ field: 'status', published: 'published', draft: 'draft', scheduledBy: { field: 'date', zone: 'Europe/Bucharest' } });
    expect(draftsOf(kind('shows'))).toEqual({ field: 'status', published: 'published', draft: 'draft' });
    expect(draftsOf(kind('collaborators'))).toBeUndefined();
  });

  it('Draft, Scheduled with its date (a published release dated ahead), Published; in both languages with the kind’s own words', () => {
    expect(publishState(drafts, { ...RELEASE, status: 'draft' }, NOW)).toEqual({ state: 'draft' });
    expect(publishState(drafts, RELEASE, NOW)).toEqual({ state: 'scheduled', at: '2026-12-16T00:00' });
    expect(publishState(drafts, { ...RELEASE, date: '2026-11-01T00:00' }, NOW)).toEqual({ state: 'published' });
    expect(publishState(drafts, { ...RELEASE, date: '' }, NOW)).toEqual({ state: 'published' });
    const k = kind('releases');
    expect(stateWords(k, drafts, { state: 'scheduled', at: '2026-12-16T00:00' }, true)).toBe('Scheduled for 16 Dec 2026');
    expect(stateWords(k, drafts, { state: 'scheduled', at: '2026-12-16T00:00' })).toBe('Scheduled');
    expect(inLanguage('ro', () => stateWords(k, drafts, { state: 'scheduled', at: '2026-12-16T20:00' }, true))).toBe(
      'Publicare programată pe 16 dec. 2026, 20:00',
    );
    expect(inLanguage('ro', () => stateWords(k, drafts, { state: 'draft' }))).toBe('Ciornă');
    expect(inLanguage('ro', () => stateWords(k, drafts, { state: 'published' }))).toBe('Publicată');
    expect(inLanguage('ro', () => stateWords(kind('shows'), draftsOf(kind('shows'))!, { state: 'published' }))).toBe('Publicat');
  });

  it('says what a save did: published, scheduled, kept as a draft or unpublished; and what the form’s buttons will do', () => {
    const draft = { ...RELEASE, status: 'draft' };
    expect(publishMessage(drafts, undefined, { ...RELEASE, date: '' }, 'Ora albastră', NOW)).toBe('Published Ora albastră.');
    // Saved again while published: a save, not a publish.
    const out = { ...RELEASE, date: '' };
    expect(publishMessage(drafts, out, { ...out, title: 'Ora albastră (remix)' }, 'Ora albastră (remix)', NOW)).toBe('Saved Ora albastră (remix).');
    expect(publishMessage(drafts, draft, RELEASE, 'Ora albastră', NOW)).toBe('Scheduled Ora albastră for 16 Dec 2026.');
    expect(publishMessage(drafts, undefined, draft, 'Ora albastră', NOW)).toBe('Saved Ora albastră as a draft.');
    expect(publishMessage(drafts, RELEASE, draft, 'Ora albastră', NOW)).toBe('Unpublished Ora albastră: it is a draft again.');
    expect(inLanguage('ro', () => publishMessage(drafts, RELEASE, draft, 'Ora albastră', NOW))).toBe(
      'S-a anulat publicarea pentru „Ora albastră”: este din nou ciornă.',
    );
    expect(stateNote(kind('releases'), drafts, { status: 'draft' }, NOW)).toMatch(/^Nothing goes on the site until you choose Publish/);
    expect(inLanguage('ro', () => stateNote(kind('releases'), drafts, { ...RELEASE, date: '' }, NOW))).toBe(
      'Publicată: pe site, pentru toată lumea. Anulați publicarea pentru a reveni la ciornă.',
    );
    expect(stateNote(kind('releases'), drafts, RELEASE, NOW)).toBe(
      'Scheduled: it goes on the site by itself on 16 Dec 2026. Unpublish makes it a draft again.',
    );
  });
});

describe('history: what a version changed', () => {
  it('a word diff of a long text keeps what stayed and marks what went and came', () => {
    const parts = wordDiff('Tudor makes pop records in Cluj.', 'Tudor makes warm pop records in Bucharest.');
    expect(parts.filter((p) => p.change === 'removed').map((p) => p.text.trim())).toEqual(['Cluj']);
    expect(parts.filter((p) => p.change === 'added').map((p) => p.text.trim())).toEqual(['warm', 'Bucharest']);
    expect(parts.map((p) => (p.change === 'removed' ? '' : p.text)).join('')).toBe('Tudor makes warm pop records in Bucharest.');
  });

  it('a text mostly rewritten is not a word diff: both texts are shown', () => {
    const before = 'Lumini de oraș came out in 2024, mixed and mastered in Cluj.';
    const after = 'O piesă despre orașul noaptea, cu lumini calde.';
    expect(mostlyKept(wordDiff(before, after), before, after)).toBe(false);
    const edited = 'Lumini de oraș came out in 2024, mixed and mastered in Bucharest.';
    expect(mostlyKept(wordDiff(before, edited), before, edited)).toBe(true);
  });

  it('a long unchanged stretch is cut to the words around the change', () => {
    const long = Array.from({ length: 60 }, (_, i) => `w${i}`).join(' ');
    const parts = wordDiff(`${long} end.`, `${long} finish.`);
    expect(parts[0]!.text.startsWith(' … ')).toBe(true);
    expect(parts[0]!.text.length).toBeLessThan(60);
  });

  it('the fields that differ, named as the form names them, in the admin’s language', () => {
    const settings = kind('settings');
    const changes = fieldChanges(
      settings,
      { heroTitle_en: 'Old', links: { spotify: 'https://open.spotify.com/a' } },
      { heroTitle_en: 'New', links: { spotify: '' } },
    );
    expect(changes.map((c) => [c.name, c.before, c.after])).toEqual([
      ['Hero title, English', 'Old', 'New'],
      [expect.stringMatching(/: Spotify$/), 'https://open.spotify.com/a', ''],
    ]);
    // Nothing to empty, or empty to missing, is no change.
    expect(fieldChanges(settings, { heroTitle_ro: '' }, {})).toEqual([]);
  });
});

describe('the first-run checklist ticks itself', () => {
  const none = { settings: undefined, releases: [], server: undefined };
  it('from the content: the contact e-mail, the portrait, a published release (a draft does not count)', () => {
    expect(setupSteps(none).map((s) => [s.key, s.done])).toEqual([
      ['email', false],
      ['portrait', false],
      ['release', false],
    ]);
    const some = setupSteps({ settings: { email: 'booking@tudorvale.ro', portrait: '' }, releases: [{ status: 'draft' }], server: undefined });
    expect(some.map((s) => s.done)).toEqual([true, false, false]);
    expect(setupSteps({ settings: { email: 'a@b.ro', portrait: 'img' }, releases: [{ status: 'published' }], server: undefined }).every((s) => s.done)).toBe(
      true,
    );
  });

  it('the server’s three lines only where the server answers them, each ticked from it; each line says where it is done', () => {
    const steps = setupSteps({ ...none, server: { bookingMail: true, backupThisWeek: false, passwordChanged: true } });
    expect(steps.map((s) => [s.key, s.done, s.to])).toEqual([
      ['email', false, '/admin/settings#email'],
      ['portrait', false, '/admin/settings#portrait'],
      ['release', false, '/admin/releases'],
      ['bookingMail', true, undefined],
      ['backup', false, undefined],
      ['password', true, '/admin/account'],
    ]);
  });
});
