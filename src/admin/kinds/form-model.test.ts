/** The admin's forms from the declarations: what a person types becomes what the backend stores, or a named error. */
import { describe, expect, it } from 'vitest';
import { link, list, text, wholeNumber, singleton } from '../../content/fields/declare';
import { audio, credits, settings, shows, stats } from '../../content/kinds';
import { setAdminLanguage } from '../language';
import { blocksOf, fromForm, kindResolver, toForm, type FormValues } from './form-model';

const resolve = async (kind: Parameters<typeof kindResolver>[0], values: FormValues, emptyNumber?: number) =>
  kindResolver(kind, emptyNumber)(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('the admin forms made from the declarations', () => {
  it('lay out a fieldset per language pair and link group, labelled by the words', () => {
    const blocks = blocksOf(settings);
    expect(blocks.map((b) => [b.label, b.group, b.inputs.map((i) => i.errorName)])).toContainEqual([
      'Hero title',
      'pair',
      ['Hero title, English', 'Hero title, Romanian'],
    ]);
    expect(blocks.find((b) => b.name === 'links')!.inputs.map((i) => i.name)).toContain('links.spotify');
  });

  it('show a default for an input with nothing stored, and mark it', () => {
    const { values, defaulted } = toForm(settings, { heroTitle_en: 'Saved' }, { heroTitle_en: 'Default', heroTitle_ro: 'Implicit' });
    expect(values.heroTitle_en).toBe('Saved');
    expect(values.heroTitle_ro).toBe('Implicit');
    expect([...defaulted]).toEqual(['heroTitle_ro']);
  });

  it('store an empty figure as the option says, and refuse it otherwise, naming the rule', async () => {
    expect(await resolve(stats, { monthlyListeners: '' }, 0)).toEqual({ values: { monthlyListeners: 0 }, errors: {} });
    expect((await resolve(stats, { monthlyListeners: '-5' }, 0)).errors).toMatchObject({ monthlyListeners: { message: 'must be 0 or more' } });
    expect((await resolve(stats, { monthlyListeners: '' })).errors).toMatchObject({ monthlyListeners: { message: 'must be a number' } });
  });

  it('trim a pasted link before checking it, and name a bad one by its path', async () => {
    const form = toForm(settings, undefined).values;
    (form.links as Record<string, string>).spotify = '  https://open.spotify.com/artist/x ';
    expect((fromForm(settings, form).links as Record<string, string>).spotify).toBe('https://open.spotify.com/artist/x');
    (form.links as Record<string, string>).tiktok = 'javascript:alert(1)';
    expect((await resolve(settings, form)).errors).toMatchObject({ links: { tiktok: { message: 'must be an https:// link' } } });
  });

  it('need no admin code for a new kind', async () => {
    const videos = list({ name: 'videos', item: 'video', max: 5, fields: { title: text({ max: 10 }), url: link({ hosts: ['youtu.be'] }) } });
    const counter = singleton({ name: 'counter', save: 'replace', fields: { n: wholeNumber({ min: 1, max: 3 }) } });
    // Words are looked up by kind name; a kind without them is the declarations' test's concern.
    expect(fromForm(videos, { title: 'x', url: ' https://youtu.be/a ' })).toEqual({ title: 'x', url: 'https://youtu.be/a' });
    expect((await resolve(videos, { title: 'x', url: 'https://example.com/' })).errors).toMatchObject({ url: { message: 'must be a link to youtu.be' } });
    expect((await resolve(counter, { n: '4' })).errors).toMatchObject({ n: { message: 'must be at most 3' } });
  });

  it("start a new show in the artist's country; a stored show keeps its own, or none", () => {
    expect(toForm(shows, undefined).values.country).toBe('RO');
    expect(toForm(shows, { venue: 'Lux Frágil', country: 'PT' }).values.country).toBe('PT');
    expect(toForm(shows, { venue: 'Old', country: '' }).values.country).toBe('');
  });

  it('hold a set of options as the ticked boxes, whatever shape the form gives (a list, one value, none), in both directions', async () => {
    expect(toForm(credits, { roles: ['mixed', 'produced'] }).values.roles).toEqual(['mixed', 'produced']);
    expect(toForm(credits, undefined).values.roles).toEqual([]);
    const base = { artist: 'Ana Pop', title: 'Ora', year: '2025', link: '', cover: '' };
    expect(fromForm(credits, { ...base, roles: ['mixed', 'mastered'] }).roles).toEqual(['mixed', 'mastered']);
    expect(fromForm(credits, { ...base, roles: 'mixed' }).roles).toEqual(['mixed']);
    expect(fromForm(credits, { ...base, roles: [] }).roles).toEqual([]);
    expect(fromForm(credits, { ...base, roles: false as never }).roles).toEqual([]);
    expect((await resolve(credits, { ...base, roles: ['mixed'] })).errors).toEqual({});
    expect((await resolve(credits, { ...base, year: '1900', roles: [] })).errors).toMatchObject({ year: { message: 'must be 1950 or more' } });
  });

  it("read a decimal with its fraction, and an empty one as the list item's 0", () => {
    const values = { ...toForm(audio, undefined).values, loudness: '-14.2', peak: '' };
    expect(fromForm(audio, values, 0)).toMatchObject({ loudness: -14.2, peak: 0, status: 'ready', durationMs: 0 });
  });
  it('name another field by its label and a choice by its words in a check between fields, in the admin’s language', async () => {
    const show = (fields: FormValues) =>
      toForm(shows, { venue: 'LX Factory', city: 'Lisboa', country: 'PT', timeZone: 'Europe/Lisbon', start: '2026-12-05T21:00', ...fields }, {}).values;
    try {
      const late = await resolve(shows, show({ end: '2026-12-05T20:00', state: 'rescheduled' }));
      expect(late.errors).toMatchObject({ end: { message: 'must be after Starts' }, previousStart: { message: 'must be given when State is Rescheduled' } });
      setAdminLanguage('ro');
      const tarziu = await resolve(shows, show({ end: '2026-12-05T20:00', state: 'rescheduled' }));
      expect(tarziu.errors).toMatchObject({
        end: { message: 'trebuie să fie după „Începe”' },
        previousStart: { message: 'trebuie completată când „Situație” este „Reprogramat”' },
      });
    } finally {
      setAdminLanguage('en');
    }
  });
});
