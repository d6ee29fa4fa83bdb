/**
 * What the page shows of the releases at a moment, from the content alone (public-safe, zod-free): the
 * server's page and its cache expiry, the build's pages, the public page and the admin's preview all ask here,
 * so that a release is out, scheduled, featured or counted the same way everywhere
 * (docs/decisions/0024-release-cycle.md).
 */
import { siteConfig } from '../../site.config';
import type { Language } from './constants';
import type { PublicContent, Release } from './model';
import { nextShowChangeAt } from './shows';
import { parseLocal, zonedInstant } from './zoned-time';

/** The artist's clock: release dates are wall times in it. */
export const RELEASE_ZONE = siteConfig.artist.timeZone;

/** A release's page, in each language. */
export const RELEASE_SECTION: Record<Language, string> = { en: 'music', ro: 'muzica' };
export const releasePath = (lang: Language, slug: string): string => `/${lang}/${RELEASE_SECTION[lang]}/${slug}/`;

/** The releases' list page (`/en/music/`, `/ro/muzica/`): the whole discography, with filters. */
export const musicListPath = (lang: Language): string => `/${lang}/${RELEASE_SECTION[lang]}/`;

/** The language of the releases' list page's address, else undefined. */
export function parseMusicListPath(path: string): Language | undefined {
  const m = /^\/(en|ro)\/([a-z]+)\/$/.exec(path);
  return m && m[2] === RELEASE_SECTION[m[1] as Language] ? (m[1] as Language) : undefined;
}

/** Every published release in the discography's order: the scheduled ones first (the soonest last), then those out. */
export function allReleases(content: PublicContent, now: number): Release[] {
  const scheduled = content.releases.filter((r) => isScheduled(r, now)).sort((a, b) => releaseTime(b)! - releaseTime(a)!);
  return [...scheduled, ...discography(content, now)];
}

/** The locales a release's words are written in (its date, its song count). */
export const RELEASE_LOCALES: Record<Language, string> = { en: 'en-GB', ro: 'ro-RO' };

/**
 * A release's wall time on the artist's clock as words: "5 December 2026" (and ", 20:00" unless midnight). Here, not in
 * src/site/music/release-words.ts, for the banner in the page's entry: importing that module (the dictionaries' words,
 * shared by the Music chunks) made the bundler split React and the dictionaries out of the entry.
 */
