/**
 * The words of the discography's grid and of the releases' list page (`/en/music/`, `/ro/muzica/`), in their chunks
 * only (as the shows' words): the home page's entry does not carry them. The server's head uses them too.
 */
import type { Language } from '../../content/constants';

const words = {
  en: {
    all: 'All releases ({count})',
    title: 'Releases',
    headTitle: 'Releases · {artist}',
    lede: 'Every release by {artist}, the newest first.',
    description: 'Every album, EP, single and video by {artist}, the newest first, with a page for each.',
    filters: 'Filter the releases',
    kind: 'Kind',
    year: 'Year',
    allKinds: 'All kinds',
    allYears: 'All years',
    'count.one': '{count} release',
    'count.few': '{count} releases',
    'count.other': '{count} releases',
  },
  ro: {
    all: 'Toate lansările ({count})',
    title: 'Lansări',
    headTitle: 'Lansări · {artist}',
    lede: 'Toate lansările lui {artist}, de la cea mai nouă.',
    description: 'Toate albumele, EP-urile, single-urile și videoclipurile lui {artist}, de la cea mai nouă, fiecare cu pagina ei.',
    filters: 'Filtrează lansările',
    kind: 'Tip',
    year: 'An',
    allKinds: 'Toate tipurile',
    allYears: 'Toți anii',
    'count.one': '{count} lansare',
    'count.few': '{count} lansări',
    'count.other': '{count} de lansări',
  },
} as const;

export type MusicWord = keyof (typeof words)['en'];

export function musicWord(lang: Language, key: MusicWord, vars: Record<string, string | number> = {}): string {
  return words[lang][key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

/** "1 release", "3 releases"; "1 lansare", "3 lansări", "25 de lansări". */
export function releaseCountWords(count: number, lang: Language): string {
  const form = new Intl.PluralRules(lang === 'ro' ? 'ro-RO' : 'en-GB').select(count);
  return musicWord(lang, form === 'one' ? 'count.one' : form === 'few' ? 'count.few' : 'count.other', { count });
}
