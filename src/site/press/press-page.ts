/**
 * The press kit's page (issue 31; docs/decisions/0054-press-kit.md): /en/press/ and /ro/presa/, what a promoter or a
 * journalist needs in one place. The short and the long bio, key facts from the content (monthly listeners when shown,
 * releases, selected credits, the next shows), the press photos with their photographers' credits and terms of use,
 * each downloadable at the largest size kept, the logo, press quotes, the technical rider and the stage plot, the
 * contacts for booking and press, and "Download the press kit": one ZIP of it all (server/press/kit.ts).
 * Plain HTML and a small stylesheet of its own, no JavaScript, as the link page (../links/link-page.ts): Scena's server
 * renders it (server/pages.ts), the static builds write it (scripts/prerender.ts).
 */
import { siteConfig } from '../../../site.config';
import { LANGUAGES, type Language } from '../../content/constants';
import { altOf, defaultAlt, shownImage } from '../../content/default-alt';
import { isLocalMedia, variantUrl, variantWidths } from '../../content/media';
import type { DocumentItem, MediaItem, PublicContent } from '../../content/model';
import { downloadName, PRESS_KIT_PATH, PRESS_LOGO_PNG_PATH, PRESS_PAGE_PATHS, pressPhotoDownload } from '../../content/press-paths';
import { visibleListeners } from '../../content/public-content';
import { documentUrl } from '../../content/kinds/documents';
import { discography, RELEASE_LOCALES, releaseCount, releaseDate } from '../../content/release-cycle';
import { showPath } from '../../content/shows';
import { showCity, upcomingShows } from '../../content/show-view';
import { translate } from '../../i18n/translate';
import { fill } from '../../lib/fill';
import { formatCount } from '../../lib/format-count';
import { mailtoHref, safeHttps } from '../../lib/safe-url';
import { absolute, escapeHtml, linkPreview, profiles, scriptJson } from '../render-head';
import { showWhen, stateText } from '../shows/show-words';
import { ownPage } from '../own-page';

const WORDS = {
  en: {
    title: '{artist} · Press kit',
    description: 'Bios, press photos, logo, technical rider, quotes and contacts of {artist}, with everything in one download.',
    kit: 'Press kit',
    download: 'Download the press kit',
    downloadNote: 'One ZIP: both bios in English and Romanian, the photos, the logo and the PDFs.',
    bio: 'Bio',
    short: 'Short bio',
    long: 'Long bio',
    facts: 'Key facts',
    basedIn: 'Based in',
    since: 'Making music since',
    listeners: 'Monthly listeners',
    releases: 'Releases',
    latest: 'latest: {title}, {date}',
    credits: 'Selected credits',
    shows: 'Next shows',
    photos: 'Press photos',
    photo: 'Photo: {credit}',
    photoDownload: 'Download JPEG, {width}\u00a0×\u00a0{height}\u00a0px',
    photoDownloadName: 'photo {n} of {count}',
    terms: 'Free to use for press and promotion of {artist}, with the photographer’s credit.',
    logo: 'Logo',
    logoSvg: 'Logo, SVG',
    logoPng: 'Logo, PNG',
    quotes: 'Press',
    tech: 'Technical rider and stage plot',
    rider: 'Technical rider',
    stagePlot: 'Stage plot',
    pages: '{count} pages',
    page: '1 page',
    contacts: 'Contacts',
    booking: 'Booking',
    press: 'Press',
    site: 'The whole site',
    other: 'Română',
  },
  ro: {
    title: '{artist} · Kit de presă',
    description: 'Biografii, fotografii de presă, logo, rider tehnic, citate și contacte pentru {artist}, totul într-o singură descărcare.',
    kit: 'Kit de presă',
    download: 'Descarcă kitul de presă',
    downloadNote: 'O arhivă ZIP: ambele biografii, în română și engleză, fotografiile, logoul și fișierele PDF.',
    bio: 'Biografie',
    short: 'Biografie scurtă',
    long: 'Biografie lungă',
    facts: 'Pe scurt',
    basedIn: 'Locuiește în',
    since: 'Face muzică din',
    listeners: 'Ascultători lunari',
    releases: 'Lansări',
    latest: 'cea mai nouă: {title}, {date}',
    credits: 'Lucrări alese',
    shows: 'Următoarele concerte',
    photos: 'Fotografii de presă',
    photo: 'Foto: {credit}',
    photoDownload: 'Descarcă JPEG, {width}\u00a0×\u00a0{height}\u00a0px',
    photoDownloadName: 'fotografia {n} din {count}',
    terms: 'Se pot folosi gratuit în presă și pentru promovarea lui {artist}, cu numele fotografului.',
    logo: 'Logo',
    logoSvg: 'Logo, SVG',
    logoPng: 'Logo, PNG',
    quotes: 'Presa',
    tech: 'Rider tehnic și plan de scenă',
    rider: 'Rider tehnic',
    stagePlot: 'Plan de scenă',
    pages: '{count} pagini',
    page: 'o pagină',
    contacts: 'Contacte',
    booking: 'Concerte și colaborări',
    press: 'Presă',
    site: 'Tot site-ul',
    other: 'English',
  },
} as const satisfies Record<Language, Record<string, string>>;

