/**
 * Which page this is, decided before any other module of the public page runs (main.tsx imports this
 * first, and modules run in import order): on a static host's fallback, the public page's HTML shows
 * until this runs, so the sooner the better (React's modules take a few milliseconds to evaluate).
 *   admin      under /admin: handed over to the admin app already
 *   not-found  another unknown address: hidden now, main.tsx shows the not-found page
 *   public     one of the public pages
 */
import { handOverToAdmin, isPublicPagePath } from './static-host';

export const route: 'admin' | 'not-found' | 'public' = handOverToAdmin(document) ? 'admin' : isPublicPagePath(location.pathname) ? 'public' : 'not-found';
// Not the home page under a wrong address while the not-found page loads (showNotFound shows it again).
if (route === 'not-found') document.documentElement.style.visibility = 'hidden';
