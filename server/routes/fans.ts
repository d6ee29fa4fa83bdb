/**
 * The artist's own list (issue 28, docs/decisions/0035-fans-by-email.md, "The list").
 *   GET  /api/fans/token                a fresh signed token for the sign-up form (no-store), asked when the field is focused
 *   POST /api/fans                      a sign-up: JSON (the page's script): 201 { ok: true } or a refusal from errors.ts;
 *                                       a plain form post (no JavaScript): "check your inbox", or the form again
 *   GET  /fans/confirm/<token>          a page with one "Confirm" button (confirms nobody by itself)
 *   POST /fans/confirm/<token>          confirms
 *   GET  /fans/unsubscribe/<token>      a page with one "Unsubscribe" button (unsubscribes nobody by itself)
 *   POST /fans/unsubscribe/<token>      unsubscribes at once: the button, or RFC 8058's one click (the body
 *                                       List-Unsubscribe=One-Click, from a mail provider: cross-site, no cookie, no token)
 * A sign-up meets, in this order: the own list being offered (mail set up, chosen in Settings), the honeypot (filled:
 * answered as a success, nothing stored), the address (a real one: one line, a dot in its domain, at most 254
 * characters), the token (2 s at least, a day at most; a plain form post without one gets one and "press again"),
 * then the counts per client and for the site, in the transaction that stores it. Whatever the address's state (new,
 * waiting, confirmed, left, bounced) the answer is the same; at most one confirmation mail per address per 24 h.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LibsqlError } from '@libsql/client';
import type { Language } from '../../src/content/constants';
import { isEmail } from '../../src/content/fields/checks';
import { FAN_EMAIL_MAX, FANS_SIGNUP_URL, FANS_TOKEN_URL, type FansReport } from '../../src/content/fans';
import { fansWord, refusalWord, type FansWord } from '../../src/site/newsletter/fans-words';
import { clientNetwork } from '../auth/throttle';
import { HttpError, refusal, sendRefusalPage } from '../errors';
import type { LinkState } from '../fans/list';
import { linkPage, signUpPage } from '../fans/pages';
import { commitImport, parseImport, previewImport } from '../fans/import';
import { csvCell } from '../../src/content/csv';
import { FAN_PATHS, type TokenPurpose } from '../fans/tokens';

const isForm = (request: FastifyRequest) => (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase() === 'application/x-www-form-urlencoded';
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const KNOWN = new Set(['email', 'lang', 'website', 'token']);

/** The database could not take the write (disk full, locked past its wait, read-only): a clear refusal, nothing stored. */
function unavailable(error: unknown): HttpError | undefined {
  if (error instanceof LibsqlError && /^SQLITE_(FULL|BUSY|LOCKED|READONLY|IOERR)/.test(error.code)) return refusal('fans-unavailable');
  return undefined;
}

