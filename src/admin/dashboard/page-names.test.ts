import { afterEach, describe, expect, it } from 'vitest';
import { setAdminLanguage } from '../language';
import { pageName } from './page-names';

const names = {
  releases: new Map([['zori-de-zi', 'Zori de zi']]),
  shows: new Map([['form-space-2026-12-05', 'Form Space, Cluj-Napoca']]),
};

describe('the top pages by name', () => {
  afterEach(() => setAdminLanguage('en'));

  it('names each public page as the artist knows it, in either language of the page', () => {
    expect(pageName('/', names)).toBe('The address without a language (/)');
    expect(pageName('/en/', names)).toBe('Home page');
    expect(pageName('/ro/', names)).toBe('Home page');
    expect(pageName('/en/music/', names)).toBe('All releases');
    expect(pageName('/ro/muzica/', names)).toBe('All releases');
    expect(pageName('/ro/muzica/zori-de-zi/', names)).toBe('Zori de zi');
    expect(pageName('/en/music/zori-de-zi/', names)).toBe('Zori de zi');
    expect(pageName('/en/shows/', names)).toBe('All shows');
    expect(pageName('/ro/concerte/form-space-2026-12-05/', names)).toBe('Form Space, Cluj-Napoca');
  });

  it('leaves an address the content no longer names as it is, and speaks the admin’s language', () => {
    expect(pageName('/en/music/removed-since/', names)).toBeUndefined();
    expect(pageName('/en/shows/gone/', names)).toBeUndefined();
    // The sections' words are the admin's own: /ro/muzica/ is not a release page in English.
    expect(pageName('/en/muzica/zori-de-zi/', names)).toBeUndefined();
    expect(pageName('/robots.txt', names)).toBeUndefined();
    setAdminLanguage('ro');
    expect(pageName('/ro/', names)).toBe('Prima pagină');
    expect(pageName('/ro/concerte/', names)).toBe('Toate concertele');
  });
});
