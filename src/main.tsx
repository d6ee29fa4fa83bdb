// First: decides before React's modules evaluate whether this is the public page at all.
import { route } from './static-host-route';
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { ContentReader } from './content/backend';
import type { CachedRead } from './content/cache';
import type { Language, PublicContent } from './content/model';
import { readerWhenAsked } from './content/load-reader';
import { detectBackend, embeddedContent, publicContentCache } from './content/public-content';
// After public-content, on purpose: imported first, page-data made the bundler move React's JSX
// runtime and the dictionaries into a second chunk every lazy block imports (one more file before
// interaction, +1.1 KB brotli; seen in `npm run bench`'s JS figure).
import { EMPTY_CONTENT, PAGE_META, RENDERED_AT_META, type PageRoute } from './content/page-data';
import { parseMusicListPath, parseReleasePath, parseShowPath } from './content/release-cycle';
import { initialLanguage, isLanguage, languageFromPath } from './preferences/language';
import { pageWords } from './i18n/first-words';
import { givePageWords, loadLanguage, showLanguage } from './i18n/translate';
import { App } from './site/app';
import { startAudience } from './audience/track';
import { showNotFound } from './static-host';
import './styles.css';

// A static host that served this page for another address (its fallback): under /admin the admin
// app has taken over, elsewhere the not-found page comes; the public page then neither reads nor hydrates.
if (route === 'public') start();
else if (route === 'not-found') void showNotFound(document).then((shown) => shown || start());

function start() {
  const kind = detectBackend(document);
  const embedded = embeddedContent(document);
  let cache: CachedRead<PublicContent> | undefined;
  const reader = readerWhenAsked(kind);
  if (kind !== 'none') {
    cache = publicContentCache(reader);
    // The server's copy is current; a static build's (Firebase Hosting) is as of the build: read it afresh.
    if (embedded && kind === 'server') cache.seed(embedded);
  }

  const rendered = document.documentElement.lang;
  const lang: Language = isLanguage(rendered) ? rendered : 'en';
  // The bundle holds no dictionary (src/i18n/translate.ts): the page carries its language's first words, which are all
  // its entry renders, so it hydrates with no request. The one the page switches to at once (the visitor's choice at the
  // plain address, usePreferenceState) comes whole before hydration, as does the page's own when its HTML has none.
  const words = pageWords(document);
  if (words) givePageWords(lang, words);
  const wanted = languageFromPath(location.pathname) ?? initialLanguage();
  showLanguage(wanted);
  void Promise.all([words ? undefined : loadLanguage(lang), wanted === lang ? undefined : loadLanguage(wanted)])
    .catch(() => undefined) // words that did not come: the page hydrates all the same (with those it has)
    .then(() => hydrate(lang, embedded, cache, kind, reader));
  // Fan numbers: only Scena's own server counts (src/audience/track.ts); the sender loads once the page is idle.
  if (kind === 'server') startAudience();
}

function hydrate(
  lang: Language,
  embedded: PublicContent | undefined,
  cache: CachedRead<PublicContent> | undefined,
  kind: ReturnType<typeof detectBackend>,
  reader: Promise<ContentReader>,
) {
  // Hydration as a transition: React renders it in slices of about 5 ms and yields to the browser in
  // between, instead of one long task (a click meanwhile still hydrates its target at once).
  startTransition(() => {
    hydrateRoot(
      document.getElementById('root')!,
      <App lang={lang} content={embedded ?? EMPTY_CONTENT} cache={cache} route={pageRoute()} renderedAt={renderedAt()} booking={{ backend: kind, reader }} />,
    );
  });
}

/** The page the HTML is (PAGE_META), so hydration renders the same one. */
function pageRoute(): PageRoute {
  const page = document.querySelector(`meta[name="${PAGE_META}"]`)?.getAttribute('content');
  const slug = parseReleasePath(location.pathname)?.slug;
  if ((page === 'release' || page === 'release-preview') && slug) return { page: 'release', slug, preview: page === 'release-preview' };
  if (page === 'music' && parseMusicListPath(location.pathname)) return { page: 'music' };
  const show = parseShowPath(location.pathname);
  if (page?.startsWith('show') && show) return { page: 'shows', slug: show.slug };
  return page === 'not-found' ? { page: 'not-found' } : { page: 'home' };
}

/** The moment the HTML was rendered as of; now, when the page does not say. */
function renderedAt(): number {
  const at = Number(document.querySelector(`meta[name="${RENDERED_AT_META}"]`)?.getAttribute('content'));
  return Number.isFinite(at) && at > 0 ? at : Date.now();
}