export async function fansRoutes(app: FastifyInstance) {
  const { fans } = app.services;
  const template = () => app.services.site?.template;

  // A plain form post, for this plugin's routes only: each name once (the first), never onto a prototype.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    const fields: Record<string, string> = Object.create(null) as Record<string, string>;
    for (const [key, value] of new URLSearchParams(body as string)) if (!(key in fields)) fields[key] = value;
    done(null, { ...fields });
  });
  // RFC 8058 allows the one-click body as multipart/form-data too: its content is not needed (any POST leaves).
  app.addContentTypeParser('multipart/form-data', { parseAs: 'string' }, (_request, _body, done) => done(null, {}));

  app.get(FANS_TOKEN_URL, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!(await fans.offered())) throw refusal('fans-off');
    return { token: await fans.formTokens.issue() };
  });

  app.post(FANS_SIGNUP_URL, { bodyLimit: 4096 }, async (request, reply) => {
    const form = isForm(request);
    const body: Record<string, unknown> = isObject(request.body) ? request.body : {};
    const lang: Language = body.lang === 'ro' ? 'ro' : 'en';
    const typed = typeof body.email === 'string' ? body.email : '';

    const refuse = async (error: HttpError, options: { token?: string; emailError?: boolean } = {}): Promise<FastifyReply> => {
      if (!form) throw error;
      const page = signUpPage(
        lang,
        {
          email: typed,
          state: 'error',
          emailError: options.emailError ? fansWord(lang, 'emailInvalid') : undefined,
          formError: options.emailError ? undefined : fansWord(lang, error.code === 'invalid' ? 'emailInvalid' : refusalWord(error.code)),
          token: options.token ?? (await fans.formTokens.issue()),
        },
        template(),
      );
      return sendRefusalPage(reply, error, page);
    };
    const taken = () =>
      form
        ? reply
            .code(200)
            .type('text/html; charset=utf-8')
            .send(signUpPage(lang, { state: 'sent' }, template()))
        : reply.code(201).send({ ok: true });

    if (!(await fans.offered())) {
      if (!form) throw refusal('fans-off');
      return sendRefusalPage(reply, refusal('fans-off'), linkPage(lang, { title: 'pageTitle', text: 'failed', template: template() }));
    }
    if (!isObject(request.body)) return refuse(refusal('invalid', { message: 'The body must be a JSON object.' }));
    // The honeypot: answered as a success, so a bot learns nothing.
    if (body.website !== undefined && body.website !== '') return taken();

    const unknown = form ? [] : Object.keys(body).filter((key) => !KNOWN.has(key));
    if (unknown.length) {
      return refuse(
        refusal('invalid', {
          message: `${unknown[0]} is not a known field`,
          field: unknown[0],
          problems: unknown.map((field) => ({ field, message: 'is not a known field' })),
        }),
      );
    }
    if ((body.lang !== undefined && body.lang !== 'en' && body.lang !== 'ro') || (body.email !== undefined && typeof body.email !== 'string')) {
      return refuse(refusal('invalid', { message: 'lang must be en or ro, email a string' }));
    }
    // A real address: one line (a newline could add a header), a dot in its domain, at most 254 characters.
    const email = typed.trim();
    if (typed.length > FAN_EMAIL_MAX + 2 || /[\r\n]/.test(typed) || !isEmail(email)) {
      return refuse(
        refusal('invalid', {
          message: 'email must be an e-mail address',
          field: 'email',
          problems: [{ field: 'email', message: 'must be an e-mail address' }],
        }),
        {
          emailError: true,
        },
      );
    }

    // The cached page's form carries no token: posted without JavaScript, nothing is stored; the form comes back with a
    // token issued now and "please press again" (200: the visitor did nothing wrong). JSON without a token is refused.
    if (form && (body.token === undefined || body.token === '')) {
      const page = signUpPage(
        lang,
        { email: typed, token: await fans.formTokens.issue(), formError: fansWord(lang, 'pressAgain'), focusSubmit: true },
        template(),
      );
      return reply.code(200).type('text/html; charset=utf-8').send(page);
    }
    const token = await fans.formTokens.check(body.token);
    if (!token.ok) {
      if (token.reason === 'too-soon') return refuse(refusal('fans-too-soon'), { token: body.token as string });
      return refuse(refusal(token.reason === 'expired' ? 'fans-token-expired' : 'fans-token-invalid'));
    }

    let result;
    try {
      result = await fans.list.signUp({ email, lang, path: `/${lang}/#newsletter` }, clientNetwork(request.ip));
    } catch (error) {
      const refused = unavailable(error);
      if (!refused) throw error;
      request.log.error({ err: { message: (error as Error).message } }, 'fans: a sign-up could not be stored');
      return refuse(refused, { token: body.token as string });
    }
    if (result.outcome !== 'taken') {
      const { retryAfterMs } = result;
      return refuse(result.outcome === 'address-limit' ? refusal('fans-rate-limited', { retryAfterMs }) : refusal('fans-site-busy', { retryAfterMs }));
    }
    const { mail } = result;
    if (mail) {
      // Sent after the answer (the same answer, and as quick, whether a mail goes or not: nothing to learn from its time).
      void fans.sender!.send(mail).catch(async (error: unknown) => {
        request.log.error({ err: { message: (error as Error).message } }, 'fans: a confirmation mail could not be sent');
        await fans.list.mailFailed(mail, mail.sentAt).catch(() => {});
      });
    }
    return taken();
  });

  /** A link's page: what it names, in their language; one button when there is something to do. */
  const page = (reply: FastifyReply, purpose: TokenPurpose, token: string, state: LinkState, acted: boolean) => {
    const lang = state.state === 'invalid' ? 'en' : state.lang;
    const action = (purpose === 'confirm' ? FAN_PATHS.confirm : FAN_PATHS.unsubscribe)(token);
    const words = ((): { title: FansWord; text: FansWord; button?: FansWord; status: number } => {
      if (state.state === 'invalid') return { title: purpose === 'confirm' ? 'confirmTitle' : 'unsubscribeTitle', text: 'invalidLink', status: 404 };
      if (purpose === 'confirm') {
        if (state.state === 'confirmed') return { title: 'confirmTitle', text: 'confirmed', status: 200 };
        if (state.state === 'waiting' && !acted) return { title: 'confirmTitle', text: 'confirmText', button: 'confirmButton', status: 200 };
        if (state.state === 'expired') return { title: 'confirmTitle', text: 'expiredLink', status: 410 };
        return { title: 'confirmTitle', text: 'invalidLink', status: 404 };
      }
      if (state.state === 'unsubscribed' || state.state === 'bounced') return { title: 'unsubscribeTitle', text: 'unsubscribed', status: 200 };
      return { title: 'unsubscribeTitle', text: 'unsubscribeText', button: 'unsubscribeButton', status: 200 };
    })();
    reply.header('cache-control', 'no-store');
    return reply
      .code(words.status)
      .type('text/html; charset=utf-8')
      .send(linkPage(lang, { title: words.title, text: words.text, button: words.button, action, template: template() }));
  };

  app.get<{ Params: { token: string } }>('/fans/confirm/:token', async (request, reply) =>
    page(reply, 'confirm', request.params.token, await fans.list.look('confirm', request.params.token), false),
  );
  app.post<{ Params: { token: string } }>('/fans/confirm/:token', { bodyLimit: 1024 }, async (request, reply) =>
    page(reply, 'confirm', request.params.token, await fans.list.confirm(request.params.token), true),
  );
  app.get<{ Params: { token: string } }>('/fans/unsubscribe/:token', async (request, reply) =>
    page(reply, 'unsubscribe', request.params.token, await fans.list.look('unsubscribe', request.params.token), false),
  );
  app.post<{ Params: { token: string } }>('/fans/unsubscribe/:token', { bodyLimit: 4096 }, async (request, reply) => {
    const state = await fans.list.unsubscribe(request.params.token);
    return page(reply, 'unsubscribe', request.params.token, state, true);
  });
}

