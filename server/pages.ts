/**
 * The public page, rendered on the server in the requested language with the current content,
 * kept (with its brotli and gzip forms) until the content changes.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Language, PublicContent } from '../src/content/model';
import { BACKEND_META, CONTENT_SCRIPT_ID, FANS_META, type PageRoute } from '../src/content/page-data';
import { nextChangeAt } from '../src/content/release-cycle';
import { fillTemplate, renderPublicPage, scriptJson, type ServerEntry } from './render';
import { renderLinkPage } from '../src/site/links/link-page';
import { renderPressPage } from '../src/site/press/press-page';
import { offersOwnList } from '../src/content/fans';
import { homeContent } from './media/public';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

export interface Site {
  template: string;
  /** dist/client/admin/index.html, once the admin app is built. */
  adminTemplate?: string;
  entry: ServerEntry;
  clientDir: string;
}

/** The built site, or undefined when `npm run build` has not run. */
export async function loadSite(distDir: string): Promise<Site | undefined> {
  const templateFile = join(distDir, 'server', 'template.html');
  const entryFile = join(distDir, 'server', 'entry-server.js');
  if (!existsSync(templateFile) || !existsSync(entryFile)) return undefined;
  const entry = (await import(pathToFileURL(entryFile).href)) as ServerEntry;
  const adminFile = join(distDir, 'client', 'admin', 'index.html');
  return {
    template: readFileSync(templateFile, 'utf8'),
    adminTemplate: existsSync(adminFile) ? readFileSync(adminFile, 'utf8') : undefined,
    entry,
    clientDir: join(distDir, 'client'),
  };
}

