/**
 * Pictures in use are never hidden for want of a description (decision 0049): what the site says meanwhile, in both
 * languages; the picker's order and search; the row's note; the list the dashboard's checklist reads.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { siteConfig } from '../../../site.config';
import { defaultAlt } from '../../content/default-alt';
import { releases, shows } from '../../content/kinds';
import type { MediaItem } from '../../content/model';
import { undescribedLine } from '../kinds/item-line';
import { plural } from '../kinds/summaries';
import { setAdminLanguage } from '../language';
import { findByName, newestFirst } from './image-picker';
import { missingAltNote, picturesWithoutDescription } from './library';
import { MEDIA_WORDS } from './words';

const image = (id: string, name: string, alt_en = '', alt_ro = ''): MediaItem => ({
  id,
  src: `/media/${id.padEnd(64, '0')}`,
  width: 800,
  height: 800,
  placeholder: '',
  name,
  alt_en,
  alt_ro,
});

afterEach(() => setAdminLanguage('en'));

describe('what the site says of a picture without a description', () => {
  it('a cover by its release, a poster by its show, the portrait by the artist, a photo by its person, in each language', () => {
    expect(defaultAlt('releases', 'cover', { title: 'Zori de zi' }, 'en')).toBe('Cover of Zori de zi');
    expect(defaultAlt('releases', 'cover', { title: 'Zori de zi' }, 'ro')).toBe('Coperta „Zori de zi”');
    expect(defaultAlt('credits', 'cover', { title: ' Nocturn ' }, 'ro')).toBe('Coperta „Nocturn”');
    expect(defaultAlt('shows', 'poster', { venue: 'Form Space', city: 'Cluj-Napoca' }, 'en')).toBe('Poster of the show at Form Space, Cluj-Napoca');
    // The city as the language names it, where the show gives that name.
    expect(defaultAlt('shows', 'poster', { venue: 'Sala Palatului', city: 'București', cityName_en: 'Bucharest' }, 'en')).toBe(
      'Poster of the show at Sala Palatului, Bucharest',
    );
    expect(defaultAlt('shows', 'poster', { venue: 'Sala Palatului', city: 'București', cityName_en: 'Bucharest' }, 'ro')).toBe(
      'Afișul concertului de la Sala Palatului, București',
    );
    expect(defaultAlt('settings', 'portrait', undefined, 'en')).toBe(`Portrait of ${siteConfig.artist.name}`);
    expect(defaultAlt('testimonials', 'photo', { name: 'Ana Pop' }, 'ro')).toBe('Fotografie: Ana Pop');
  });

  it('without a title yet, the picture is still named for what it is, never left empty', () => {
    expect(defaultAlt('releases', 'cover', { title: '  ' }, 'en')).toBe('Cover');
    expect(defaultAlt('releases', 'cover', undefined, 'ro')).toBe('Copertă');
    expect(defaultAlt('shows', 'poster', {}, 'ro')).toBe('Afișul concertului');
  });
});

describe("the picker's library", () => {
  const library = [image('a', 'first.jpg'), image('b', 'Copertă albastră.png'), image('c', 'third.jpg')];

  it('newest first, with what was uploaded here before everything, and an item described here in place of its old self', () => {
    expect(newestFirst(library, []).map((i) => i.id)).toEqual(['c', 'b', 'a']);
    const uploaded = image('d', 'zori.jpg');
    const described = { ...library[0]!, alt_en: 'Described' };
    expect(newestFirst(library, [uploaded, described]).map((i) => [i.id, i.alt_en])).toEqual([
      ['d', ''],
      ['c', ''],
      ['b', ''],
      ['a', 'Described'],
    ]);
  });

  it('finds by name whatever the case and diacritics', () => {
    expect(findByName(library, 'COPERTA').map((i) => i.id)).toEqual(['b']);
    expect(findByName(library, ' jpg ').map((i) => i.id)).toEqual(['a', 'c']);
    expect(findByName(library, '')).toHaveLength(3);
    expect(findByName(library, 'nothing')).toEqual([]);
  });

  it('counts its images as each language does', () => {
    expect(plural(MEDIA_WORDS.newestFirst, 1, 'en')).toBe('1 image.');
    expect(plural(MEDIA_WORDS.newestFirst, 43, 'en')).toBe('43 images, newest first.');
    expect(plural(MEDIA_WORDS.newestFirst, 3, 'ro')).toBe('3 imagini, cele mai noi primele.');
    expect(plural(MEDIA_WORDS.newestFirst, 43, 'ro')).toBe('43 de imagini, cele mai noi primele.');
  });
});

describe('pictures still without a description', () => {
  const media = [image('m1', 'zori.jpg'), image('m2', 'done.jpg', 'Described', 'Descrisă'), image('m3', 'half.jpg', 'Only English'), image('m4', 'unused.jpg')];

  it("a row says which of its pictures lack one, by the field's name", () => {
    expect(undescribedLine(releases, { title: 'Zori de zi', cover: 'm1' }, media)).toBe('Cover without a description');
    expect(undescribedLine(releases, { title: 'Done', cover: 'm2' }, media)).toBe('');
    expect(undescribedLine(releases, { title: 'None', cover: '' }, media)).toBe('');
    expect(undescribedLine(releases, { title: 'Zori de zi', cover: 'm1' }, undefined)).toBe('');
    setAdminLanguage('ro');
    // "Poster (optional)" is the field's label: the row names the picture alone.
    expect(undescribedLine(shows, { venue: 'Form Space', poster: 'm3' }, media)).toBe('Afiș fără descriere');
  });

  it('the Media page says which languages lack one, in the sentence as Romanian writes it', () => {
    expect(missingAltNote(media[2]!)).toBe('No description in Romanian yet: the site names it after where it is used.');
    setAdminLanguage('ro');
    expect(missingAltNote(media[0]!)).toBe('Încă nu are descriere în engleză și română: site-ul o numește după locul în care este folosită.');
  });

  it("for the dashboard's checklist: the pictures in use without one, with where they are used; an unused one left out", () => {
    const owners = {
      settings: { portrait: 'm3' },
      releases: [
        { id: 'r1', title: 'Zori de zi', cover: 'm1' },
        { id: 'r2', title: 'Done', cover: 'm2' },
      ],
    };
    expect(picturesWithoutDescription(media, owners).map(({ item, missing, places }) => [item.name, missing, places])).toEqual([
      ['zori.jpg', ['en', 'ro'], ['Releases › “Zori de zi” › Cover']],
      ['half.jpg', ['ro'], ['Settings › Portrait']],
    ]);
  });
});
