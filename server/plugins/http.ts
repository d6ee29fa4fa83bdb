/**
 * The rules every request meets, whatever its route: cookies, JSON-only bodies with the depth scan,
 * the security headers and the same-origin rule, one log line, the validator and the error answers
 * (both from errors.ts). Shared with the whole app, after the services (the CSP hashes the page's
 * inline style).
 */
import fastifyCookie from '@fastify/cookie';
import { apiNotFound, errorHandler, notFound, refusal, zodValidatorCompiler } from '../errors';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../json-body';
import { logRequest } from '../request-log';
import { contentSecurityPolicy, inlineStyleHashes, sameOriginJson, securityHeaders } from '../security';
import { LINK_PAGE_CSS } from '../../src/site/links/link-page';
import { PRESS_PAGE_CSS } from '../../src/site/press/press-page';
import { shared } from './shared';

export const httpPlugin = shared<{ csp: string }>('scena-http', async (app, { csp }) => {
  await app.register(fastifyCookie);

  // Only JSON bodies are parsed: a form post (urlencoded, multipart, text/plain) never reaches a route.
  app.removeContentTypeParser('text/plain');
  // JSON nested deeper than any body the model takes is refused before JSON.parse, by a linear scan:
  // a 200 KB body of nested arrays would otherwise make every later walk over it deep (it made the
  // old recursive check overflow the stack: 500 after 0.4 s). Then Fastify's own parser, which also
  // refuses __proto__ and constructor keys.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (nestsDeeperThan(body as string, MAX_JSON_DEPTH)) {
      done(refusal('too-deep'), undefined);
      return;
    }
    parseJson(request, body as string, done);
  });

  const headers = securityHeaders(csp);
  app.addHook('onRequest', async (request, reply) => {
    headers(request, reply);
    if (request.url.startsWith('/api/admin/') || request.url.startsWith('/api/session')) reply.header('cache-control', 'no-store');
    sameOriginJson(request);
  });

  // One structured line per request; no headers, no bodies, so no password or token.
  app.addHook('onResponse', async (request, reply) => {
    logRequest(request.log, request.method, request.url.split('?')[0]!, reply.statusCode, reply.elapsedTime, request.ip);
  });

  app.setValidatorCompiler(zodValidatorCompiler);
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(notFound);
  // Unknown API addresses never reach the static files' wildcard (and its file-system look-ups).
  app.all('/api/*', apiNotFound);
});

/** The public CSP, with the hashes of the inline styles of the pages the server sends. */
export function publicCsp(site: { template: string; adminTemplate?: string } | undefined): string {
  // The link page's own stylesheet too (src/site/links/link-page.ts): a constant, so one hash.
  return contentSecurityPolicy(
    site ? inlineStyleHashes(`${site.template}${site.adminTemplate ?? ''}<style>${LINK_PAGE_CSS}</style><style>${PRESS_PAGE_CSS}</style>`) : [],
  );
}
