/** The public page (server-rendered), the admin page shell, and the static files of the build. */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Language } from '../../src/content/model';
import { renderAdminShell, type RenderedPage } from '../pages';
import { adminContentSecurityPolicy, inlineStyleHashes } from '../security';
import type { Services } from '../app';

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

/** A rendered page's answer: encoding from Accept-Encoding, an ETag per encoding, 304 when it matches. */
export function pageReply(page: RenderedPage, acceptEncoding: string | string[] | undefined, ifNoneMatch: string | undefined) {
  const encoding = pickEncoding(acceptEncoding);
  const etag = encoding ? `${page.etag.slice(0, -1)}-${encoding}"` : page.etag;
  const headers: Record<string, string> = { 'cache-control': 'no-cache', vary: 'Accept-Encoding', etag, 'content-type': 'text/html; charset=utf-8' };
  if (ifNoneMatch === etag) return { status: 304, headers, body: undefined };
  if (encoding) headers['content-encoding'] = encoding;
  return { status: 200, headers, body: encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.identity };
}

function send(request: FastifyRequest, reply: FastifyReply, page: RenderedPage) {
  const { status, headers, body } = pageReply(page, request.headers['accept-encoding'], request.headers['if-none-match']);
  return reply.code(status).headers(headers).send(body);
}

/** The public page's addresses and their languages (the fast path answers the same ones). */
export const PAGES: { path: string; lang: Language }[] = [
  { path: '/', lang: 'en' },
  { path: '/en/', lang: 'en' },
  { path: '/ro/', lang: 'ro' },
];

export function pageRoutes(app: FastifyInstance, services: Services) {
  const { site, pages } = services;
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
  // The admin page replaces the public CSP that every response gets (app.ts's onRequest hook) with
  // its own, which allows no third party. Its style hashes are those of the page it really serves.
  const adminCsp = adminContentSecurityPolicy(inlineStyleHashes(renderAdminShell(site)));
  const admin = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('content-security-policy', adminCsp);
    return send(request, reply, await pages.admin());
  };
  app.get('/admin', admin);
  app.get('/admin/*', admin);

  app.register(fastifyStatic, {
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
