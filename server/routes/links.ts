/**
 * The link page (issue 31; docs/decisions/0051-link-page.md), with no JavaScript:
 *   GET /links              the page in the visitor's language (Accept-Language, as "/"): the address in the bio
 *   GET /en/links/, /ro/linkuri/   the page in each language (canonical, hreflang, sitemap)
 *   GET /links/go/<id>      counts the button's click and answers 303 to its target: only a target the content holds
 *                           (the leading release's platforms, the next show's tickets, his own links), else the
 *                           not-found page (never an open redirect)
 * Each view is counted as the server serves it (server/routes/audience.ts countServed: no bots, Do Not Track or
 * admin), so the page is never answered by the fast path.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LANGUAGES, type Language } from '../../src/content/constants';
import { LINK_GO_PREFIX, LINK_PAGE_PATHS, LINKS_PATH } from '../../src/content/link-page-paths';
import { linkTarget } from '../../src/site/links/link-page';
import { languageOfRoot, ROOT_VARY } from '../pages';
import { send, sendNotFound } from './pages';
import { countServed } from './audience';

/** A button's id: r-<platform>, t-<show id>, l-<link id> (ids are letters, digits, dashes and underscores). */
const TARGET_ID = /^[rtl]-[A-Za-z0-9_-]{1,100}$/;

export async function linkRoutes(app: FastifyInstance) {
  const { site, pages } = app.services;
  if (!site) return;
  const serve = async (request: FastifyRequest, reply: FastifyReply, lang: Language, path: string, vary?: string) => {
    const page = await pages.linkPage(lang, path);
    await countServed(app.services, request, { type: 'view', path, lang });
    return send(request, reply, page, vary);
  };

  app.get(LINKS_PATH, async (request, reply) => serve(request, reply, languageOfRoot(request.headers['accept-language']), LINKS_PATH, ROOT_VARY));
  app.get(`${LINKS_PATH}/`, async (request, reply) => reply.redirect(LINKS_PATH + queryOf(request.url), 301));
  for (const lang of LANGUAGES) {
    const path = LINK_PAGE_PATHS[lang];
    app.get(path, async (request, reply) => serve(request, reply, lang, path));
    app.get(path.slice(0, -1), async (request, reply) => reply.redirect(path + queryOf(request.url), 301));
  }

  app.get<{ Params: { id: string } }>(`${LINK_GO_PREFIX}:id`, async (request, reply) => {
    const { id } = request.params;
    const target = TARGET_ID.test(id) ? linkTarget(await pages.content(), id, Date.now()) : undefined;
    if (!target) return sendNotFound(request, reply, await pages.notFound(languageOfRoot(request.headers['accept-language'])), ROOT_VARY);
    await countServed(
      app.services,
      request,
      target.event === 'click' ? { type: 'click', platform: target.platform, release: target.release } : { type: 'show-ticket', show: target.show },
    );
    // As the site's other outward links (rel="noopener noreferrer"): the other site learns nothing of this one.
    return reply.code(303).headers({ location: target.href, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' }).send();
  });
}

const queryOf = (url: string) => {
  const at = url.indexOf('?');
  return at >= 0 ? url.slice(at) : '';
};
