/**
 * Which page this is, decided before any other module of the public page runs (main.tsx imports this
 * first, and modules run in import order): on a static host's fallback, the public page's HTML shows
 * until this runs, so the sooner the better (React's modules take a few milliseconds to evaluate).
 *   admin      under /admin: handed over to the admin app already
 *   not-found  another unknown address: hidden now, main.tsx shows the not-found page
 *   public     one of the public pages, a release's page, the shows' list or a show's page
 */
import { PAGE_META } from './content/page-data';
import { parseMusicListPath, parseReleasePath, parseShowPath } from './content/release-cycle';
import { handOverToAdmin, isPublicPagePath } from './static-host';

/**
 * A release's (or a show's, or the shows' list's) address holds its page when the HTML says it is a page of its own (the server's or the build's:
 * a release, a preview or the server's not-found page); a static host's fallback serves the home page's HTML
 * there instead, and that is an unknown address.
 */
const ownPage = () =>
  (parseReleasePath(location.pathname) !== undefined ||
    parseMusicListPath(location.pathname) !== undefined ||
    parseShowPath(location.pathname) !== undefined) &&
  document.querySelector(`meta[name="${PAGE_META}"]`)?.getAttribute('content') !== 'home';

export const route: 'admin' | 'not-found' | 'public' = handOverToAdmin(document)
  ? 'admin'
  : isPublicPagePath(location.pathname) || ownPage()
    ? 'public'
    : 'not-found';
// Not the home page under a wrong address while the not-found page loads (showNotFound shows it again).
if (route === 'not-found') document.documentElement.style.visibility = 'hidden';
