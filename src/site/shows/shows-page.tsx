/**
 * The shows' list page (`/en/shows/`, `/ro/concerte/`): the upcoming shows, the soonest first, then the past ones,
 * the newest first; the calendar feed to subscribe to. Complete in the HTML before any script; a lazy chunk.
 */
import { siteConfig } from '../../../site.config';
import { useContent } from '../../content/use-content';
import { pastShows, SHOWS_FEED_PATH, upcomingShows } from '../../content/show-view';
import { useI18n } from '../../i18n/i18n';
import { languagePath } from '../../preferences/language';
import { useNow } from '../shared/now';
import { ShowRow } from './show-row';
import { pageWord } from './show-page-words';
import { showWord } from './show-words';

export default function ShowsPage() {
  const { t, lang } = useI18n();
  const { content } = useContent();
  const now = useNow();
  const upcoming = upcomingShows(content, now);
  const past = pastShows(content, now);
  const feed = new URL(SHOWS_FEED_PATH, siteConfig.siteUrl);
  return (
    <article className="release shows-page" aria-labelledby="shows-page-title">
      <h1 id="shows-page-title" className="release__title">
        {showWord(lang, 'shows')}
      </h1>
      <p className="release__details">{pageWord(lang, 'lede', { artist: siteConfig.artist.name })}</p>
      <section aria-labelledby="shows-upcoming">
        <h2 id="shows-upcoming">{pageWord(lang, 'upcoming')}</h2>
        {upcoming.length > 0 ? (
          <ol className="shows__list">
            {upcoming.map((show) => (
              <ShowRow key={show.id} show={show} lang={lang} />
            ))}
          </ol>
        ) : (
          <p>{showWord(lang, 'none')}</p>
        )}
        <p className="shows-page__feed">
          <a className="text-link" href={`webcal://${feed.host}${feed.pathname}`}>
            {pageWord(lang, 'subscribe')}
          </a>{' '}
          <a className="text-link" href={SHOWS_FEED_PATH} download="shows.ics">
            {pageWord(lang, 'feedFile')}
          </a>
        </p>
      </section>
      {past.length > 0 && (
        <section aria-labelledby="shows-past">
          <h2 id="shows-past">{pageWord(lang, 'past')}</h2>
          <ol className="shows__list shows__list--past" reversed>
            {past.map((show) => (
              <ShowRow key={show.id} show={show} lang={lang} past />
            ))}
          </ol>
        </section>
      )}
      <p>
        <a className="text-link" href={`${languagePath(lang)}#music`}>
          {t('release.back')}
        </a>
      </p>
    </article>
  );
}