type Word = keyof (typeof WORDS)['en'];
export const pressWord = (lang: Language, key: Word, vars: Record<string, string> = {}): string => fill(WORDS[lang][key], vars);

const other = (lang: Language): Language => (lang === 'en' ? 'ro' : 'en');

/** Paragraphs of a long text: split at empty lines, each line break kept. */
const paragraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');

/**
 * The bios in a language: the press kit's own, else the site's About (its three paragraphs, the first as the short
 * one), so the page is never empty; the other language's where this one has none.
 */
export function pressBios(content: PublicContent, lang: Language): { short: string; long: string } {
  const press = content.press;
  const settings = content.settings;
  const about = ([1, 2, 3] as const).map(
    (n) => settings?.[`bio${n}_${lang}`]?.trim() || translate(lang, `about.bio${n}`, { sinceYear: String(siteConfig.artist.sinceYear) }),
  );
  const own = (field: 'bioShort' | 'bioLong') => press?.[`${field}_${lang}`]?.trim() || press?.[`${field}_${other(lang)}`]?.trim() || '';
  return { short: own('bioShort') || about[0]!, long: own('bioLong') || about.join('\n\n') };
}

/** The terms of use of the press photos in a language (the admin's, or the default sentence). */
export const photoTerms = (content: PublicContent, lang: Language): string =>
  content.press?.[`photoTerms_${lang}`]?.trim() || pressWord(lang, 'terms', { artist: siteConfig.artist.name });

/** The press photos the page shows: each an image of the library that exists, in the admin's order. */
export function pressPhotoItems(content: PublicContent): { photo: NonNullable<PublicContent['pressPhotos']>[number]; image: MediaItem }[] {
  return (content.pressPhotos ?? []).flatMap((photo) => {
    const image = content.media?.find((m) => m.id === photo.image);
    return image ? [{ photo, image }] : [];
  });
}

/** A document the press kit names (rider, stage plot, SVG logo), when the content holds it. */
export function pressDocument(content: PublicContent, field: 'rider' | 'stagePlot' | 'logoSvg'): DocumentItem | undefined {
  const id = content.press?.[field];
  return id ? content.documents?.find((d) => d.id === id && safeDocument(d)) : undefined;
}
const safeDocument = (d: DocumentItem) => isLocalMedia(d.src) || safeHttps(d.src, '') !== '';

/** The PNG logo's image, when set and in the library. */
export const pressLogoPng = (content: PublicContent): MediaItem | undefined =>
  content.press?.logoPng ? content.media?.find((m) => m.id === content.press!.logoPng) : undefined;

/** Where the PNG logo is downloaded: made by Scena's server from the original; the https image elsewhere. */
export const logoPngHref = (item: MediaItem): string => (isLocalMedia(item.src) ? PRESS_LOGO_PNG_PATH : item.src);

