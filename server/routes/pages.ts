/** The public page (server-rendered), the admin page shell, and the static files of the build. */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { siteConfig } from '../../site.config';
import { LANGUAGES, type Language } from '../../src/content/constants';
import { SLUG } from '../../src/content/fields/checks';
import type { Show } from '../../src/content/model';
import { musicListPath, RELEASE_SECTION, releaseBySlug, releasePath } from '../../src/content/release-cycle';
import { SHOW_SECTION, showListPath, showPath } from '../../src/content/shows';
import { SHOWS_FEED_PATH, showBySlug, upcomingShows } from '../../src/content/show-view';
import { CALENDAR_CONTENT_TYPE, showsCalendar } from '../calendar';
import { currentAccount, isAdminEmail } from '../plugins/admin-guard';
import { PAGE_NOT_FOUND } from '../errors';
import { languageOfRoot, pageReply, renderAdminShell, ROOT_VARY, type RenderedPage } from '../pages';
import { PAGES, sitemap } from '../render';
import { adminContentSecurityPolicy, inlineStyleHashes } from '../security';

/** A page of the page cache as the answer (compressed as the request accepts, 304 for its etag): every public route's. */
export function send(request: FastifyRequest, reply: FastifyReply, page: RenderedPage, vary?: string) {
  const { status, headers, body } = pageReply(page, request.headers['accept-encoding'], request.headers['if-none-match'], vary);
  return reply.code(status).headers(headers).send(body);
}

/** The not-found page (`pages.notFound(lang)`) with a real 404. */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply, page: RenderedPage, vary?: string) {
  const { headers, body } = pageReply(page, request.headers['accept-encoding'], undefined, vary);
  return reply.code(PAGE_NOT_FOUND).headers(headers).send(body);
}

