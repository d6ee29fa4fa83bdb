import { allReleases, isScheduled, musicListPath } from '../../content/release-cycle';
import { useContent } from '../../content/use-content';
import { useI18n } from '../../i18n/i18n';
import { useNow } from '../shared/now';
import { musicWord } from './music-words';
import { ReleaseGrid } from './release-grid';

/** The home page's grid shows this many tiles; "All releases (25)" leads to the rest (issue 32). */
export const HOME_RELEASES = 8;

/**
 * The Music section's discography, a block whose code loads as it nears the view (music.tsx): the published releases
 * newest first (a scheduled one first of all, "Out <date>"), as a compact grid of covers, each a link to its page,
 * the first HOME_RELEASES of them, then "All releases (25)" to the list page; the spec's "Coming soon" tile closes it
 * while nothing is scheduled.
 */
export default function Discography() {
  const { t, lang } = useI18n();
  const { content } = useContent();
  const now = useNow();
  const list = allReleases(content, now);
  const scheduled = list.some((r) => isScheduled(r, now));
  const shown = list.slice(0, scheduled ? HOME_RELEASES : HOME_RELEASES - 1);
  return (
    <div className="discography">
      <h3>{t('music.discography')}</h3>
      <ReleaseGrid releases={shown}>
        {!scheduled && (
          <li className="album album--soon">
            <span className="album__cover" aria-hidden="true" />
            <span className="album__title">{t('music.comingSoon')}</span>
            <span className="album__meta">{t('music.comingSoonText')}</span>
          </li>
        )}
      </ReleaseGrid>
      {list.length > shown.length && (
        <p className="discography__all">
          <a className="button button--secondary" href={musicListPath(lang)}>
            {musicWord(lang, 'all', { count: list.length })}
          </a>
        </p>
      )}
    </div>
  );
}
