/**
 * The link page (issue 31; docs/decisions/0051-link-page.md): the address in the artist's bio (/links, in the
 * visitor's language as "/" is; /en/links/ and /ro/linkuri/ its two language pages). One column for a phone: his
 * portrait and name, the release that leads the site (the next one "Out <date>" with Get notified, else the latest
 * with Listen on each platform), the next show with Tickets, "Work with me", the newsletter sign-up and his own links
 * in his order. Plain HTML and a small stylesheet of its own, made here as a string: no JavaScript at all, not the
 * home page's app. Scena's server renders it (server/pages.ts) with each button through /links/go/<id>, which counts
 * the click and answers 303 to the target (server/routes/links.ts); the static builds (scripts/prerender.ts) link
 * straight to the targets.
 */
import { siteConfig } from '../../../site.config';
import { LANGUAGES, type Language } from '../../content/constants';
import { defaultAlt, shownImage } from '../../content/default-alt';
import { isLocalMedia, variantUrl, variantWidths } from '../../content/media';
import type { MediaItem, PublicContent, Release, Show } from '../../content/model';
import { PLATFORM_KEYS, PLATFORMS, type Platform } from '../../content/platforms';
import { isScheduled, leadRelease, releaseDate, releasePath } from '../../content/release-cycle';
import { showPath } from '../../content/shows';
import { showCity, upcomingShows } from '../../content/show-view';
import { FANS_SIGNUP_URL } from '../../content/fans';
import { LINK_GO_PREFIX, LINK_PAGE_PATHS, LINKS_PATH } from '../../content/link-page-paths';
import { translate } from '../../i18n/translate';
import { fill } from '../../lib/fill';
import { safeHttps } from '../../lib/safe-url';
import { absolute, escapeHtml, linkPreview } from '../render-head';
import { fansWord } from '../newsletter/fans-words';
import { sellsTickets, showWhen, showWord, stateText } from '../shows/show-words';
import { icon, type IconName } from './icons';
import { ownPage } from '../own-page';

const WORDS = {
  en: {
    title: '{artist} · Links',
    description: 'The new music, the next show, work with {artist}, the newsletter and every profile, in one place.',
    next: 'Next release',
    latest: 'Latest release',
    show: 'Next show',
    services: 'Studio',
    work: 'Work with me',
    workText: 'Beats, mixing, mastering and collabs.',
    signup: 'Get the new songs first',
    links: 'Elsewhere',
    site: 'The whole site',
    other: 'Română',
  },
  ro: {
    title: '{artist} · Linkuri',
    description: 'Muzica nouă, următorul concert, colaborări cu {artist}, newsletterul și toate profilurile, într-un singur loc.',
    next: 'Următoarea lansare',
    latest: 'Cea mai nouă lansare',
    show: 'Următorul concert',
    services: 'Studio',
    work: 'Lucrează cu mine',
    workText: 'Beaturi, mixaje, masterizare și colaborări.',
    signup: 'Auzi primul piesele noi',
    links: 'Mă găsești și aici',
    site: 'Tot site-ul',
    other: 'English',
  },
} as const satisfies Record<Language, Record<string, string>>;

type Word = keyof (typeof WORDS)['en'];
const word = (lang: Language, key: Word, vars: Record<string, string> = {}) => fill(WORDS[lang][key], vars);

/** A release platform's icon, where the set has one. */
const PLATFORM_ICONS: Partial<Record<Platform, IconName>> = {
  spotify: 'spotify',
  appleMusic: 'apple-music',
  youtube: 'youtube',
  youtubeMusic: 'youtube',
  soundcloud: 'soundcloud',
  bandcamp: 'bandcamp',
};

/**
 * Where a button leads, and what its click is counted as: `r-<platform>` the leading release on a platform (a click
 * of that platform and release), `t-<show id>` the next show's tickets (a ticket click of that show), `l-<link id>`
 * one of his own links (a click of its icon's platform). Only what the content holds: anything else is undefined.
 */
export type LinkTarget = { href: string; event: 'click'; platform: string; release: string | null } | { href: string; event: 'show-ticket'; show: string };

/** The platform a link's icon counts as on the dashboard ("Instagram", "Apple Music"); `website` for the globe. */
const ICON_PLATFORM: Record<string, string> = { 'apple-music': 'appleMusic' };

