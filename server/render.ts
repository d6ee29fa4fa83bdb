/**
 * Filling the page template, shared by Scena's server (server/pages.ts, with the current content)
 * and the build's prerender script (scripts/prerender.ts, with no content), so the two cannot drift:
 * the public page's addresses and languages, the template's placeholders, the escaping of JSON
 * inside the page. No Fastify or Node server code here: the build imports it.
 */
import type { Language, PublicContent } from '../src/content/model';
import { LANGUAGES } from '../src/content/constants';
import { PAGE_META, RENDERED_AT_META, pageName, type PageRoute } from '../src/content/page-data';
import { isPublished, musicListPath, releasePath } from '../src/content/release-cycle';
import { showListPath, showPath } from '../src/content/shows';
import { showBySlug } from '../src/content/show-view';
import { LINK_PAGE_PATHS, LINKS_PATH } from '../src/content/link-page-paths';
import { PRESS_PAGE_PATHS } from '../src/content/press-paths';

/** The public page's addresses and their languages: rendered by the server, prerendered by the build. */
export const PAGES: readonly { path: string; lang: Language }[] = [
  { path: '/', lang: 'en' },
  { path: '/en/', lang: 'en' },
  { path: '/ro/', lang: 'ro' },
];

/**
 * Every page of a content, for the build and the sitemap: the home pages, each published release in both languages,
 * the shows' list (it says when none is announced) and each published show's page (past and upcoming) in both languages.
 */
export function contentPages(content: PublicContent): { path: string; lang: Language; route: PageRoute }[] {
  const shows = (content.shows ?? []).filter((s) => s.slug && showBySlug(content, s.slug) === s);
  return [
    ...PAGES.map((p) => ({ ...p, route: { page: 'home' } as PageRoute })),
    ...content.releases
      .filter((r) => isPublished(r) && r.slug)
      .flatMap((r) =>
        (['en', 'ro'] as const).map((lang) => ({ path: releasePath(lang, r.slug), lang, route: { page: 'release', slug: r.slug } as PageRoute })),
      ),
    ...(['en', 'ro'] as const).map((lang) => ({ path: musicListPath(lang), lang, route: { page: 'music' } as PageRoute })),
    ...(['en', 'ro'] as const).map((lang) => ({ path: showListPath(lang), lang, route: { page: 'shows' } as PageRoute })),
    ...shows.flatMap((s) =>
      (['en', 'ro'] as const).map((lang) => ({ path: showPath(lang, s.slug), lang, route: { page: 'shows', slug: s.slug } as PageRoute })),
    ),
  ];
}

/** What the SSR build (src/entry-server.tsx, built to dist/server/entry-server.js) exports. */
export interface ServerEntry {
  /** `booking`: how the page takes booking requests (Scena's server: the form, without a token; none: the e-mail link). */
  renderPage(lang: Language, content: PublicContent, route?: PageRoute, now?: number, booking?: { backend: 'server'; fansMail?: boolean }): Promise<string>;
  renderHead(lang: Language, path: string, content: PublicContent, share?: { src: string; alt: string }, route?: PageRoute): string;
}

/** JSON inside a <script> element: "<" escaped so no content can close the element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The page template (index.html with its CSS inlined) with the page's language, head and body put
 * in. Replacements are functions, so a `$` in the content is never read as a replacement pattern.
 */
export function fillTemplate(template: string, lang: Language, head: string, body: string): string {
  return template
    .replace('<html lang="en">', () => `<html lang="${lang}">`)
    .replace('<!--app-head-->', () => head)
    .replace('<!--app-html-->', () => body);
}

/**
 * The public page at `path` in `lang`, rendered with `content` as of `now`; `extraHead` goes after the page's
 * own head (the server: the backend's name and the content as JSON; the build: the admin's entry). The page says
 * which page it is and as of when, so the client hydrates the same.
 */
export async function renderPublicPage(
  entry: ServerEntry,
  template: string,
  page: { path: string; lang: Language; route?: PageRoute },
  content: PublicContent,
  extraHead: string,
  share?: { src: string; alt: string },
  now = Date.now(),
  booking?: { backend: 'server'; fansMail?: boolean },
): Promise<string> {
  const route = page.route ?? { page: 'home' };
  const body = await entry.renderPage(page.lang, content, route, now, booking);
  const metas = `<meta name="${PAGE_META}" content="${pageName(route)}"><meta name="${RENDERED_AT_META}" content="${now}">`;
  return fillTemplate(template, page.lang, `${entry.renderHead(page.lang, page.path, content, share, route)}\n${metas}\n${extraHead}`, body);
}

/** The sitemap of a content: every page with its language twins (hreflang), as search engines read them. */
export function sitemap(siteUrl: string, content: PublicContent): string {
  // The shows' list is in the sitemap once a show is published (before, it is a page saying that none is announced).
  // The same for the releases' list and the releases.
  const pages = contentPages(content).filter((p) =>
    p.route.page === 'shows'
      ? p.route.slug || content.shows?.some((s) => s.status === 'published')
      : p.route.page !== 'music' || content.releases.some(isPublished),
  );
  const same = (a: PageRoute, b: PageRoute) =>
    (a.page === 'release' && b.page === 'release') || (a.page === 'shows' && b.page === 'shows') ? a.slug === b.slug : a.page === b.page;
  const entry = (p: (typeof pages)[number]) => {
    const twins = pages.filter((q) => q.path !== '/' && same(q.route, p.route));
    const fallback =
      p.route.page === 'release'
        ? releasePath('en', p.route.slug)
        : p.route.page === 'shows'
          ? p.route.slug
            ? showPath('en', p.route.slug)
            : showListPath('en')
          : p.route.page === 'music'
            ? musicListPath('en')
            : '/';
    return url(p.path, twins, fallback);
  };
  /** One address with its language twins and its x-default. */
  const url = (path: string, twins: readonly { lang: string; path: string }[], fallback: string) =>
    [
      '  <url>',
      `    <loc>${siteUrl}${path}</loc>`,
      ...twins.map((q) => `    <xhtml:link rel="alternate" hreflang="${q.lang}" href="${siteUrl}${q.path}"/>`),
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${siteUrl}${fallback}"/>`,
      '  </url>',
    ].join('\n');
  /** A page of its own in both languages (PATHS by language). */
  const pair = (paths: Record<Language, string>, fallback: string) => {
    const twins = LANGUAGES.map((lang) => ({ lang, path: paths[lang] }));
    return twins.map((twin) => url(twin.path, twins, fallback));
  };
  // The link page's two languages (issue 31), "/links" their x-default (the visitor's language).
  const linkPages = pair(LINK_PAGE_PATHS, LINKS_PATH);
  // The press kit's page (issue 31) in its two languages, English its x-default.
  const pressPages = pair(PRESS_PAGE_PATHS, PRESS_PAGE_PATHS.en);
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${[...pages.map(entry), ...linkPages, ...pressPages].join('\n')}
</urlset>
`;
}