/**
 * The admin's (behind the admin guard, under /api/admin):
 *   GET    /fans?q=&limit=   whether the own list is offered (and why not), the counts, sign-ups per week, the people
 *   DELETE /fans/<id>        erases a person from every table (a salted hash stays, so an import cannot add them back)
 *   GET    /fans.csv         the confirmed, with their consent record
 *   POST   /fans/import      a Kit or Mailchimp CSV export as the body (text/csv): its preview; ?commit=1 imports it
 */
export async function fansAdminRoutes(app: FastifyInstance) {
  const { fans, db, config } = app.services;
  // The file arrives as a stream: parseImport counts its bytes and refuses past its limit while it arrives.
  app.addContentTypeParser('text/csv', (_request, payload, done) => done(null, payload));

  app.get<{ Querystring: { q?: string; limit?: string } }>('/fans', async (request): Promise<FansReport> => {
    const q = typeof request.query.q === 'string' ? request.query.q.slice(0, FAN_EMAIL_MAX) : '';
    const limit = Math.min(500, Math.max(1, Number(request.query.limit) || 100));
    const [overview, found, choice] = await Promise.all([fans.list.overview(), fans.list.search(q, limit), fans.choice()]);
    return { mail: Boolean(config.mail), choice, offered: Boolean(config.mail) && choice === 'own', ...overview, ...found };
  });

  app.delete<{ Params: { id: string } }>('/fans/:id', async (request, reply) => {
    const id = /^[1-9][0-9]{0,15}$/.test(request.params.id) ? Number(request.params.id) : undefined;
    if (id === undefined || !(await fans.list.erase(id))) throw refusal('not-found');
    return reply.code(204).send();
  });

  app.get('/fans.csv', async (_request, reply) => {
    const rs = await db.client.execute(
      `SELECT email, lang, signed_up_at, source, source_detail, consent_version, consent_text, confirmed_at, confirmed_by
       FROM subscribers WHERE status = 'confirmed' ORDER BY id`,
    );
    const iso = (v: unknown) => (v === null || v === undefined ? '' : new Date(Number(v)).toISOString());
    const columns = ['email', 'language', 'signed_up_at', 'source', 'source_detail', 'consent_version', 'consent_text', 'confirmed_at', 'confirmed_by'];
    const lines = [columns.map(csvCell).join(',')];
    for (const r of rs.rows) {
      lines.push(
        [r.email, r.lang, iso(r.signed_up_at), r.source, r.source_detail, r.consent_version, r.consent_text, iso(r.confirmed_at), r.confirmed_by]
          .map(csvCell)
          .join(','),
      );
    }
    const day = new Date(fans.now()).toISOString().slice(0, 10);
    reply.header('content-disposition', `attachment; filename="fans-${day}.csv"`);
    return reply.type('text/csv; charset=utf-8').send(`\uFEFF${lines.join('\r\n')}\r\n`);
  });

  app.post<{ Querystring: { commit?: string } }>('/fans/import', async (request) => {
    const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'text/csv') throw refusal('fans-import-not-csv');
    const parsed = await parseImport(request.body as AsyncIterable<Buffer>);
    const { fresh, ...preview } = await previewImport(db, fans.list, parsed);
    if (request.query.commit !== '1') return { ...preview, imported: 0 };
    try {
      return { ...preview, imported: await commitImport(db, fresh, parsed.origin, fans.now()) };
    } catch (error) {
      const refused = unavailable(error);
      if (refused) throw refused;
      throw error;
    }
  });
}
