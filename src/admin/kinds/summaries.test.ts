/** How items read in the admin: like the site, in the admin's words, never field names or ids. */
import { describe, expect, it } from 'vitest';
import { releases } from '../../content/kinds';
import { ADMIN_WORDS } from '../words';
import { refLabel } from './options';
import {
  audioLabel,
  creditSummary,
  daysLine,
  formatDuration,
  formatLoudness,
  plural,
  pluralRange,
  priceLine,
  sampleSummary,
  testimonialSummary,
} from './summaries';

describe('what the admin says of an item', () => {
  it('a price "from" with its currency and note; none at 0', () => {
    expect(priceLine({ priceFrom: 1500, currency: 'RON', priceNote_en: 'per song', priceNote_ro: 'pe piesă' })).toBe('From 1,500 RON per song');
    expect(priceLine({ priceFrom: 0, currency: 'EUR' })).toBe('No price shown');
  });

  it('a turnaround, the smaller number first, one number when equal or only one is given, nothing at 0', () => {
    expect(daysLine({ daysFrom: 5, daysTo: 3 })).toBe('3–5 days');
    expect(daysLine({ daysFrom: 1, daysTo: 1 })).toBe('1 day');
    expect(daysLine({ daysFrom: 7, daysTo: 0 })).toBe('7 days');
    expect(daysLine({ daysFrom: 0, daysTo: 0 })).toBe('');
  });

  it('counts in Romanian as a native speaker does: 1 zi, 3 zile, 20 de zile, 3–5 zile, 18–25 de zile', () => {
    expect(plural(ADMIN_WORDS.days, 1, 'ro')).toBe('1 zi');
    expect(plural(ADMIN_WORDS.days, 3, 'ro')).toBe('3 zile');
    expect(plural(ADMIN_WORDS.days, 19, 'ro')).toBe('19 zile');
    expect(plural(ADMIN_WORDS.days, 20, 'ro')).toBe('20 de zile');
    expect(pluralRange(ADMIN_WORDS.days, 3, 5, 'ro')).toBe('3–5 zile');
    expect(pluralRange(ADMIN_WORDS.days, 18, 25, 'ro')).toBe('18–25 de zile');
    expect(plural(ADMIN_WORDS.samplesCount, 1, 'ro')).toBe('1 mostră');
    expect(plural(ADMIN_WORDS.samplesCount, 2, 'ro')).toBe('2 mostre');
  });

  it('an audio item by its name, duration and status; loudness with a true minus', () => {
    expect(formatDuration(192_000)).toBe('3:12');
    expect(formatDuration(59_600)).toBe('1:00');
    expect(formatDuration(3_725_000)).toBe('1:02:05');
    expect(formatLoudness(-14.23)).toBe('\u221214.2 LUFS');
    expect(audioLabel({ name: 'mix-final.wav', durationMs: 192_000, status: 'ready' })).toBe('mix-final.wav · 3:12 · Ready');
    expect(audioLabel({ name: ' ', durationMs: 0, status: 'processing' })).toBe('Untitled audio · Processing');
    expect(audioLabel({ name: 'bad.wav', durationMs: 0, status: 'failed' })).toBe('bad.wav · Failed');
  });

  it('a credit as the site says it: artist — title, with the year, roles and platform', () => {
    expect(
      creditSummary({
        id: 'c',
        artist: 'Ana Pop',
        title: 'Ora albastră',
        roles: ['produced', 'mixed'],
        year: 2025,
        link: 'https://open.spotify.com/track/x',
        cover: '',
      }),
    ).toEqual({ title: 'Ana Pop — Ora albastră', line: '2025 · Produced, Mixed · Spotify' });
    expect(creditSummary({ id: 'c', artist: 'Ana Pop', title: '', roles: [], year: 0, link: '', cover: '' })).toEqual({
      title: 'Ana Pop',
      line: 'No role ticked',
    });
  });

  it('a testimonial by who said it, with their role and the start of the quote', () => {
    const quote = 'Tudor heard what the song needed before I did. The mix came back warmer, wider, and still ours — on time, twice.';
    expect(testimonialSummary({ id: 't', name: 'Ioana Marin', role_en: 'Singer, Ora albastră', role_ro: 'Cântăreață', quote_en: quote, quote_ro: '' })).toEqual(
      {
        title: 'Ioana Marin',
        line: 'Singer, Ora albastră · “Tudor heard what the song needed before I did. The mix came back warmer, wider, and still…”',
      },
    );
  });

  it('a sample with its audio, its before and its matching, and what keeps it off the site', () => {
    const refs = {
      audio: [
        { id: 'a', name: 'after.wav', durationMs: 30_000, status: 'ready' },
        { id: 'b', name: 'before.wav', durationMs: 30_000, status: 'ready' },
        { id: 'f', name: 'broken.wav', durationMs: 0, status: 'failed' },
      ],
    };
    const base = { id: 's', service: 'x', title_en: 'Pop mix', title_ro: 'Mix pop', audio: 'a', before: 'b', kind: 'track', matching: 'off' };
    expect(sampleSummary(base, { refs })).toEqual({
      title: 'Pop mix',
      line: 'Track · after.wav · 0:30 · Before: before.wav · Loudness not matched',
      warning: undefined,
    });
    expect(sampleSummary({ ...base, kind: 'beat', before: '' }, { refs }).line).toBe('Beat (tagged preview) · after.wav · 0:30');
    expect(sampleSummary({ ...base, audio: '' }, { refs }).warning).toBe('No audio chosen: visitors do not see it');
    expect(sampleSummary({ ...base, audio: 'gone' }, { refs }).warning).toBe('Its audio was deleted: visitors do not see it');
    expect(sampleSummary({ ...base, audio: 'f' }, { refs }).warning).toBe('broken.wav failed: retry it on the Media page');
  });

  it("another list's item in a select: audio with its facts, a release with (draft), anything else by its name", () => {
    expect(refLabel('audio', undefined, { id: 'x', name: 'tag.wav', durationMs: 2_000, status: 'ready' })).toBe('tag.wav · 0:02 · Ready');
    expect(refLabel('releases', releases, { id: 'r', title: 'Nocturn', status: 'draft' })).toBe('Nocturn (draft)');
    expect(refLabel('releases', releases, { id: 'r', title: 'Nocturn', status: 'published' })).toBe('Nocturn');
  });
});
