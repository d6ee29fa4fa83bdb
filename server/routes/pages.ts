/** The public page (server-rendered), the admin page shell, and the static files of the build. */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { siteConfig } from '../../site.config';
import { LANGUAGES, type Language } from '../../src/content/constants';
import { SLUG } from '../../src/content/fields/checks';
import { RELEASE_SECTION, releaseBySlug, releasePath } from '../../src/content/release-cycle';
import { currentAccount, isAdminEmail } from '../plugins/admin-guard';
import { PAGE_NOT_FOUND } from '../errors';
import { pageReply, renderAdminShell, type RenderedPage } from '../pages';
import { PAGES, sitemap } from '../render';
import { adminContentSecurityPolicy, inlineStyleHashes } from '../security';

function send(request: FastifyRequest, reply: FastifyReply, page: RenderedPage) {
  const { status, headers, body } = pageReply(page, request.headers['accept-encoding'], request.headers['if-none-match']);
  return reply.code(status).headers(headers).send(body);
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
    app.get(path, async (request, reply) => send(request, reply, await pages.page(lang, path)));
    app.get(`${path}index.html`, async (_request, reply) => reply.redirect(path, 301));
    if (path !== '/') app.get(path.slice(0, -1), async (_request, reply) => reply.redirect(path, 301));
  }
  // A release's page in each language: published ones for everyone (cached, and expiring by themselves at a
  // scheduled release's minute), a draft for the signed-in admin only (rendered afresh, never stored by anyone).
  // Anything else there is the not-found page, with a real 404, in the address's language.
  const notFound = async (request: FastifyRequest, reply: FastifyReply, lang: Language) => {
    const { headers, body } = pageReply(await pages.notFound(lang), request.headers['accept-encoding'], undefined);
    return reply.code(PAGE_NOT_FOUND).headers(headers).send(body);
  };
  for (const lang of LANGUAGES) {
    const base = `/${lang}/${RELEASE_SECTION[lang]}`;
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
  // The sitemap from the content: the home pages and each published release in both languages.
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
