/**
 * The words a public page carries in its HTML, in its own language: those its entry's modules use (the nav, the hero,
 * the splash, the banner, the sections' titles, the footer, a lazy part's failure), so that the page hydrates in its
 * language with no dictionary in its first JavaScript and no request. The rest come with the first block's code
 * (src/site/shared/lazy-block.tsx loadBlock: the shown language's whole dictionary, a chunk of its own). first-words.test.ts
 * checks that every key the entry's modules use is here (a missing one would show the key itself), and nothing more.
 */
import type { TranslationKey } from './en';
import type { Lookup } from './translate';

/** Id of the non-executable JSON script in which a page carries its language's first words (src/site/render-head.ts). */
export const WORDS_SCRIPT_ID = 'scena-words';

export const FIRST_KEYS = [
  'meta.title',
  'meta.description',
  'meta.ogImageAlt',
  'skip.toContent',
  'splash.subtitle',
  'splash.loading',
  'nav.label',
  'nav.home',
  'nav.about',
  'nav.services',
  'nav.music',
  'nav.contact',
  'nav.menu',
  'nav.language',
  'nav.english',
  'nav.romanian',
  'nav.reduceMotion',
  'nav.enableMotion',
  'nav.backToTop',
  'banner.label',
  'banner.text',
  'banner.watch',
  'banner.listen',
  'banner.outNow',
  'banner.outOn',
  'banner.title',
  'banner.notify',
  'common.newTab',
  'hero.eyebrow',
  'hero.title',
  'hero.lead',
  'hero.scrollHint',
  'hero.primary',
  'hero.secondary',
  'about.title',
  'services.title',
  'music.title',
  'music.kind.single',
  'music.kind.ep',
  'music.kind.album',
  'music.kind.video',
  'newsletter.title',
  'contact.title',
  // A booking service's name (booking-intent.ts, imported by the page for its context).
  'booking.other',
  'booking.service.beat',
  'booking.service.mixing',
  'booking.service.mastering',
  'booking.service.collab',
  'booking.service.live',
  'footer.rights',
  'footer.madeIn',
  'footer.counted',
  'chunk.failed',
  'chunk.retry',
] as const satisfies readonly TranslationKey[];

/** The first words the page carries, if it does (a page rendered by the browser alone does not). */
export function pageWords(doc: Pick<Document, 'getElementById'>): Lookup | undefined {
  const text = doc.getElementById(WORDS_SCRIPT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const words: unknown = JSON.parse(text);
    return words && typeof words === 'object' ? (words as Lookup) : undefined;
  } catch {
    return undefined;
  }
}
