/** The public page (server-rendered), the admin page shell, and the static files of the build. */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pageReply, renderAdminShell, type RenderedPage } from '../pages';
import { PAGES } from '../render';
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