export function linkTarget(content: PublicContent, id: string, now: number): LinkTarget | undefined {
  const [kind, rest] = [id.slice(0, 2), id.slice(2)];
  if (kind === 'r-') {
    const release = leadRelease(content, now);
    if (!release || isScheduled(release, now) || !(PLATFORM_KEYS as string[]).includes(rest)) return undefined;
    const href = safeHttps(release.links[rest as Platform], '');
    return href ? { href, event: 'click', platform: rest, release: release.slug || null } : undefined;
  }
  if (kind === 't-') {
    const show = upcomingShows(content, now).find((s) => s.id === rest);
    const href = show && sellsTickets(show) ? safeHttps(show.tickets, '') : '';
    return show && href ? { href, event: 'show-ticket', show: show.id } : undefined;
  }
  if (kind === 'l-') {
    const link = content.links?.find((l) => l.id === rest);
    const href = link ? safeHttps(link.url, '') : '';
    return link && href ? { href, event: 'click', platform: ICON_PLATFORM[link.icon] ?? link.icon, release: null } : undefined;
  }
  return undefined;
}

export interface LinkPageOptions {
  /** The address rendered: /links, /en/links/ or /ro/linkuri/. */
  path: string;
  now: number;
  /** Scena's server: each outward button goes through /links/go/<id> (counted); a static build links straight. */
  counted: boolean;
  /** Scena's own list is offered (mail set up, not the Kit form): the sign-up is a form here. */
  fansForm: boolean;
  /** The share card Scena's server made for the language (server/media/share.ts). */
  share?: { src: string; alt: string };
}

/** An outward button: its counted address on the server, the target itself elsewhere. */
function out(options: LinkPageOptions, id: string, href: string): string {
  return options.counted ? `${LINK_GO_PREFIX}${encodeURIComponent(id)}` : href;
}

/** An image of the library, small: `<picture>` with AVIF and JPEG on Scena's server, the https image elsewhere. */
function image(item: MediaItem, alt: string, shown: number, className: string, eager: boolean): string {
  const ratio = item.height / item.width;
  const size = `width="${shown}" height="${Math.round(shown * ratio)}"`;
  const load = eager ? 'fetchpriority="high"' : 'loading="lazy"';
  if (!isLocalMedia(item.src)) return `<img class="${className}" src="${escapeHtml(item.src)}" ${size} alt="${escapeHtml(alt)}" ${load}>`;
  // Up to three times its shown width (a phone's 3x screen): 320 px, and 640 where the image has it.
  const all = variantWidths(item.width);
  const widths = all.filter((w) => w <= shown * 3 + 320).slice(0, 2);
  const set = (ext: 'avif' | 'jpg') => widths.map((w) => `${variantUrl(item.src, w, ext)} ${w}w`).join(', ');
  return `<picture><source type="image/avif" srcset="${set('avif')}" sizes="${shown}px"><img class="${className}" src="${variantUrl(item.src, widths[0]!, 'jpg')}" srcset="${set('jpg')}" sizes="${shown}px" ${size} alt="${escapeHtml(alt)}" ${load}></picture>`;
}

const button = (href: string, label: string, name: IconName, extra = '', external = true) =>
  `<a class="b${extra}" href="${escapeHtml(href)}"${external ? ' rel="noopener noreferrer"' : ''}>${icon(name)}<span>${label}</span></a>`;

function releaseBlock(lang: Language, content: PublicContent, release: Release, options: LinkPageOptions): string {
  const upcoming = isScheduled(release, options.now);
  const cover = shownImage(content.media, release.cover, lang, defaultAlt('releases', 'cover', release, lang));
  const title = escapeHtml(release.title);
  const named = release.slug ? `<a href="${releasePath(lang, release.slug)}">${title}</a>` : title;
  const date = releaseDate(release.date, lang);
  const meta = upcoming
    ? `${translate(lang, `music.kind.${release.kind}`)} · ${translate(lang, 'music.outOn', { date })}`
    : [translate(lang, `music.kind.${release.kind}`), date].filter(Boolean).join(' · ');
  const buttons = upcoming
    ? button('#signup', escapeHtml(translate(lang, 'banner.notify')), 'mail', ' p', false)
    : PLATFORM_KEYS.flatMap((key) => {
        const href = safeHttps(release.links[key], '');
        return href
          ? [
              button(
                out(options, `r-${key}`, href),
                escapeHtml(translate(lang, 'release.listenOn', { platform: PLATFORMS[key].label })),
                PLATFORM_ICONS[key] ?? 'listen',
              ),
            ]
          : [];
      }).join('');
  return `<section aria-labelledby="r"><h2 id="r">${word(lang, upcoming ? 'next' : 'latest')}</h2><div class="c">${
    cover ? image(cover.image, cover.alt, 88, 'cv', true) : ''
  }<div><p class="t">${named}</p><p class="m">${escapeHtml(meta)}</p></div></div>${buttons}</section>`;
}