/** The press contact: the press kit's name and e-mail, the site's contact e-mail when it gives none. */
export function pressContact(content: PublicContent): { name: string; email: string; booking: string } {
  const booking = mailtoHref(content.settings?.email ?? '', siteConfig.defaultEmail).replace(/^mailto:/, '');
  const email = content.press?.contactEmail ? mailtoHref(content.press.contactEmail, `${booking}`).replace(/^mailto:/, '') : booking;
  return { name: content.press?.contactName?.trim() ?? '', email, booking };
}

/** A day (`YYYY-MM-DD`) as the page's language writes it: "14 March 2026", „14 martie 2026". */
export function dayText(day: string, lang: Language): string {
  const [y, m, d] = day.split('-').map(Number);
  if (!y || !m || !d) return '';
  return new Intl.DateTimeFormat(RELEASE_LOCALES[lang], { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(y, m - 1, d));
}

function sizeText(bytes: number, lang: Language): string {
  if (!bytes) return '';
  const kb = bytes / 1024;
  const number = new Intl.NumberFormat(lang === 'ro' ? 'ro-RO' : 'en-GB', { maximumFractionDigits: kb >= 1024 ? 1 : 0 });
  return kb >= 1024 ? `${number.format(kb / 1024)} MB` : `${number.format(Math.max(1, kb))} KB`;
}

/** A document's line: its link (a download, named after the artist and what it is) with its format, pages and size. */
function documentLink(lang: Language, item: DocumentItem, label: string): string {
  const pages =
    item.format === 'pdf' && item.pages ? (item.pages === 1 ? pressWord(lang, 'page') : pressWord(lang, 'pages', { count: String(item.pages) })) : '';
  const facts = [item.format.toUpperCase(), pages, sizeText(item.bytes, lang)].filter(Boolean).join(', ');
  const name = downloadName(siteConfig.artist.name, label) + `.${item.format}`;
  return `<a class="b" href="${escapeHtml(documentUrl(item))}" download="${escapeHtml(name)}"><span>${escapeHtml(label)}</span><span class="m">${escapeHtml(facts)}</span></a>`;
}

/** A thumbnail of a library image: <picture> with AVIF and JPEG on Scena's server, the https image elsewhere. */
function thumbnail(item: MediaItem, alt: string, shown: number): string {
  const height = Math.round((shown * item.height) / item.width);
  const size = `width="${shown}" height="${height}"`;
  if (!isLocalMedia(item.src)) return `<img src="${escapeHtml(item.src)}" ${size} alt="${escapeHtml(alt)}" loading="lazy">`;
  const widths = variantWidths(item.width)
    .filter((w) => w <= shown * 2 + 320)
    .slice(0, 2);
  const set = (ext: 'avif' | 'jpg') => widths.map((w) => `${variantUrl(item.src, w, ext)} ${w}w`).join(', ');
  return `<picture><source type="image/avif" srcset="${set('avif')}" sizes="(min-width: 40rem) ${shown}px, 100vw"><img src="${variantUrl(item.src, widths[0]!, 'jpg')}" srcset="${set('jpg')}" sizes="(min-width: 40rem) ${shown}px, 100vw" ${size} alt="${escapeHtml(alt)}" loading="lazy"></picture>`;
}

function factsBlock(lang: Language, content: PublicContent, now: number): string {
  const rows: [string, string][] = [
    [pressWord(lang, 'basedIn'), escapeHtml(siteConfig.artist.location[lang])],
    [pressWord(lang, 'since'), String(siteConfig.artist.sinceYear)],
  ];
  const listeners = visibleListeners(content.stats?.monthlyListeners, siteConfig.monthlyListenersThreshold);
  if (listeners !== undefined) rows.push([pressWord(lang, 'listeners'), formatCount(listeners, lang)]);
  const count = releaseCount(content, now);
  const latest = discography(content, now)[0];
  if (count)
    rows.push([
      pressWord(lang, 'releases'),
      `${formatCount(count, lang)}${latest ? ` (${escapeHtml(pressWord(lang, 'latest', { title: latest.title, date: releaseDate(latest.date, lang) }))})` : ''}`,
    ]);
  const credits = (content.credits ?? []).slice(0, 6).map((credit) => {
    const roles = credit.roles.map((role) => translate(lang, `credits.role.${role}`)).join(', ');
    const what = `${escapeHtml(credit.artist)} – ${escapeHtml(credit.title)}${credit.year ? ` (${credit.year})` : ''}`;
    return `<li>${what}${roles ? `<span class="m"> · ${escapeHtml(roles)}</span>` : ''}</li>`;
  });
  const shows = upcomingShows(content, now)
    .slice(0, 3)
    .map((show) => {
      const when = showWhen(show, lang);
      const state = stateText(show, lang);
      const place = [show.venue, showCity(show, lang)].filter(Boolean).join(', ');
      return `<li><a href="${showPath(lang, show.slug)}">${escapeHtml(place)}</a><span class="m d">${escapeHtml(when.date)}${state ? ` · ${escapeHtml(state)}` : ''}</span></li>`;
    });
  return `<section aria-labelledby="facts"><h2 id="facts">${pressWord(lang, 'facts')}</h2><dl>${rows
    .map(([term, value]) => `<div><dt>${term}</dt><dd>${value}</dd></div>`)
    .join('')}</dl>${credits.length ? `<h3>${pressWord(lang, 'credits')}</h3><ul class="l">${credits.join('')}</ul>` : ''}${
    shows.length ? `<h3>${pressWord(lang, 'shows')}</h3><ul class="l">${shows.join('')}</ul>` : ''
  }</section>`;
}

function photosBlock(lang: Language, content: PublicContent): string {
  const items = pressPhotoItems(content);
  if (!items.length) return '';
  const artist = siteConfig.artist.name;
  const figures = items.map(({ photo, image }, i) => {
    const alt = altOf(image, lang, `${artist}, ${pressWord(lang, 'photoDownloadName', { n: String(i + 1), count: String(items.length) })}`);
    const download = pressPhotoDownload(image);
    const name = `${downloadName(artist, 'press photo', String(i + 1), photo.credit)}.${download.ext}`;
    const credit = photo.credit.trim() ? `<figcaption>${escapeHtml(pressWord(lang, 'photo', { credit: photo.credit.trim() }))}</figcaption>` : '';
    const label = pressWord(lang, 'photoDownload', { width: String(download.width), height: String(download.height) });
    return `<li><figure>${thumbnail(image, alt, 360)}${credit}</figure><a class="b" href="${escapeHtml(download.href)}" download="${escapeHtml(name)}" aria-label="${escapeHtml(
      `${label} (${pressWord(lang, 'photoDownloadName', { n: String(i + 1), count: String(items.length) })})`,
    )}">${escapeHtml(label)}</a></li>`;
  });
  return `<section aria-labelledby="photos"><h2 id="photos">${pressWord(lang, 'photos')}</h2><p class="m">${escapeHtml(photoTerms(content, lang))}</p><ul class="g">${figures.join('')}</ul></section>`;
}

function logoBlock(lang: Language, content: PublicContent): string {
  const svg = pressDocument(content, 'logoSvg');
  const png = pressLogoPng(content);
  if (!svg && !png) return '';
  const artist = siteConfig.artist.name;
  const links = [
    svg ? documentLink(lang, svg, pressWord(lang, 'logoSvg')) : '',
    png
      ? `<a class="b" href="${escapeHtml(logoPngHref(png))}" download="${escapeHtml(`${downloadName(artist, 'logo')}.png`)}"><span>${pressWord(lang, 'logoPng')}</span><span class="m">PNG, ${png.width}\u00a0×\u00a0${png.height}\u00a0px</span></a>`
      : '',
  ].filter(Boolean);
  return `<section aria-labelledby="logo"><h2 id="logo">${pressWord(lang, 'logo')}</h2>${links.join('')}</section>`;
}

function quotesBlock(lang: Language, content: PublicContent): string {
  const quotes = (content.quotes ?? []).flatMap((q) => {
    const text = (q[`quote_${lang}`] || q[`quote_${other(lang)}`]).trim();
    if (!text) return [];
    const url = safeHttps(q.url, '');
    const outlet = escapeHtml(q.outlet.trim());
    const date = q.date ? ` · <time datetime="${q.date}">${escapeHtml(dayText(q.date, lang))}</time>` : '';
    const source = url ? `<a href="${escapeHtml(url)}" rel="noopener noreferrer">${outlet}</a>` : outlet;
    const quoteLang = q[`quote_${lang}`].trim() ? '' : ` lang="${other(lang)}"`;
    return [`<li><figure><blockquote${quoteLang}><p>${escapeHtml(text)}</p></blockquote><figcaption>— ${source}${date}</figcaption></figure></li>`];
  });
  return quotes.length
    ? `<section aria-labelledby="quotes"><h2 id="quotes">${pressWord(lang, 'quotes')}</h2><ul class="q">${quotes.join('')}</ul></section>`
    : '';
}

function techBlock(lang: Language, content: PublicContent): string {
  const rider = pressDocument(content, 'rider');
  const plot = pressDocument(content, 'stagePlot');
  if (!rider && !plot) return '';
  return `<section aria-labelledby="tech"><h2 id="tech">${pressWord(lang, 'tech')}</h2>${rider ? documentLink(lang, rider, pressWord(lang, 'rider')) : ''}${
    plot ? documentLink(lang, plot, pressWord(lang, 'stagePlot')) : ''
  }</section>`;
}

function contactsBlock(lang: Language, content: PublicContent): string {
  const { name, email, booking } = pressContact(content);
  const mail = (address: string) => `<a href="mailto:${escapeHtml(address)}">${escapeHtml(address)}</a>`;
  return `<section aria-labelledby="contacts"><h2 id="contacts">${pressWord(lang, 'contacts')}</h2><dl><div><dt>${pressWord(lang, 'booking')}</dt><dd>${mail(
    booking,
  )}</dd></div><div><dt>${pressWord(lang, 'press')}</dt><dd>${name ? `${escapeHtml(name)}, ` : ''}${mail(email)}</dd></div></dl></section>`;
}

/** ProfilePage about the artist's MusicGroup, with his profiles as sameAs. */
function jsonLd(lang: Language, content: PublicContent, short: string) {
  const portrait = content.settings?.portrait ? content.media?.find((m) => m.id === content.settings!.portrait) : undefined;
  const image = portrait ? (isLocalMedia(portrait.src) ? absolute(pressPhotoDownload(portrait).href) : portrait.src) : undefined;
  const own = (content.links ?? []).map((l) => safeHttps(l.url, '')).filter(Boolean);
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfilePage',
    url: absolute(PRESS_PAGE_PATHS[lang]),
    name: pressWord(lang, 'title', { artist: siteConfig.artist.name }),
    inLanguage: lang,
    mainEntity: {
      '@type': 'MusicGroup',
      name: siteConfig.artist.name,
      url: absolute(`/${lang}/`),
      description: short,
      ...(image ? { image } : {}),
      foundingDate: String(siteConfig.artist.sinceYear),
      location: { '@type': 'Place', name: siteConfig.artist.location[lang] },
      email: `mailto:${pressContact(content).email}`,
      sameAs: [...new Set([...profiles(content), ...own])],
    },
  };
}