export async function pageRoutes(app: FastifyInstance) {
  const { site, pages } = app.services;
  if (!site) {
    // API-only (the site is not built): say how to build it rather than a bare 404.
    for (const path of ['/', '/en/', '/ro/', '/admin', '/admin/*']) {
      app.get(path, async (_request, reply) =>
        reply.code(503).type('text/plain; charset=utf-8').send('The site is not built yet: run `npm run build` (npm start does it for you).\n'),
      );
    }
    return;
  }
  for (const { path, lang } of PAGES) {
    // "/" in the visitor's language from Accept-Language (no flash of the other one, none without JavaScript; cookie-free).
    app.get(path, async (request, reply) =>
      path === '/'
        ? send(request, reply, await pages.page(languageOfRoot(request.headers['accept-language']), path), ROOT_VARY)
        : send(request, reply, await pages.page(lang, path)),
    );
    app.get(`${path}index.html`, async (_request, reply) => reply.redirect(path, 301));
    if (path !== '/') app.get(path.slice(0, -1), async (_request, reply) => reply.redirect(path, 301));
  }
  // A release's page in each language: published ones for everyone (cached, and expiring by themselves at a
  // scheduled release's minute), a draft for the signed-in admin only (rendered afresh, never stored by anyone).
  // Anything else there is the not-found page, with a real 404, in the address's language.
  const notFound = async (request: FastifyRequest, reply: FastifyReply, lang: Language) => sendNotFound(request, reply, await pages.notFound(lang));
  for (const lang of LANGUAGES) {
    const base = `/${lang}/${RELEASE_SECTION[lang]}`;
    // The releases' list: the whole discography, from the page cache.
    const list = musicListPath(lang);
    app.get(list, async (request, reply) => send(request, reply, await pages.page(lang, list, { page: 'music' })));
    app.get(base, async (_request, reply) => reply.redirect(list, 301));
    app.get<{ Params: { slug: string } }>(`${base}/:slug/`, async (request, reply) => {
      const { slug } = request.params;
      if (!SLUG.test(slug) || slug.length > 80) return notFound(request, reply, lang);
      const path = releasePath(lang, slug);
      if (releaseBySlug(await pages.content(), slug)) return send(request, reply, await pages.page(lang, path, { page: 'release', slug }));
      const account = await currentAccount(app.services, request);
      const preview = account && isAdminEmail(app.services, account.email) ? await pages.preview(lang, path, slug) : undefined;
      if (!preview) return notFound(request, reply, lang);
      const { headers, body } = pageReply(preview, request.headers['accept-encoding'], undefined);
      return reply
        .code(200)
        .headers({ ...headers, 'cache-control': 'private, no-store', vary: 'Accept-Encoding, Cookie' })
        .send(body);
    });
    app.get<{ Params: { slug: string } }>(`${base}/:slug`, async (request, reply) =>
      SLUG.test(request.params.slug) ? reply.redirect(`${base}/${request.params.slug}/`, 301) : notFound(request, reply, lang),
    );
  }
  // The shows: their list and each published show's page (past ones too) in each language, from the page cache (which
  // expires by itself when a show ends); its calendar file, and the feed of every upcoming show, made afresh each time.
  const sequences = async (): Promise<(show: Show) => number> => {
    // SEQUENCE: the show's newest history version, one more with each change the admin saves (docs/decisions/0034).
    const rows = (await app.services.db.client.execute("SELECT item, max(version) AS v FROM history WHERE kind = 'shows' GROUP BY item")).rows;
    const versions = new Map(rows.map((r) => [String(r.item), Number(r.v)]));
    return (show) => versions.get(show.id) ?? 0;
  };
  const calendar = (reply: FastifyReply, body: string, file: string) =>
    reply.type(CALENDAR_CONTENT_TYPE).header('cache-control', 'no-cache').header('content-disposition', `inline; filename="${file}"`).send(body);
  for (const lang of LANGUAGES) {
    const base = `/${lang}/${SHOW_SECTION[lang]}`;
    const list = showListPath(lang);
    app.get(list, async (request, reply) => send(request, reply, await pages.page(lang, list, { page: 'shows' })));
    app.get(base, async (_request, reply) => reply.redirect(list, 301));
    app.get<{ Params: { slug: string } }>(`${base}/:slug/`, async (request, reply) => {
      const { slug } = request.params;
      if (!SLUG.test(slug) || slug.length > 100 || !showBySlug(await pages.content(), slug)) return notFound(request, reply, lang);
      return send(request, reply, await pages.page(lang, showPath(lang, slug), { page: 'shows', slug }));
    });
    // `<slug>.ics`: the show in a calendar, in this address's language; `<slug>`: its page's address with the slash.
    app.get<{ Params: { slug: string } }>(`${base}/:slug`, async (request, reply) => {
      const ics = request.params.slug.endsWith('.ics');
      const slug = ics ? request.params.slug.slice(0, -4) : request.params.slug;
      if (!SLUG.test(slug) || slug.length > 100) return notFound(request, reply, lang);
      if (!ics) return reply.redirect(showPath(lang, slug), 301);
      const show = showBySlug(await pages.content(), slug);
      if (!show) return notFound(request, reply, lang);
      return calendar(reply, showsCalendar([show], { lang, sequence: await sequences(), now: Date.now() }), `${slug}.ics`);
    });
  }
  app.get(SHOWS_FEED_PATH, async (_request, reply) => {
    const now = Date.now();
    const body = showsCalendar(upcomingShows(await pages.content(), now), { lang: 'en', sequence: await sequences(), now, feed: true });
    return calendar(reply, body, 'shows.ics');
  });

  // The sitemap from the content: the home pages, each published release and each show in both languages.
  app.get('/sitemap.xml', async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(sitemap(siteConfig.siteUrl, await pages.content())),
  );

  // The admin page replaces the public CSP that every response gets (plugins/http.ts's onRequest hook)
  // with its own, which allows no third party. Its style hashes are those of the page it really serves.
  const adminCsp = adminContentSecurityPolicy(inlineStyleHashes(renderAdminShell(site)));
  const admin = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('content-security-policy', adminCsp);
    return send(request, reply, await pages.admin());
  };
  app.get('/admin', admin);
  app.get('/admin/*', admin);

  await app.register(fastifyStatic, {
    root: site.clientDir,
    prefix: '/',
    index: false,
    redirect: false,
    wildcard: true,
    preCompressed: true,
    serveDotFiles: false,
    cacheControl: false,
    setHeaders(res, file) {
      res.header('cache-control', /[\\/]assets[\\/]/.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}
