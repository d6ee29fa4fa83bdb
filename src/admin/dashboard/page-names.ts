/**
 * The public pages as the artist knows them, for the audience's top pages (issue 33): "Home page", "All releases",
 * „Zori de zi” (a release), "Form Space, Cluj-Napoca" (a show), rather than their addresses. An address the content no
 * longer names (a release removed since, a mistyped one) stays its address.
 */
import { parseMusicListPath, parseReleasePath } from '../../content/release-cycle';
import { LANGUAGES } from '../../content/model';
import { parseShowPath } from '../../content/shows';
import { t } from '../words';

export interface PageNames {
  /** Releases' titles by slug. */
  releases: ReadonlyMap<string, string>;
  /** Shows' names by slug ("Form Space, Cluj-Napoca"). */
  shows: ReadonlyMap<string, string>;
}

export function pageName(path: string, names: PageNames): string | undefined {
  if (path === '/') return t('pageLanguageChoice');
  if (LANGUAGES.some((lang) => path === `/${lang}/`)) return t('pageHome');
  if (parseMusicListPath(path)) return t('pageAllReleases');
  const release = parseReleasePath(path);
  if (release) return names.releases.get(release.slug);
  const show = parseShowPath(path);
  if (show) return show.slug ? names.shows.get(show.slug) : t('pageAllShows');
  return undefined;
}