function showBlock(lang: Language, show: Show, options: LinkPageOptions): string {
  const when = showWhen(show, lang);
  const state = stateText(show, lang);
  const tickets = sellsTickets(show) ? safeHttps(show.tickets, '') : '';
  const place = [show.venue, showCity(show, lang)].filter(Boolean).join(', ');
  return `<section aria-labelledby="s"><h2 id="s">${word(lang, 'show')}</h2><p class="t"><a href="${showPath(lang, show.slug)}">${escapeHtml(place)}</a></p><p class="m">${escapeHtml(
    [when.date, when.time].filter(Boolean).join(', '),
  )}${state ? ` · ${escapeHtml(state)}` : ''}</p>${
    tickets
      ? button(
          out(options, `t-${show.id}`, tickets),
          `${escapeHtml(showWord(lang, 'tickets'))}<span class="v"> ${escapeHtml(showCity(show, lang))}, ${escapeHtml(when.date)}</span>`,
          'ticket',
          ' p',
        )
      : ''
  }</section>`;
}

function signupBlock(lang: Language, options: LinkPageOptions): string {
  const intro = `<section aria-labelledby="signup"><h2 id="signup">${word(lang, 'signup')}</h2><p class="m">${escapeHtml(translate(lang, 'newsletter.text'))}</p>`;
  if (!options.fansForm) return `${intro}${button(`/${lang}/#newsletter`, escapeHtml(translate(lang, 'newsletter.title')), 'mail', '', false)}</section>`;
  // The own list's plain form (server/routes/fans.ts takes it without JavaScript: the cached page carries no token, so
  // the answer is the form again with one and "press again", then "check your inbox").
  return `${intro}<form method="post" action="${FANS_SIGNUP_URL}"><input type="hidden" name="lang" value="${lang}"><p class="h" aria-hidden="true"><label for="w">${escapeHtml(
    fansWord(lang, 'website'),
  )}</label><input id="w" name="website" tabindex="-1" autocomplete="off"></p><label for="e">${escapeHtml(fansWord(lang, 'email'))}</label><input id="e" name="email" type="email" autocomplete="email" required maxlength="254"><button class="b p">${icon('mail')}<span>${escapeHtml(fansWord(lang, 'submit'))}</span></button></form></section>`;
}

/** The page's head: title, description, canonical and hreflang pair, share card. */
function head(lang: Language, options: LinkPageOptions): string {
  const artist = siteConfig.artist.name;
  const title = word(lang, 'title', { artist });
  const description = word(lang, 'description', { artist });
  const url = absolute(LINK_PAGE_PATHS[lang]);
  // The server's share card of the language, or the site's default image (both 1200 × 630).
  const image = { url: absolute(options.share?.src ?? '/og-image.png'), alt: options.share?.alt ?? artist, width: 1200, height: 630 };
  return [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}">`,
    `<link rel="canonical" href="${url}">`,
    ...LANGUAGES.map((code) => `<link rel="alternate" hreflang="${code}" href="${absolute(LINK_PAGE_PATHS[code])}">`),
    `<link rel="alternate" hreflang="x-default" href="${absolute(LINKS_PATH)}">`,
    ...linkPreview({ type: 'profile', title, description, url, lang, image }),
  ].join('\n');
}

