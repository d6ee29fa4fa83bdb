/**
 * A show's own page (`/en/shows/<slug>/`, `/ro/concerte/<slug>/`): when (on the venue's clock, said so), where, the
 * admission, its state in words, Tickets while it sells, "Add to calendar" (its .ics in the page's language), then the
 * poster (beside them on a desktop) and the words. Complete in the HTML before any script (the server and the build render it); a lazy chunk.
 */
import { track } from '../../audience/track';
import { defaultAlt } from '../../content/default-alt';
import { useContent } from '../../content/use-content';
import { showEnd, showListPath, showZone, wallInstant } from '../../content/shows';
import { countryName, dateOnClock, isoOnClock, isUpcoming, showBySlug, showCity, showIcsPath } from '../../content/show-view';
import { useI18n } from '../../i18n/i18n';
import { safeHttps } from '../../lib/safe-url';
import NotFound from '../release/not-found';
import { ExternalLink } from '../shared/external-link';
import { useNow } from '../shared/now';
import { Picture, shownImage } from '../shared/picture';
import { pageWord } from './show-page-words';
import { admissionText, sellsTickets, showWhen, showWord, stateText } from './show-words';

export default function ShowPage({ slug }: { slug: string }) {
  const { lang } = useI18n();
  const { content } = useContent();
  const now = useNow();
  const show = showBySlug(content, slug);
  if (!show) return <NotFound />;
  const zone = showZone(show);
  const when = showWhen(show, lang, true);
  const end = wallInstant(show.end, zone) !== undefined ? dateOnClock(showEnd(show)!, zone, lang).time : '';
  const doors = wallInstant(show.doors, zone);
  const upcoming = isUpcoming(show, now);
  const state = upcoming ? stateText(show, lang) : pageWord(lang, 'pastNote');
  const tickets = upcoming && sellsTickets(show) ? safeHttps(show.tickets, '') : '';
  const admission = admissionText(show, lang);
  const poster = shownImage(content.media, show.poster, lang, defaultAlt('shows', 'poster', show, lang));
  const description = show[`description_${lang}`].trim();
  // The address as the post and maps know it: the city's own name (Lisboa), whatever the page's language.
  const where = [show.venue, show.address, show.city, countryName(show.country, lang)].filter(Boolean);
  return (
    <article className="release show-page" aria-labelledby="show-title">
      {/* When, where and Tickets first (the first screen of a phone); the poster follows, or stands beside on a desktop. */}
      <div className={poster ? 'release__grid show-page__grid' : undefined}>
        <div className="release__body">
          <p className="release__details">{showWord(lang, show.kind)}</p>
          <h1 id="show-title" className="release__title">
            {show.venue}, {showCity(show, lang)}
          </h1>
          {state && <p className={`show__state show__state--${upcoming ? show.state : 'past'}`}>{state}</p>}
          <dl className="show-page__facts">
            <dt>{pageWord(lang, 'when')}</dt>
            <dd>
              <time dateTime={isoOnClock(when.at, zone)}>
                {when.date}, {when.time}
              </time>
              {end && ` ${pageWord(lang, 'ends', { time: end })}`} ({showWord(lang, 'localTime')}, {showCity(show, lang)})
            </dd>
            {doors !== undefined && (
              <>
                <dt>{pageWord(lang, 'doors')}</dt>
                <dd>{dateOnClock(doors, zone, lang).time}</dd>
              </>
            )}
            <dt>{pageWord(lang, 'where')}</dt>
            <dd>{where.join(', ')}</dd>
            {admission && (
              <>
                <dt>{pageWord(lang, 'admission')}</dt>
                <dd>{admission}</dd>
              </>
            )}
          </dl>
          <ul className="release__links">
            {tickets && (
              <li onClickCapture={() => track('show-ticket', { a: show.id })}>
                <ExternalLink className="button button--primary release__link" href={tickets}>
                  {showWord(lang, 'tickets')}
                </ExternalLink>
              </li>
            )}
            {upcoming && (
              <li>
                <a
                  className="button button--secondary release__link"
                  href={showIcsPath(lang, show.slug)}
                  download={`${show.slug}.ics`}
                  onClick={() => track('show-calendar', { a: show.id })}
                >
                  {showWord(lang, 'calendar')} <span className="sr-only">{pageWord(lang, 'calendarFile')}</span>
                </a>
              </li>
            )}
          </ul>
        </div>
        {poster && <Picture className="show-page__poster" {...poster} eager sizes="(min-width: 52rem) 26rem, calc(100vw - 2rem)" />}
      </div>
      {description && (
        <div className="release__description">
          {description.split(/\n{2,}/).map((paragraph, i) => (
            <p key={i}>{paragraph}</p>
          ))}
        </div>
      )}
      <p>
        <a className="text-link" href={showListPath(lang)}>
          {showWord(lang, 'all')}
        </a>
      </p>
    </article>
  );
}
