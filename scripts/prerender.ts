/**
 * After `vite build` (client) and the SSR build: writes the public page, prerendered in both
 * languages, with its CSS inlined; robots.txt, sitemap.xml; and brotli/gzip copies of every text file.
 *   dist/client/index.html      "/"    English HTML; the client applies the visitor's saved choice
 *   dist/client/en/index.html   "/en/" indexable English page
 *   dist/client/ro/index.html   "/ro/" indexable Romanian page
 *   dist/client/en/music/<slug>/index.html, dist/client/ro/muzica/<slug>/index.html   each published release's page
 *   dist/client/en/shows/index.html, …/en/shows/<slug>/index.html, …/en/shows/<slug>.ics (and /ro/concerte/…)  the shows'
 *     list, each published show's page and calendar file; dist/client/shows.ics the feed of the upcoming ones
 * all rendered with the build's content (scripts/build-content.ts) as of the build, which each page carries;
 *   dist/server/template.html   the page template for the server (placeholders kept, CSS inlined)
 * and, for static hosts, the admin wherever a host may look for it:
 *   dist/client/admin/<page>/index.html  the admin's page at each address of its router (src/admin/routes.tsx)
 *   dist/client/404.html                 "page not found", or the admin under /admin (src/not-found.ts)
 *   the static pages name the admin's assets (ADMIN_ENTRY_META), for a host that falls back to index.html
 */
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { siteConfig } from '../site.config';
import { ADMIN_ENTRY_META } from '../src/static-host';
import { adminPagePaths } from '../src/admin/routes';
import { CONTENT_SCRIPT_ID } from '../src/content/page-data';
import { contentPages, renderPublicPage, scriptJson, sitemap, type ServerEntry } from '../server/render';
import { buildContent } from './build-content';
import { LINK_PAGE_PATHS, LINKS_PATH } from '../src/content/link-page-paths';
import { renderLinkPage } from '../src/site/links/link-page';
import { renderPressPage } from '../src/site/press/press-page';
import { PRESS_KIT_PATH, PRESS_PAGE_PATHS } from '../src/content/press-paths';
import { LANGUAGES } from '../src/content/constants';
import { homeContent } from '../server/media/public';
import { pressKitPlan, writePressKit } from '../server/press/kit';
import { fetchResolver } from '../server/press/resolve';
import { buildSequence, showsCalendar } from '../server/calendar';
import { SHOWS_FEED_PATH, showBySlug, showIcsPath, upcomingShows } from '../src/content/show-view';

// SCENA_DIST builds elsewhere (the Firebase browser tests build into dist-firebase/).
const root = process.env.SCENA_DIST ? `${resolve(process.env.SCENA_DIST)}/` : new URL('../dist/', import.meta.url).pathname;
const client = join(root, 'client');
// Typed as the real module: a change to its exports that the shared renderer cannot use fails here.
const entry: ServerEntry = (await import(join(root, 'server', 'entry-server.js'))) as typeof import('../src/entry-server');

const raw = await readFile(join(client, 'index.html'), 'utf8');
const template = await inlineCss(raw);
await writeFile(join(root, 'server', 'template.html'), template);

const adminFile = join(client, 'admin', 'index.html');
const adminHtml = existsSync(adminFile) ? await readFile(adminFile, 'utf8') : undefined;
if (!adminHtml) console.warn(`No ${adminFile} (vite build --mode admin): the static pages cannot hand over to the admin.`);
const adminEntry = adminHtml ? adminEntryMeta(adminHtml) : '';

// The build's content (the first-start content without a backend; Firestore's at build time on Firebase), carried in
// each page so the page hydrates as it was rendered; a page per published release in both languages.
const content = await buildContent();
const builtAt = Date.now();
// The home page's and the releases' pages never carry the press kit (a page of its own: server/media/public.ts).
const home = homeContent(content);
const data = `<script type="application/json" id="${CONTENT_SCRIPT_ID}">${scriptJson(home)}</script>`;
for (const page of contentPages(home)) {
  // The admin's entry only in the static files: Scena's server answers /admin itself.
  const html = await renderPublicPage(entry, template, page, home, `${data}\n${adminEntry}`, undefined, builtAt);
  const dir = join(client, page.path);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'index.html'), html);
}