/** The link page, a whole HTML document. */
export function renderLinkPage(lang: Language, content: PublicContent, options: LinkPageOptions): string {
  const artist = siteConfig.artist.name;
  const settings = content.settings;
  const portrait = shownImage(content.media, settings?.portrait, lang, defaultAlt('settings', 'portrait', settings, lang));
  const release = leadRelease(content, options.now);
  const show = upcomingShows(content, options.now)[0];
  const own = (content.links ?? []).flatMap((link) => {
    const href = safeHttps(link.url, '');
    const label = (link[`label_${lang}`] || link[`label_${lang === 'en' ? 'ro' : 'en'}`]).trim();
    return href && label ? [button(out(options, `l-${link.id}`, href), escapeHtml(label), link.icon)] : [];
  });
  const other = lang === 'en' ? 'ro' : 'en';
  const body = [
    `<header>${portrait ? image(portrait.image, portrait.alt, 112, 'pt', !release?.cover) : ''}<h1>${escapeHtml(artist)}</h1><p class="m">${escapeHtml(
      siteConfig.artist.location[lang],
    )}</p></header>`,
    release ? releaseBlock(lang, content, release, options) : '',
    show ? showBlock(lang, show, options) : '',
    `<section aria-labelledby="k"><h2 id="k">${word(lang, 'services')}</h2><p class="m">${word(lang, 'workText')}</p>${button(`/${lang}/#services`, word(lang, 'work'), 'work', ' p', false)}</section>`,
    signupBlock(lang, options),
    own.length ? `<section aria-labelledby="l"><h2 id="l">${word(lang, 'links')}</h2><ul>${own.map((b) => `<li>${b}</li>`).join('')}</ul></section>` : '',
  ].join('');
  return ownPage({
    lang,
    head: head(lang, options),
    css: LINK_PAGE_CSS,
    body,
    site: word(lang, 'site'),
    other: { href: LINK_PAGE_PATHS[other], lang: other, label: word(lang, 'other') },
  });
}

/**
 * The page's own stylesheet (a hash of it is in the server's CSP: server/plugins/http.ts). The palette is the site's
 * (src/base.css's variables; a test keeps them the same). Every button and link at least 44 px tall.
 */
export const LINK_PAGE_CSS = `:root{--bg:#0d0b14;--bg-2:#171322;--bg-3:#221c33;--text:#f4f1fb;--muted:#bdb6cf;--accent:#c9a5ff;--focus:#ffd84d;--line:#3a3150;--radius:14px;color-scheme:dark}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--text);font:1rem/1.5 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif}
main,footer{max-width:30rem;margin:0 auto;padding:1.5rem 1rem}
header{text-align:center}
h1{font-size:1.6rem;margin:.5rem 0 0}
h2{font-size:.8rem;letter-spacing:.08em;text-transform:uppercase;color:var(--muted);margin:0 0 .5rem}
p{margin:0}
a{color:var(--accent)}
:focus-visible{outline:3px solid var(--focus);outline-offset:3px;border-radius:4px}
.pt{border-radius:50%;object-fit:cover;width:112px;height:112px;display:block;margin:0 auto}
section{margin-top:1.25rem;padding:1rem;background:var(--bg-2);border:1px solid var(--line);border-radius:var(--radius)}
.c{display:flex;gap:1rem;align-items:center}
.cv{border-radius:8px;display:block;width:88px;height:auto}
.t{font-weight:700;font-size:1.1rem}
.t a{color:var(--text);display:inline-block;min-height:44px;padding:.6rem 0}
.m{color:var(--muted);margin:0 0 .25rem}
ul{list-style:none;margin:0;padding:0}
.b{display:flex;gap:.75rem;align-items:center;justify-content:center;min-height:48px;margin-top:.6rem;padding:.6rem 1rem;border:1px solid var(--line);border-radius:999px;background:var(--bg-3);color:var(--text);font:inherit;font-weight:600;text-decoration:none;width:100%;cursor:pointer}
.b:hover{border-color:var(--accent)}
.p{background:var(--accent);border-color:var(--accent);color:#14101d}
.i{width:22px;height:22px;flex:none;fill:none;stroke:currentColor;stroke-width:2;stroke-linecap:round;stroke-linejoin:round}
.v,.h{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
label{display:block;margin-top:.5rem}
input{width:100%;min-height:48px;margin-top:.25rem;padding:.6rem .8rem;border:1px solid var(--muted);border-radius:10px;background:var(--bg);color:var(--text);font:inherit}
footer{text-align:center;color:var(--muted);padding-bottom:2.5rem}
footer a{display:inline-block;padding:.7rem .4rem}`;