export function releaseDate(local: string, lang: Language): string {
  const p = parseLocal(local);
  if (!p) return '';
  const day = new Intl.DateTimeFormat(RELEASE_LOCALES[lang], { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(p.year, p.month - 1, p.day)),
  );
  return p.hour === 0 && p.minute === 0 ? day : `${day}, ${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
}

/** The language and slug of a release page's address (`/en/music/<slug>/`, `/ro/muzica/<slug>/`), else undefined. */
export function parseReleasePath(path: string): { lang: Language; slug: string } | undefined {
  const m = /^\/(en|ro)\/([a-z]+)\/([^/]+)\/$/.exec(path);
  if (!m) return undefined;
  const lang = m[1] as Language;
  return m[2] === RELEASE_SECTION[lang] ? { lang, slug: m[3]! } : undefined;
}

/** When a release goes out (ms since 1970); undefined when it has no date (it counts as out). */
export const releaseTime = (release: Pick<Release, 'date'>): number | undefined => (release.date ? zonedInstant(release.date, RELEASE_ZONE) : undefined);

export const isPublished = (release: Pick<Release, 'status'>): boolean => release.status !== 'draft';

/** Out at `now`: published and with no date or a date already passed. */
export function isOut(release: Pick<Release, 'status' | 'date'>, now: number): boolean {
  const at = releaseTime(release);
  return isPublished(release) && (at === undefined || at <= now);
}

/** Published with a date after `now`: its page exists and the Music section announces it. */
export function isScheduled(release: Pick<Release, 'status' | 'date'>, now: number): boolean {
  const at = releaseTime(release);
  return isPublished(release) && at !== undefined && at > now;
}

/** The release shown at a slug: published ones only, unless `drafts` (the signed-in admin's preview). */
export function releaseBySlug(content: PublicContent, slug: string, drafts = false): Release | undefined {
  return content.releases.find((r) => r.slug === slug && (drafts || isPublished(r)));
}

/**
 * The discography at `now`: the published releases already out, newest first (by date; a release without a
 * date keeps its place after the dated ones, in the admin's order), or in the admin's order when the setting says so.
 */
export function discography(content: PublicContent, now: number): Release[] {
  const out = content.releases.filter((r) => isOut(r, now));
  if (content.settings?.discographyOrder === 'admin') return out;
  const at = (r: Release) => releaseTime(r) ?? Number.NEGATIVE_INFINITY;
  return out
    .map((r, i) => [r, i] as const)
    .sort(([a, i], [b, j]) => at(b) - at(a) || i - j)
    .map(([r]) => r);
}

/** The next scheduled release (the soonest), which takes the "Coming soon" tile's place. */
export function nextScheduled(content: PublicContent, now: number): Release | undefined {
  return content.releases.filter((r) => isScheduled(r, now)).sort((a, b) => releaseTime(a)! - releaseTime(b)!)[0];
}

/** The featured release: the admin's choice when it is out, else the newest release out. */
export function featuredRelease(content: PublicContent, now: number): Release | undefined {
  const chosen = content.releases.find((r) => r.id === content.settings?.featuredRelease);
  if (chosen && isOut(chosen, now)) return chosen;
  return discography({ ...content, settings: { ...content.settings, discographyOrder: 'newest' } }, now)[0];
}

/**
 * The release that leads the page (the banner and the Music section's "Latest release", issue 32): the next scheduled
 * one when there is one (announced as "Out <date>", never played before its minute), else the featured release.
 */
export function leadRelease(content: PublicContent, now: number): Release | undefined {
  return nextScheduled(content, now) ?? featuredRelease(content, now);
}

/** The stats block's release count: the admin's figure, or the number of published releases already out. */
export function releaseCount(content: PublicContent, now: number): number {
  const set = content.settings?.releaseCount;
  return typeof set === 'number' && set > 0 ? set : content.releases.filter((r) => isOut(r, now)).length;
}

/**
 * The next moment after `now` at which what the page shows changes by itself (a scheduled release goes out, a show
 * ends and becomes past): the server's page cache expires then, the page's clock moves then. Undefined when none.
 */
export function nextChangeAt(content: PublicContent, now: number): number | undefined {
  const next = nextScheduled(content, now);
  const release = next ? releaseTime(next) : undefined;
  const show = nextShowChangeAt(content, now);
  return release === undefined ? show : show === undefined ? release : Math.min(release, show);
}

/** A Spotify link as its player's address (album, track, playlist, episode); undefined for any other link. */
export function spotifyEmbedUrl(link: string | undefined): string | undefined {
  if (!link) return undefined;
  try {
    const url = new URL(link);
    if (url.protocol !== 'https:' || url.hostname !== 'open.spotify.com') return undefined;
    const m = /^\/(?:intl-[a-z]{2}(?:-[a-z]{2})?\/)?(album|track|playlist|episode)\/([A-Za-z0-9]{10,40})\/?$/.exec(url.pathname);
    return m ? `https://open.spotify.com/embed/${m[1]}/${m[2]}?utm_source=generator&theme=0` : undefined;
  } catch {
    return undefined;
  }
}

/** A YouTube video's id from its link (watch?v=, youtu.be/, /embed/, /shorts/, /live/); undefined otherwise. */
export function youtubeId(link: string | undefined): string | undefined {
  if (!link) return undefined;
  try {
    const url = new URL(link);
    if (url.protocol !== 'https:') return undefined;
    const host = url.hostname.replace(/^(www|m|music)\./, '');
    const id =
      host === 'youtu.be'
        ? url.pathname.slice(1)
        : host === 'youtube.com'
          ? url.pathname === '/watch'
            ? url.searchParams.get('v')
            : /^\/(?:embed|shorts|live)\/([^/]+)/.exec(url.pathname)?.[1]
          : undefined;
    return id && /^[A-Za-z0-9_-]{6,20}$/.test(id) ? id : undefined;
  } catch {
    return undefined;
  }
}

/** The shows' addresses read here too, so that the page's entry imports one module of the content's moments. */
export { parseShowPath } from './shows';