// The link page (issue 31): "/links" in English (a static host cannot read Accept-Language) and each language's own,
// plain HTML with no script; its buttons link straight to their targets (only Scena's server counts their clicks).
for (const [path, lang] of [
  [LINKS_PATH, 'en'],
  [LINK_PAGE_PATHS.en, 'en'],
  [LINK_PAGE_PATHS.ro, 'ro'],
] as const) {
  await mkdir(join(client, path), { recursive: true });
  await writeFile(join(client, path, 'index.html'), renderLinkPage(lang, content, { path, now: builtAt, counted: false, fansForm: false }));
}

// The press kit's page in each language and its ZIP (issue 31), as of the build: its files are the https addresses the
// content gives (Firebase stores no files), fetched now; one that cannot be had is left out of the ZIP, and said.
for (const lang of LANGUAGES) {
  await mkdir(join(client, PRESS_PAGE_PATHS[lang]), { recursive: true });
  await writeFile(join(client, PRESS_PAGE_PATHS[lang], 'index.html'), renderPressPage(lang, content, { now: builtAt }));
}
{
  const { written, missing } = await writePressKit(
    pressKitPlan(content, builtAt),
    fetchResolver(),
    createWriteStream(join(client, PRESS_KIT_PATH)),
    new Date(builtAt),
  );
  if (missing.length) console.warn(`⚠ The press kit's ZIP leaves out what could not be fetched: ${missing.join(', ')}`);
  console.log(`${PRESS_KIT_PATH}: ${written.length} files`);
}

// The shows' calendars as of the build: each published show's file in both languages, and the feed of the upcoming ones
// (a subscribed calendar sees a change at the next build). SEQUENCE: the build's minute (server/calendar.ts).
const sequence = () => buildSequence(builtAt);
for (const show of content.shows ?? []) {
  if (!show.slug || showBySlug(content, show.slug) !== show) continue;
  for (const lang of ['en', 'ro'] as const) {
    await writeFile(join(client, showIcsPath(lang, show.slug)), showsCalendar([show], { lang, sequence, now: builtAt }));
  }
}
await writeFile(join(client, SHOWS_FEED_PATH), showsCalendar(upcomingShows(content, builtAt), { lang: 'en', sequence, now: builtAt, feed: true }));

if (adminHtml) {
  // A host without a fallback finds the admin's page at each of its addresses (the vite build wrote /admin's)…
  for (const path of adminPagePaths().filter((p) => p !== '/admin')) {
    await mkdir(join(client, path), { recursive: true });
    await writeFile(join(client, path, 'index.html'), adminHtml);
  }
  // …and, at any other one under /admin, its 404.html hands over to the admin.
  const notFound = join(client, '404.html');
  if (existsSync(notFound))
    await writeFile(
      notFound,
      (await readFile(notFound, 'utf8')).replace('<!--admin-entry-->', () => adminEntry),
    );
}

const site = siteConfig.siteUrl;
await writeFile(join(client, 'robots.txt'), `User-agent: *\nAllow: /\nDisallow: /admin\n\nSitemap: ${site}/sitemap.xml\n`);
await writeFile(join(client, 'sitemap.xml'), sitemap(site, content));

await precompress(client);

/** The admin page's module script and stylesheets (and its title), for src/static-host.ts. */
function adminEntryMeta(html: string): string {
  const assets = [
    ...[...html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!),
    ...[...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*\bhref="([^"]+)"/g)].map((m) => m[1]!),
  ];
  if (!assets.some((url) => url.endsWith('.js'))) throw new Error('admin/index.html has no module script to hand over to.');
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? 'Admin';
  return `<meta name="${ADMIN_ENTRY_META}" content="${assets.join(' ')}" data-title="${title.replace(/"/g, '&quot;')}">`;
}

/** Replaces the stylesheet link with the stylesheet itself: one round trip paints the page. */
async function inlineCss(html: string): Promise<string> {
  const link = /<link rel="stylesheet"[^>]*href="([^"]+\.css)"[^>]*>/;
  const match = link.exec(html);
  if (!match) return html;
  const css = await readFile(join(client, match[1]!), 'utf8');
  return html.replace(match[0], () => `<style>${css}</style>`);
}

async function precompress(dir: string): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.(html|js|css|svg|xml|txt|json|webmanifest|ics)$/.test(entry.name)) continue;
    const file = join(entry.parentPath, entry.name);
    const body = await readFile(file);
    await writeFile(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    await writeFile(`${file}.gz`, gzipSync(body, { level: 9 }));
  }
}