export interface RenderedPage {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

async function encode(html: string): Promise<RenderedPage> {
  const identity = Buffer.from(html);
  const [br, gzipped] = await Promise.all([
    brotli(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
    gz(identity, { level: 9 }),
  ]);
  return { identity, br, gzip: gzipped, etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"` };
}

const META = `<meta name="${BACKEND_META}" content="server">`;

export function renderPublic(
  site: Site,
  lang: Language,
  path: string,
  content: PublicContent,
  share?: { src: string; alt: string },
  route?: PageRoute,
  now = Date.now(),
  fansMail = false,
): Promise<string> {
  // Never the press kit's kinds: they have a page of their own (server/media/public.ts homeContent).
  content = homeContent(content);
  const data = `<script type="application/json" id="${CONTENT_SCRIPT_ID}">${scriptJson(content)}</script>`;
  // The page holds the booking form, which works without JavaScript here (a plain POST to /api/booking). It carries
  // no token: the page is cached, so any token in it would be older than the 3 s minimum for whoever reads it. The
  // script asks for one when the form is first focused; a post without one gets the form back with a fresh token
  // (server/routes/booking.ts, docs/decisions/0025).
  // `fansMail`: mail is set up, so the Newsletter section may hold the own list's form (docs/decisions/0035); the page
  // says so in a meta, which the script reads to hydrate the same.
  const fans = fansMail ? `\n<meta name="${FANS_META}" content="mail">` : '';
  return renderPublicPage(site.entry, site.template, { path, lang, route }, content, `${META}${fans}\n${data}`, share, now, { backend: 'server', fansMail });
}

/**
 * The admin app's page: the built admin/index.html with the backend named. Before the admin app
 * is built, the public page's shell with nothing rendered stands in.
 */
export function renderAdminShell(site: Site): string {
  if (site.adminTemplate) return site.adminTemplate.replace('<!--admin-head-->', () => META);
  return fillTemplate(site.template, 'en', `<title>Admin</title>\n<meta name="robots" content="noindex">\n${META}`, '');
}

/** The headers of the public content read (the fast path sends the same). */
export const CONTENT_JSON_HEADERS = { 'cache-control': 'no-cache', 'content-type': 'application/json; charset=utf-8' };

/** The encodings a client accepts (q=0 means refused). */
export function pickEncoding(header: string | string[] | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Map<string, number>();
  for (const part of String(header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)).find(Boolean);
    accepted.set(name, q ? Number(q[1]) : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  return ok('br') ? 'br' : ok('gzip') ? 'gzip' : undefined;
}

/**
 * The language of the plain address "/" for a visitor, from Accept-Language as the browser's own language decides it on
 * the page (src/preferences/language.ts): Romanian when the most preferred language is Romanian, else English. The
 * page comes in that language at once (no switch after it shows, none without JavaScript); the answer says it varies.
 */
export function languageOfRoot(acceptLanguage: string | string[] | undefined): Language {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : (acceptLanguage ?? '');
  let best = { tag: '', q: 0 };
  for (const part of header.split(',').slice(0, 20)) {
    const [tag = '', ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)).find(Boolean);
    const weight = q ? Number(q[1]) : 1;
    if (tag && tag !== '*' && weight > best.q) best = { tag: tag.toLowerCase(), q: weight };
  }
  return best.tag === 'ro' || best.tag.startsWith('ro-') ? 'ro' : 'en';
}

/** The plain address's answer varies with the visitor's languages too. */
export const ROOT_VARY = 'Accept-Encoding, Accept-Language';

/** A rendered page's answer (app route and fast path): encoding from Accept-Encoding, an ETag per encoding, 304 when it matches. */
export function pageReply(page: RenderedPage, acceptEncoding: string | string[] | undefined, ifNoneMatch: string | undefined, vary = 'Accept-Encoding') {
  const encoding = pickEncoding(acceptEncoding);
  const etag = encoding ? `${page.etag.slice(0, -1)}-${encoding}"` : page.etag;
  const headers: Record<string, string> = { 'cache-control': 'no-cache', vary, etag, 'content-type': 'text/html; charset=utf-8' };
  if (ifNoneMatch === etag) return { status: 304, headers, body: undefined };
  if (encoding) headers['content-encoding'] = encoding;
  return { status: 200, headers, body: encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.identity };
}

export interface PageCache {
  /** A public page (the home page unless `route` says otherwise), rendered once per content version. */
  page(lang: Language, path: string, route?: PageRoute): Promise<RenderedPage>;
  /** The not-found page in a language (answered with 404). */
  notFound(lang: Language): Promise<RenderedPage>;
  /** The link page (/links, /en/links/, /ro/linkuri/; issue 31) in a language: no script, each button counted. */
  linkPage(lang: Language, path: string): Promise<RenderedPage>;
  /** The press kit's page (/en/press/, /ro/presa/; issue 31) in a language: no script. */
  pressPage(lang: Language): Promise<RenderedPage>;
  /** The public content as the pages show it (no drafts). */
  content(): Promise<PublicContent>;
  /**
   * A draft's page for the signed-in admin, rendered afresh from the admin's content (drafts included) each
   * time and never kept: undefined when no release, draft or not, has the slug.
   */
  preview(lang: Language, path: string, slug: string): Promise<RenderedPage | undefined>;
  admin(): Promise<RenderedPage>;
  /** The public content as JSON, for GET /api/content. */
  contentJson(): Promise<Buffer>;
  /** Forget everything: the content changed. */
  invalidate(): void;
  /**
   * What is already rendered, without waiting: the fast path of the HTTP server
   * (server/fast-path.ts) uses it, and falls back to the app when it is undefined. Once the
   * version was checked over `recheckMs` ago, a check starts in the background.
   */
  peekPage(lang: Language, path: string): RenderedPage | undefined;
  peekContentJson(): Buffer | undefined;
}

/**
 * Rendered once per content version. Writes through this server invalidate at once;
 * changes made by another process (the admin CLI's import or restore) are noticed about
 * `recheckMs` after they happen, by comparing the database's content_version.
 */
export interface PageSource {
  snapshot(): Promise<PublicContent>;
  version(): Promise<number>;
  /** The Open Graph image made for a language's page from the content (server/media/share.ts), if any. */
  share?(content: PublicContent, lang: Language): Promise<{ src: string; alt: string } | undefined>;
  /** Everything the admin may preview: drafts too, with the images they use. */
  adminSnapshot?(): Promise<PublicContent>;
  /** Mail is set up: the page may offer the own list (server/routes/fans.ts). */
  fansMail?: boolean;
}

export function pageCache(site: Site | undefined, source: PageSource, recheckMs = 1000): PageCache {
  let entries = new Map<string, Promise<RenderedPage>>();
  let ready = new Map<string, RenderedPage>();
  let content: Promise<PublicContent> | undefined;
  let json: Promise<Buffer> | undefined;
  let readyJson: Buffer | undefined;
  let version = -1;
  let checkedAt = 0;
  let checking: Promise<void> | undefined;
  /** When what the pages show changes by itself (a scheduled release goes out): everything rendered expires then. */
  let expiresAt: number | undefined;

  const invalidate = () => {
    expiresAt = undefined;
    entries = new Map();
    ready = new Map();
    content = undefined;
    json = undefined;
    readyJson = undefined;
  };
  const current = () => Date.now() - checkedAt < recheckMs;
  /** Forgets what was rendered once a scheduled release's minute has come. */
  const expire = () => {
    if (expiresAt !== undefined && Date.now() >= expiresAt) invalidate();
  };
  const fresh = async () => {
    expire();
    if (current()) return;
    checking ??= source
      .version()
      .then((v) => {
        checkedAt = Date.now();
        if (v !== version) {
          version = v;
          invalidate();
        }
      })
      .finally(() => {
        checking = undefined;
      });
    await checking;
  };
  // The fast path never waits for the database: past recheckMs it still answers from the copy it
  // has and starts the version check in the background (once; concurrent requests share it). A
  // change by another process is therefore served from the first request after that check, a
  // few milliseconds past the second. Waiting instead made every request that arrived during the
  // check take the slow path once a second, the tail of the latency figures (bench/load.ts).
  const revalidating = <T>(copy: () => T | undefined): T | undefined => {
    expire();
    if (!current()) fresh().catch(() => {}); // a failed check is retried by the next request; the app path reports it
    return copy();
  };
  const snapshot = () => {
    const read = (content ??= source.snapshot().then((value) => {
      if (content === read) expiresAt = nextChangeAt(value, Date.now());
      return value;
    }));
    read.catch(() => {
      if (content === read) content = undefined;
    });
    return read;
  };
  const cached = (key: string, make: () => Promise<RenderedPage>) => {
    let hit = entries.get(key);
    if (!hit) {
      const made = make();
      const owner = entries;
      hit = made;
      entries.set(key, made);
      made.then(
        (page) => {
          if (entries === owner && owner.get(key) === made) ready.set(key, page);
        },
        () => {
          if (entries.get(key) === made) entries.delete(key);
        },
      );
    }
    return hit;
  };

  return {
    async page(lang, path, route) {
      if (!site) throw new Error('The site is not built');
      await fresh();
      return cached(`${lang} ${path}`, async () => {
        const content = await snapshot();
        return encode(await renderPublic(site, lang, path, content, await source.share?.(content, lang), route, undefined, source.fansMail));
      });
    },
    async notFound(lang) {
      if (!site) throw new Error('The site is not built');
      await fresh();
      // Its own key (not an address): the fast path never answers a not-found page.
      return cached(`not-found ${lang}`, async () =>
        encode(await renderPublic(site, lang, `/${lang}/`, await snapshot(), undefined, { page: 'not-found' }, undefined, source.fansMail)),
      );
    },
    async linkPage(lang, path) {
      await fresh();
      // Its own key (not an address): the fast path never answers it, so that each view is counted.
      return cached(`links ${lang} ${path}`, async () => {
        const content = await snapshot();
        const share = await source.share?.(content, lang);
        return encode(
          renderLinkPage(lang, content, {
            path,
            now: Date.now(),
            counted: true,
            fansForm: offersOwnList(Boolean(source.fansMail), content.settings),
            share,
          }),
        );
      });
    },
    async pressPage(lang) {
      await fresh();
      return cached(`press ${lang}`, async () => {
        const content = await snapshot();
        return encode(renderPressPage(lang, content, { now: Date.now(), share: await source.share?.(content, lang) }));
      });
    },
    async content() {
      await fresh();
      return snapshot();
    },
    async preview(lang, path, slug) {
      if (!site || !source.adminSnapshot) return undefined;
      const all = await source.adminSnapshot();
      if (!all.releases.some((r) => r.slug === slug)) return undefined;
      return encode(await renderPublic(site, lang, path, all, undefined, { page: 'release', slug, preview: true }, undefined, source.fansMail));
    },
    async admin() {
      if (!site) throw new Error('The site is not built');
      return cached('admin', () => encode(renderAdminShell(site)));
    },
    async contentJson() {
      await fresh();
      const made = (json ??= snapshot().then((c) => Buffer.from(JSON.stringify(homeContent(c)))));
      made.then(
        (buffer) => {
          if (json === made) readyJson = buffer;
        },
        () => {
          if (json === made) json = undefined;
        },
      );
      return made;
    },
    peekPage: (lang, path) => revalidating(() => ready.get(`${lang} ${path}`)),
    peekContentJson: () => revalidating(() => readyJson),
    invalidate() {
      invalidate();
      checkedAt = 0;
    },
  };
}
