/**
 * One show in a list (the Music section's block, the list page): its date and time on the venue's clock, its city
 * and venue (the whole card a link to its page), its state in words (sold out, cancelled… never a colour alone) and, while it sells,
 * a Tickets button that opens the shop.
 */
import { track } from '../../audience/track';
import type { Language } from '../../content/constants';
import type { Show } from '../../content/model';
import { abroad, showPath, showZone } from '../../content/shows';
import { countryName, isoOnClock, showCity } from '../../content/show-view';
import { safeHttps } from '../../lib/safe-url';
import { ExternalLink } from '../shared/external-link';
import { sellsTickets, showWhen, showWord, stateText } from './show-words';

export function ShowRow({ show, lang, past = false }: { show: Show; lang: Language; past?: boolean }) {
  const when = showWhen(show, lang);
  const state = past ? '' : stateText(show, lang);
  const tickets = !past && sellsTickets(show) ? safeHttps(show.tickets, '') : '';
  // The venue, and its country when it is not the artist's own.
  const venue = [show.venue, abroad(show) ? countryName(show.country, lang) : ''].filter(Boolean).join(', ');
  return (
    <li className={`show${show.state === 'cancelled' ? ' show--cancelled' : ''}`}>
      <p className="show__when">
        <time dateTime={isoOnClock(when.at, showZone(show))}>{when.date}</time>
        <span className="show__time">{when.time}</span>
      </p>
      <p className="show__where">
        {/* The whole card is this link (its ::after covers the card); Tickets stays a control of its own above it. */}
        <a className="show__link" href={showPath(lang, show.slug)}>
          {showCity(show, lang)}
        </a>
        <span className="show__venue">{venue}</span>
      </p>
      {state && <p className={`show__state show__state--${show.state}`}>{state}</p>}
      {tickets && (
        <span className="show__tickets" onClickCapture={() => track('show-ticket', { a: show.id })}>
          <ExternalLink className="button button--secondary" href={tickets}>
            {showWord(lang, 'tickets')}
            <span className="sr-only">
              {' '}
              {showCity(show, lang)}, {when.date}
            </span>
          </ExternalLink>
        </span>
      )}
    </li>
  );
}
