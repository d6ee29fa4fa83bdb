import type { CachedRead } from '../content/cache';
import type { Language, PublicContent } from '../content/model';
import type { PageRoute } from '../content/page-data';
import { musicListPath, releasePath } from '../content/release-cycle';
import { showListPath, showPath } from '../content/shows';
import { ContentProvider, useContent } from '../content/use-content';
import { I18nProvider } from '../i18n/i18n';
import { translate } from '../i18n/translate';
import { PreferencesProvider, useIsomorphicLayoutEffect, usePreferenceState } from '../preferences/use-preferences';
import { StreamBanner } from './banner/stream-banner';
import { BookingContext, type BookingSetup } from './booking/booking-intent';
import { Footer } from './footer/footer';
import { headText } from './head';
import { Hero } from './hero/hero';
import { BackToTop } from './nav/back-to-top';
import { Nav } from './nav/nav';
import { PageHeader } from './release/page-header';
import { lazyBlock } from './shared/lazy-block';
import { nearBlock } from './shared/near-block';
import { NowProvider } from './shared/now';
import { Section } from './shared/section';
import { Splash } from './splash/splash';

// About, with the portrait, the figures and the people worked with, is just below the first screen: in the HTML from the
// server and the build, its code loaded once it comes into the view (not before the first interaction: 0053).
const About = nearBlock('about', () => import('./about/about'), { margin: '0px' });
// Services, with its cards, credits, quotes and the samples' markup, loads as it nears the view (not before the first
// interaction): until then the server's HTML stays as it is.
const Services = nearBlock('services', () => import('./services/services'));
// Music, with the latest release, its player and the discography, loads as it nears the view (not before the first
// interaction), as Services does: the home page's JavaScript before interaction pays for what issue 32 added to the page.
const Music = nearBlock('music', () => import('./music/music'));
// The discography, last in Music and below the first screens: in the HTML from the server and the build, its code loaded
// as it nears the view (not before the first interaction). Declared here and handed to Music: imported from the Music
// chunk, near-block joined the graph of a lazy chunk and the bundler split React and the dictionaries out of the entry.
const Discography = nearBlock('releases', () => import('./music/releases'));
// The shows' block, first in the Music section (the next shows in reach, issue 32): in the HTML from the server and the build, its code loaded as it nears
// the view (not before the first interaction: the public page's JavaScript budget); none until a show is published.
const ShowsBlock = nearBlock('shows', () => import('./shows/shows-block'));
// The Newsletter section (the Kit form's loader, or the own list's form): in the HTML from the server and the build, its
// code loaded as it nears the view (not before the first interaction: the public page's JavaScript budget).
const Newsletter = nearBlock('newsletter', () => import('./newsletter/newsletter'));
// Contact, last on the page: in the HTML from the server and the build (the booking form works as a plain form), its code
// loaded as it nears the view, with the form's when the page holds it (contact.tsx ready): not before the first interaction.
const Contact = nearBlock('contact', async () => {
  const module = await import('./contact/contact');
  await module.ready();
  return module;
});
const ReleasePage = lazyBlock('release', () => import('./release/release-page'));
const NotFound = lazyBlock('not-found', () => import('./release/not-found'));
const ShowsPages = lazyBlock('shows-pages', () => import('./shows/pages'));
const MusicPage = lazyBlock('music-page', () => import('./music/music-page'));

/** A page's address in each language, for its header's language links. */
function twinOf(route: PageRoute): ((lang: Language) => string) | undefined {
  if (route.page === 'release') return (lang) => releasePath(lang, route.slug);
  if (route.page === 'music') return musicListPath;
  if (route.page !== 'shows') return undefined;
  const { slug } = route;
  return (lang) => (slug ? showPath(lang, slug) : showListPath(lang));
}

export interface AppProps {
  /** The language the HTML was rendered in; the visitor's own choice applies right after hydration. */
  lang: Language;
  content: PublicContent;
  /** The session's content cache, when a backend is configured. */
  cache?: CachedRead<PublicContent>;
  /** Which page this is (the home page when absent). */
  route?: PageRoute;
  /** The moment the HTML shows the releases as of (ms since 1970): the page's clock starts there (NowProvider). */
  renderedAt?: number;
  /** How the page takes booking requests (none: the e-mail link only). One object for the page's life. */
  booking?: BookingSetup;
}

const NO_BOOKING: BookingSetup = { backend: 'none' };

/**
 * Its children once a show is published (the public content holds published shows only; it may change after hydration:
 * a context, not a prop).
 */
function PublishedShows(props: { children: React.ReactNode }) {
  return useContent().content.shows?.length ? props.children : null;
}

export function App(props: AppProps) {
  const { lang, setLang, switched, preferences } = usePreferenceState(props.lang);
  const route = props.route ?? { page: 'home' };
  const home = route.page === 'home';

  useIsomorphicLayoutEffect(() => {
    // Another page's title is its own (rendered in its head); the home page's follows the language.
    if (!home) return;
    const head = headText(lang);
    document.title = head.title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', head.description);
  }, [lang, home]);

  const t = (key: Parameters<typeof translate>[1]) => translate(lang, key);
  return (
    <I18nProvider lang={lang} setLang={setLang} switched={switched}>
      <PreferencesProvider value={preferences}>
        <ContentProvider initial={props.content} cache={props.cache}>
          <BookingContext.Provider value={props.booking ?? NO_BOOKING}>
            <NowProvider renderedAt={props.renderedAt ?? 0}>
              {home && <Splash />}
              <a className="skip-link" href="#main">
                {t('skip.toContent')}
              </a>
              <StreamBanner />
              {home ? <Nav /> : <PageHeader twin={twinOf(route)} />}
              <main id="main" tabIndex={-1}>
                {route.page === 'home' ? (
                  <>
                    <Hero />
                    <Section id="about" title={t('about.title')}>
                      <About />
                    </Section>
                    <Section id="services" title={t('services.title')}>
                      <Services />
                    </Section>
                    <Section id="music" title={t('music.title')}>
                      <PublishedShows>
                        <ShowsBlock />
                      </PublishedShows>
                      <Music discography={<Discography />} />
                    </Section>
                    <Section id="newsletter" title={t('newsletter.title')}>
                      <Newsletter />
                    </Section>
                    <Section id="contact" title={t('contact.title')}>
                      <Contact />
                    </Section>
                  </>
                ) : route.page === 'release' ? (
                  <ReleasePage slug={route.slug} preview={route.preview} />
                ) : route.page === 'music' ? (
                  <MusicPage />
                ) : route.page === 'shows' ? (
                  <ShowsPages slug={route.slug} />
                ) : (
                  <NotFound />
                )}
              </main>
              <Footer counted={props.booking?.backend === 'server'} />
              {home && <BackToTop />}
            </NowProvider>
          </BookingContext.Provider>
        </ContentProvider>
      </PreferencesProvider>
    </I18nProvider>
  );
}
