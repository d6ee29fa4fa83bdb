/** How the public page says a release's kind, date and details, in the page's language. */
import type { Language, Release } from '../../content/model';
import { parseLocal } from '../../content/zoned-time';
import { RELEASE_LOCALES } from '../../content/release-cycle';
import { translate } from '../../i18n/translate';

// The date's words are the release cycle's (the banner in the page's entry imports them from there).
export { releaseDate } from '../../content/release-cycle';

/** "1 song", "9 songs"; "1 piesă", "9 piese", "20 de piese": the count in the language's plural form. */
export function songCount(count: number, lang: Language): string {
  const form = new Intl.PluralRules(RELEASE_LOCALES[lang]).select(count) as 'one' | 'few' | 'other';
  return translate(lang, `music.songs.${form === 'one' || form === 'few' ? form : 'other'}`, { count });
}

/** "Album · 2024 · 9 songs": the kind, the year when dated, the song count when given. */
export function releaseDetails(release: Release, lang: Language): string {
  const year = parseLocal(release.date)?.year;
  return [translate(lang, `music.kind.${release.kind}`), year, release.tracks > 0 ? songCount(release.tracks, lang) : undefined]
    .filter((part) => part !== undefined)
    .join(' · ');
}

/**
 * The tile's line: kind, year and songs in the visitor's language for a dated release; a release without a date
 * (written before releases had one) keeps the admin's own free text (`meta`, one language), when it has one.
 */
export function releaseLine(release: Release, lang: Language): string {
  return !parseLocal(release.date) && release.meta ? release.meta : releaseDetails(release, lang);
}
