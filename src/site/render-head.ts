/** Server-side only: the <head> tags of a prerendered public page. */
import { siteConfig } from '../../site.config';
import { LANGUAGES, type Language } from '../content/constants';
import { altOf, defaultAlt } from '../content/default-alt';
import { isLocalMedia, variantUrl, variantWidths } from '../content/media';
import type { PublicContent, Release, Show } from '../content/model';
import type { PageRoute } from '../content/page-data';
import { PLATFORM_KEYS } from '../content/platforms';
import { musicListPath, releaseBySlug, releasePath, releaseTime } from '../content/release-cycle';
import { FIRST_KEYS, WORDS_SCRIPT_ID } from '../i18n/first-words';
import { translate } from '../i18n/translate';
import { safeHttps } from '../lib/safe-url';
import { languagePath } from '../preferences/language';
import { showListPath, showPath } from '../content/shows';
import { showBySlug } from '../content/show-view';
import { headText } from './head';
import { musicWord } from './music/music-words';
import { showHeadText, showJsonLd, showsHeadText } from './shows/show-head';
import { creditsInOrder, shownServices, worded } from './services/service-words';

const LOCALES: Record<Language, string> = { en: 'en_GB', ro: 'ro_RO' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** JSON inside a <script> element: "<" escaped so no content can close the element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export const absolute = (path: string) => new URL(path, siteConfig.siteUrl).href;

/**
 * @param path the address being rendered: "/" (language by the visitor's saved choice) or "/en/", "/ro/".
 * @param share the Open Graph image Scena's server made for this language from the content (server/media/share.ts);
 *   without one, the fixed /og-image.png.
 */
export function renderHead(
  lang: Language,
  path: string,
  content: PublicContent,
  share?: { src: string; alt: string },
  route: PageRoute = { page: 'home' },
): string {
  return `${pageHead(lang, path, content, share, route)}\n${wordsScript(lang)}`;
}

/**
 * The first words of the page's language (src/i18n/first-words.ts), as data: the page's script hydrates with them and
 * carries no dictionary of its own.
 */
export const wordsScript = (lang: Language) =>
  `<script type="application/json" id="${WORDS_SCRIPT_ID}">${scriptJson(Object.fromEntries(FIRST_KEYS.map((key) => [key, translate(lang, key)])))}</script>`;

function pageHead(lang: Language, path: string, content: PublicContent, share: { src: string; alt: string } | undefined, route: PageRoute): string {
  if (route.page === 'release') {
    const release = releaseBySlug(content, route.slug, route.preview);
    if (release) return releaseHead(lang, content, release, share, Boolean(route.preview));
  }
  if (route.page === 'music') return musicHead(lang, share);
  if (route.page === 'shows' && route.slug === undefined) return showsHead(lang, share);
  if (route.page === 'shows') {
    const show = showBySlug(content, route.slug!);
    if (show) return showHead(lang, content, show, share);
  }
  if (route.page !== 'home') return notFoundHead(lang);
  const { title, description, imageAlt: fixedAlt } = headText(lang);
  const imageAlt = share?.alt ?? fixedAlt;
  const sameAs = profiles(content);
  const image = absolute(share?.src ?? '/og-image.png');
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Person',
    '@id': ARTIST_ID(),
    name: siteConfig.artist.name,
    jobTitle: title.split(' · ')[1],
    url: absolute(path),
    image,
    email: `mailto:${content.settings?.email?.replace(/^mailto:/i, '') || siteConfig.defaultEmail}`,
    address: { '@type': 'PostalAddress', addressLocality: siteConfig.artist.location[lang].split(',')[0], addressCountry: 'RO' },
    sameAs,
  };
  const alternates = LANGUAGES.map((code) => `<link rel="alternate" hreflang="${code}" href="${escapeHtml(absolute(languagePath(code)))}">`).join('');
  return [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}">`,
    `<link rel="canonical" href="${escapeHtml(absolute(path))}">`,
    alternates,
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(absolute('/'))}">`,
    ...linkPreview({ type: 'profile', title, description, url: absolute(path), lang, image: { url: image, alt: imageAlt, width: 1200, height: 630 } }),
    `<script type="application/ld+json">${scriptJson(jsonLd)}</script>`,
    `<script type="application/ld+json">${scriptJson(workJsonLd(content, lang, path))}</script>`,
  ].join('\n');
}

/** The artist's node in the home page's JSON-LD, which the services name as their provider. */
export const ARTIST_ID = () => absolute('/#artist');

/**
 * What the artist offers and has worked on, for search engines, in the page's language: a `Service` per service shown
 * (its price, when one is given, as an offer's PriceSpecification: a "from" price, so the lowest, VAT unsaid) provided
 * by the artist, and a `MusicRecording` per credit (the other artist's record).
 */