export interface PressPageOptions {
  now: number;
  /** The share card Scena's server made for the language (server/media/share.ts). */
  share?: { src: string; alt: string };
}

/** The press page, a whole HTML document. */
export function renderPressPage(lang: Language, content: PublicContent, options: PressPageOptions): string {
  const artist = siteConfig.artist.name;
  const title = pressWord(lang, 'title', { artist });
  const description = pressWord(lang, 'description', { artist });
  const url = absolute(PRESS_PAGE_PATHS[lang]);
  const image = { url: absolute(options.share?.src ?? '/og-image.png'), alt: options.share?.alt ?? artist, width: 1200, height: 630 };
  const { short, long } = pressBios(content, lang);
  const head = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}">`,
    `<link rel="canonical" href="${url}">`,
    ...LANGUAGES.map((code) => `<link rel="alternate" hreflang="${code}" href="${absolute(PRESS_PAGE_PATHS[code])}">`),
    ...linkPreview({ type: 'profile', title, description, url, lang, image }),
    `<script type="application/ld+json">${scriptJson(jsonLd(lang, content, short))}</script>`,
  ].join('\n');
  const portrait = shownImage(content.media, content.settings?.portrait, lang, defaultAlt('settings', 'portrait', content.settings, lang));
  const body = [
    `<header>${portrait ? thumbnail(portrait.image, portrait.alt, 160).replace(/ loading="lazy"/g, ' fetchpriority="high"') : ''}<div><p class="k">${pressWord(
      lang,
      'kit',
    )}</p><h1>${escapeHtml(artist)}</h1><p class="m">${escapeHtml(siteConfig.artist.location[lang])}</p><a class="b p" href="${PRESS_KIT_PATH}" download="${escapeHtml(
      `${downloadName(artist, 'press kit')}.zip`,
    )}"><span>${pressWord(lang, 'download')}</span><span class="m">ZIP</span></a><p class="m">${pressWord(lang, 'downloadNote')}</p></div></header>`,
    `<section aria-labelledby="bio"><h2 id="bio">${pressWord(lang, 'bio')}</h2><h3>${pressWord(lang, 'short')}</h3><p>${escapeHtml(short)}</p><h3>${pressWord(
      lang,
      'long',
    )}</h3>${paragraphs(long)}</section>`,
    factsBlock(lang, content, options.now),
    photosBlock(lang, content),
    logoBlock(lang, content),
    quotesBlock(lang, content),
    techBlock(lang, content),
    contactsBlock(lang, content),
  ].join('');
  const to = other(lang);
  return ownPage({
    lang,
    head,
    css: PRESS_PAGE_CSS,
    body,
    site: pressWord(lang, 'site'),
    other: { href: PRESS_PAGE_PATHS[to], lang: to, label: pressWord(lang, 'other') },
  });
}

