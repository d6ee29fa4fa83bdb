/** Server-side rendering of the public page (used by the prerender script and by the server). */
import { prerender } from 'react-dom/static';
import type { Language, PublicContent } from './content/model';
import type { PageRoute } from './content/page-data';
import { App } from './site/app';
import type { BookingSetup } from './site/booking/booking-intent';
export { renderHead } from './site/render-head';

/**
 * The page `route` (the home page by default) as of the moment `now` (what is out, scheduled, featured then).
 * `booking`: Scena's server gives `{ backend: 'server' }`, and the page holds the booking form, which works
 * without JavaScript (with no token in it: the page is cached, docs/decisions/0025); the build gives none (a
 * static host takes no form: the e-mail link stays).
 */
export async function renderPage(
  lang: Language,
  content: PublicContent,
  route: PageRoute = { page: 'home' },
  now = Date.now(),
  booking?: BookingSetup,
): Promise<string> {
  // A part larger than React's progressive chunk (12.8 kB: 24 covers with their sources are more) would be
  // moved out of place and revealed by an inline <script>, which the public CSP blocks: the page is rendered
  // whole (prerender waits for every part anyway), so it needs no script to show.
  const { prelude } = await prerender(<App lang={lang} content={content} route={route} renderedAt={now} booking={booking} />, {
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  return new Response(prelude).text();
}