export function workJsonLd(content: PublicContent, lang: Language, path: string) {
  const services = shownServices(content).map((service) => {
    const description = worded(service, 'description', lang).text;
    return {
      '@type': 'Service',
      name: worded(service, 'title', lang).text,
      ...(description && { description }),
      provider: { '@type': 'Person', '@id': ARTIST_ID(), name: siteConfig.artist.name },
      url: absolute(`${path}#services`),
      ...(service.priceFrom > 0 && {
        offers: {
          '@type': 'Offer',
          priceSpecification: { '@type': 'PriceSpecification', price: service.priceFrom, priceCurrency: service.currency },
        },
      }),
    };
  });
  const recordings = creditsInOrder(content.credits).map((credit) => {
    const url = safeHttps(credit.link, '');
    return {
      '@type': 'MusicRecording',
      name: credit.title,
      byArtist: { '@type': 'MusicGroup', name: credit.artist },
      datePublished: String(credit.year),
      ...(url && { url }),
    };
  });
  return { '@context': 'https://schema.org', '@graph': [...services, ...recordings] };
}

/** A page's link preview (Open Graph and Twitter's card), the same tags for every page (the link page's too). */
export function linkPreview(p: {
  type: string;
  title: string;
  description: string;
  url: string;
  lang: Language;
  image: { url: string; alt: string; width: number; height: number };
}): string[] {
  return [
    `<meta property="og:type" content="${p.type}">`,
    `<meta property="og:site_name" content="${escapeHtml(siteConfig.artist.name)}">`,
    `<meta property="og:title" content="${escapeHtml(p.title)}">`,
    `<meta property="og:description" content="${escapeHtml(p.description)}">`,
    `<meta property="og:url" content="${escapeHtml(p.url)}">`,
    `<meta property="og:locale" content="${LOCALES[p.lang]}">`,
    ...LANGUAGES.filter((code) => code !== p.lang).map((code) => `<meta property="og:locale:alternate" content="${LOCALES[code]}">`),
    `<meta property="og:image" content="${escapeHtml(p.image.url)}">`,
    `<meta property="og:image:width" content="${p.image.width}"><meta property="og:image:height" content="${p.image.height}">`,
    `<meta property="og:image:alt" content="${escapeHtml(p.image.alt)}">`,
    `<meta name="twitter:card" content="summary_large_image">`,
    `<meta name="twitter:title" content="${escapeHtml(p.title)}">`,
    `<meta name="twitter:description" content="${escapeHtml(p.description)}">`,
    `<meta name="twitter:image" content="${escapeHtml(p.image.url)}">`,
  ];
}

/** The artist's profiles, for JSON-LD's sameAs. */
export function profiles(content: PublicContent): string[] {
  const links = content.settings?.links;
  return (['spotify', 'youtube', 'instagram', 'tiktok', 'twitter'] as const).map((key) => safeHttps(links?.[key], siteConfig.defaultLinks[key]));
}

/** The largest JPEG of a cover (for Open Graph: a link preview wants one image at least 1200 px wide when it can). */
function coverImage(content: PublicContent, release: Release, lang: Language): { url: string; alt: string; width: number; height: number } | undefined {
  return mediaImage(content, release.cover, lang, defaultAlt('releases', 'cover', release, lang));
}

/** The largest JPEG of an image from Media (a cover, a poster), with its alt text in the language or the described default. */
function mediaImage(
  content: PublicContent,
  id: string,
  lang: Language,
  fallback: string,
): { url: string; alt: string; width: number; height: number } | undefined {
  const item = id ? content.media?.find((m) => m.id === id) : undefined;
  if (!item) return undefined;
  const alt = altOf(item, lang, fallback);
  if (!isLocalMedia(item.src)) return { url: item.src, alt, width: item.width, height: item.height };
  const widths = variantWidths(item.width);
  const width = widths.find((w) => w >= 1200) ?? widths[widths.length - 1]!;
  return { url: absolute(variantUrl(item.src, width, 'jpg')), alt, width, height: Math.round((item.height * width) / item.width) };
}