/**
 * The page's own stylesheet (its hash is in the server's CSP: server/plugins/http.ts; the static hosts' from the built
 * files). The site's palette (src/base.css's variables); every link and button at least 44 px tall. One column on a
 * phone; the photos two or three across on a wider screen.
 */
export const PRESS_PAGE_CSS = `:root{--bg:#0d0b14;--bg-2:#171322;--bg-3:#221c33;--text:#f4f1fb;--muted:#bdb6cf;--accent:#c9a5ff;--focus:#ffd84d;--line:#3a3150;--radius:14px;color-scheme:dark}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--text);font:1rem/1.6 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif}
main,footer{max-width:56rem;margin:0 auto;padding:1.5rem 1rem}
header{display:flex;flex-wrap:wrap;gap:1.25rem;align-items:center}
header img{border-radius:50%;object-fit:cover;width:160px;height:160px;display:block}
header>div{flex:1 1 16rem}
h1{font-size:2rem;line-height:1.2;margin:0}
h2{font-size:1.35rem;margin:0 0 .75rem}
h3{font-size:1rem;margin:1.25rem 0 .25rem;color:var(--muted)}
p{margin:0 0 .75rem;overflow-wrap:anywhere}
a{color:var(--accent)}
:focus-visible{outline:3px solid var(--focus);outline-offset:3px;border-radius:4px}
.k{text-transform:uppercase;letter-spacing:.08em;font-size:.8rem;color:var(--muted);margin:0}
.m{color:var(--muted)}
section{margin-top:1.5rem;padding:1.25rem;background:var(--bg-2);border:1px solid var(--line);border-radius:var(--radius)}
dl{margin:0;display:grid;gap:.5rem}
dl div{display:flex;flex-wrap:wrap;gap:0 .75rem}
dt{color:var(--muted);min-width:10rem}
dd{margin:0;overflow-wrap:anywhere}
dd a,.l a{display:inline-block;min-height:44px;padding:.55rem 0}
ul{list-style:none;margin:0;padding:0}
.l li{padding:.1rem 0}
.d{display:block;margin-top:-.4rem;font-size:.9rem}
.g{display:grid;gap:1rem;grid-template-columns:repeat(auto-fill,minmax(15rem,1fr))}
figure{margin:0}
.g img{width:100%;height:auto;border-radius:8px;display:block}
figcaption{color:var(--muted);font-size:.9rem;margin-top:.35rem}
.q li{margin-top:1rem}
blockquote{margin:0;font-size:1.1rem;border-left:3px solid var(--accent);padding-left:1rem}
blockquote p{margin:0}
.b{display:flex;flex-wrap:wrap;gap:0 .75rem;align-items:center;justify-content:space-between;min-height:48px;margin-top:.6rem;padding:.6rem 1rem;border:1px solid var(--line);border-radius:12px;background:var(--bg-3);color:var(--text);font-weight:600;text-decoration:none}
.b .m{font-weight:400}
.b:hover{border-color:var(--accent)}
.p{background:var(--accent);border-color:var(--accent);color:#14101d;justify-content:center;max-width:24rem}
.p .m{color:#2d2540}
footer{text-align:center;color:var(--muted);padding-bottom:2.5rem}
footer a{display:inline-block;padding:.7rem .4rem}`;

