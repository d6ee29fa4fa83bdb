/**
 * The Music section's "Upcoming shows" / „Concerte” block, first in the section: the next three shows (date and city
 * first, Tickets beside), "All shows" beside the heading. With
 * none upcoming, a line says so and links to the past ones; with no show ever published, no block at all (music.tsx).
 */
import { useContent } from '../../content/use-content';
import { showListPath } from '../../content/shows';
import { upcomingShows } from '../../content/show-view';
import { useI18n } from '../../i18n/i18n';
import { useNow } from '../shared/now';
import { ShowRow } from './show-row';
import { showWord } from './show-words';

export const BLOCK_SHOWS = 3;

/** The block's code loads as it nears the view (music.tsx: nearBlock), not before the first interaction. */
export default function ShowsBlock() {
  const { lang } = useI18n();
  const { content } = useContent();
  const now = useNow();
  const next = upcomingShows(content, now);
  return (
    <section className="shows" aria-labelledby="shows-title">
      <div className="shows__head">
        <h3 id="shows-title">{showWord(lang, 'upcoming')}</h3>
        <a className="text-link" href={showListPath(lang)}>
          {showWord(lang, next.length > 0 ? 'all' : 'allPast')}
        </a>
      </div>
      {next.length > 0 ? (
        <ol className="shows__list">
          {next.slice(0, BLOCK_SHOWS).map((show) => (
            <ShowRow key={show.id} show={show} lang={lang} />
          ))}
        </ol>
      ) : (
        <p>{showWord(lang, 'none')}</p>
      )}
    </section>
  );
}