/** A release page's head: its own title, description, addresses in both languages, link preview and JSON-LD. */
function releaseHead(lang: Language, content: PublicContent, release: Release, share: { src: string; alt: string } | undefined, preview: boolean): string {
  const artist = siteConfig.artist.name;
  const kind = translate(lang, `music.kind.${release.kind}`);
  const title = `${release.title} · ${kind} · ${artist}`;
  const description =
    release[`description_${lang}`].trim().split('\n')[0]!.slice(0, 300) ||
    translate(lang, 'release.metaDescription', { title: release.title, kind: kind === kind.toUpperCase() ? kind : kind.toLowerCase(), artist });
  const url = absolute(releasePath(lang, release.slug));
  const cover = coverImage(content, release, lang);
  const image = cover ?? { url: absolute(share?.src ?? '/og-image.png'), alt: share?.alt ?? headText(lang).imageAlt, width: 1200, height: 630 };
  const at = releaseTime(release);
  const sameAs = profiles(content);
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': release.kind === 'album' || release.kind === 'ep' ? 'MusicAlbum' : 'MusicRecording',
    name: release.title,
    url,
    ...(release.kind === 'album' || release.kind === 'ep'
      ? {
          albumReleaseType: release.kind === 'ep' ? 'https://schema.org/EPRelease' : 'https://schema.org/AlbumRelease',
          ...(release.tracks > 0 && { numTracks: release.tracks }),
        }
      : {}),
    ...(at !== undefined && { datePublished: release.date.slice(0, 10) }),
    image: image.url,
    ...(release[`description_${lang}`].trim() && { description: release[`description_${lang}`].trim() }),
    byArtist: { '@type': 'MusicGroup', name: artist, url: absolute('/'), sameAs },
    sameAs: PLATFORM_KEYS.map((key) => safeHttps(release.links[key], '')).filter(Boolean),
    inLanguage: lang,
  };
  return [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}">`,
    // A draft is shown to the signed-in admin only: never indexed, never linked as an alternate.
    ...(preview
      ? ['<meta name="robots" content="noindex, nofollow">']
      : [
          `<link rel="canonical" href="${escapeHtml(url)}">`,
          LANGUAGES.map((code) => `<link rel="alternate" hreflang="${code}" href="${escapeHtml(absolute(releasePath(code, release.slug)))}">`).join(''),
        ]),
    ...linkPreview({
      type: release.kind === 'album' || release.kind === 'ep' ? 'music.album' : 'music.song',
      title: `${release.title} · ${artist}`,
      description,
      url,
      lang,
      image,
    }),
    `<script type="application/ld+json">${scriptJson(jsonLd)}</script>`,
  ].join('\n');
}

/** The portrait's card (the image Scena's server made for the language), else the fixed /og-image.png. */
const portraitImage = (lang: Language, share?: { src: string; alt: string }) => ({
  url: absolute(share?.src ?? '/og-image.png'),
  alt: share?.alt ?? headText(lang).imageAlt,
  width: 1200,
  height: 630,
});

/** A head's addresses: its canonical and the pair of languages (hreflang). */
function addresses(lang: Language, pathOf: (code: Language) => string): string[] {
  return [
    `<link rel="canonical" href="${escapeHtml(absolute(pathOf(lang)))}">`,
    LANGUAGES.map((code) => `<link rel="alternate" hreflang="${code}" href="${escapeHtml(absolute(pathOf(code)))}">`).join(''),
  ];
}

/** The releases' list page's head. */
function musicHead(lang: Language, share: { src: string; alt: string } | undefined): string {
  const title = musicWord(lang, 'headTitle', { artist: siteConfig.artist.name });
  const description = musicWord(lang, 'description', { artist: siteConfig.artist.name });
  return [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}">`,
    ...addresses(lang, musicListPath),
    ...linkPreview({ type: 'website', title, description, url: absolute(musicListPath(lang)), lang, image: portraitImage(lang, share) }),
  ].join('\n');
}

/** The shows' list page's head. */
function showsHead(lang: Language, share: { src: string; alt: string } | undefined): string {
  const { title, description } = showsHeadText(lang);
  return [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}">`,
    ...addresses(lang, showListPath),
    ...linkPreview({ type: 'website', title, description, url: absolute(showListPath(lang)), lang, image: portraitImage(lang, share) }),
  ].join('\n');
}

/** A show page's head: its own title, description, addresses in both languages, link preview (poster or portrait), MusicEvent. */
function showHead(lang: Language, content: PublicContent, show: Show, share: { src: string; alt: string } | undefined): string {
  const { title, description } = showHeadText(show, lang);
  const url = absolute(showPath(lang, show.slug));
  const image = mediaImage(content, show.poster, lang, defaultAlt('shows', 'poster', show, lang)) ?? portraitImage(lang, share);
  const jsonLd = showJsonLd({ show, lang, url, image: image.url, sameAs: profiles(content) });
  return [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}">`,
    ...addresses(lang, (code) => showPath(code, show.slug)),
    ...linkPreview({ type: 'website', title, description, url, lang, image }),
    `<script type="application/ld+json">${scriptJson(jsonLd)}</script>`,
  ].join('\n');
}

/** The not-found page's head: a title in the language, never indexed. */
function notFoundHead(lang: Language): string {
  return [`<title>${escapeHtml(`${translate(lang, 'notFound.title')} · ${siteConfig.artist.name}`)}</title>`, '<meta name="robots" content="noindex">'].join(
    '\n',
  );
}