/**
 * The press kit's text file in a language (bio-en.txt, bio-ro.txt in the ZIP): the bios, the key facts, the quotes, the
 * terms of use of the photos and the contacts, as plain text with Windows line ends (Notepad and every mail program
 * read them).
 */
export function pressKitText(lang: Language, content: PublicContent, now: number): string {
  const artist = siteConfig.artist.name;
  const { short, long } = pressBios(content, lang);
  const heading = (text: string) => `${text}\n${'='.repeat(text.length)}`;
  const facts = [`${pressWord(lang, 'basedIn')}: ${siteConfig.artist.location[lang]}`, `${pressWord(lang, 'since')}: ${siteConfig.artist.sinceYear}`];
  const listeners = visibleListeners(content.stats?.monthlyListeners, siteConfig.monthlyListenersThreshold);
  if (listeners !== undefined) facts.push(`${pressWord(lang, 'listeners')}: ${formatCount(listeners, lang)}`);
  const count = releaseCount(content, now);
  const latest = discography(content, now)[0];
  if (count)
    facts.push(
      `${pressWord(lang, 'releases')}: ${formatCount(count, lang)}${latest ? ` (${pressWord(lang, 'latest', { title: latest.title, date: releaseDate(latest.date, lang) })})` : ''}`,
    );
  const quotes = (content.quotes ?? []).flatMap((q) => {
    const text = (q[`quote_${lang}`] || q[`quote_${other(lang)}`]).trim();
    return text ? [`“${text}”\n— ${[q.outlet.trim(), q.date ? dayText(q.date, lang) : '', safeHttps(q.url, '')].filter(Boolean).join(', ')}`] : [];
  });
  const credits = pressPhotoItems(content).map(
    ({ photo }, i) => `${i + 1}. ${photo.credit.trim() ? pressWord(lang, 'photo', { credit: photo.credit.trim() }) : '—'}`,
  );
  const { name, email, booking } = pressContact(content);
  const parts = [
    heading(`${artist}: ${pressWord(lang, 'kit')}`),
    absolute(PRESS_PAGE_PATHS[lang]),
    heading(pressWord(lang, 'short')),
    short,
    heading(pressWord(lang, 'long')),
    long.trim(),
    heading(pressWord(lang, 'facts')),
    facts.join('\n'),
    ...(quotes.length ? [heading(pressWord(lang, 'quotes')), quotes.join('\n\n')] : []),
    ...(credits.length ? [heading(pressWord(lang, 'photos')), `${photoTerms(content, lang)}\n\n${credits.join('\n')}`] : []),
    heading(pressWord(lang, 'contacts')),
    `${pressWord(lang, 'booking')}: ${booking}\n${pressWord(lang, 'press')}: ${name ? `${name}, ` : ''}${email}`,
  ];
  return `${parts.join('\n\n')}\n`.replace(/\r?\n/g, '\r\n');
}
