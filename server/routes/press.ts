/**
 * The press kit (issue 31; docs/decisions/0054-press-kit.md), with no JavaScript:
 *   GET /en/press/, /ro/presa/   the page in each language (canonical, hreflang, sitemap)
 *   GET /press-kit.zip           the whole kit, written once per change of what it holds (server/press/kit.ts) and
 *                                streamed from that file, as a download
 *   GET /press/logo.png          the PNG logo, made from the largest WebP the server keeps of it (transparency kept,
 *                                no metadata), when the press kit names one
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { siteConfig } from '../../site.config';
import { LANGUAGES } from '../../src/content/constants';
import { downloadName, PRESS_KIT_PATH, PRESS_LOGO_PNG_PATH, PRESS_PAGE_PATHS } from '../../src/content/press-paths';
import { pressLogoPng } from '../../src/site/press/press-page';
import { languageOfRoot } from '../pages';
import { contentDisposition } from './media';
import { send, sendNotFound } from './pages';
import { logoPng } from '../press/resolve';

export async function pressRoutes(app: FastifyInstance) {
  const { site, pages, media, press: kit } = app.services;
  const notFound = async (request: FastifyRequest, reply: FastifyReply) =>
    sendNotFound(request, reply, await pages.notFound(languageOfRoot(request.headers['accept-language'])));

  if (site)
    for (const lang of LANGUAGES) {
      const path = PRESS_PAGE_PATHS[lang];
      app.get(path, async (request, reply) => send(request, reply, await pages.pressPage(lang)));
      app.get(path.slice(0, -1), async (request, reply) => reply.redirect(path, 301));
    }

  app.get(PRESS_KIT_PATH, async (request, reply) => {
    const file = await kit.file(await pages.content(), Date.now());
    const headers = {
      'content-type': 'application/zip',
      'content-disposition': contentDisposition(`${downloadName(siteConfig.artist.name, 'press kit')}.zip`),
      'cache-control': 'no-cache',
      etag: file.etag,
    };
    if (request.headers['if-none-match'] === file.etag) return reply.code(304).headers(headers).send();
    return reply.headers({ ...headers, 'content-length': String(file.size) }).send(kit.stream(file));
  });

  app.get(PRESS_LOGO_PNG_PATH, async (request, reply) => {
    const item = pressLogoPng(await pages.content());
    const png = item ? await logoPng(media.files, item) : undefined;
    if (!png) return notFound(request, reply);
    return reply
      .headers({
        'content-type': 'image/png',
        'content-disposition': contentDisposition(`${downloadName(siteConfig.artist.name, 'logo')}.png`),
        'cache-control': 'no-cache',
      })
      .send(png);
  });
}
