/**
 * Visitors' booking requests (docs/decisions/0025-booking-requests.md), and the admin's export and mail status.
 *   GET  /api/booking/token   a fresh signed token for the form (no-store)
 *   POST /api/booking         JSON (the form with JavaScript): 201 { ok: true } or a refusal from errors.ts;
 *                             a plain form post (no JavaScript): a thank-you page, or the form again, values kept;
 *                             sent with no token (the cached page's form), 200 and the form again with a fresh
 *                             token and "Please press Send again", nothing stored
 *   GET  /api/admin/bookings.csv, GET /api/admin/mail   (behind the admin guard)
 * Every request meets, in this order: the honeypot (filled: answered as a success, nothing stored), the
 * declaration's rules (sizes, one-line name and address, at most 3 links, a day not past), the token (3 s at
 * least, a day at most; a plain form post without one is given one and asked to send again), then the counts per address and for the site and the duplicate check, in the
 * transaction that stores it with its e-mail notice (server/booking/store.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { clientNetwork } from '../auth/throttle';
import { bookings } from '../../src/content/kinds';
import { visitorSchema } from '../../src/content/fields/schema';
import type { Language } from '../../src/content/model';
import { HttpError, parseBody, refusal, sendRefusalPage, type FieldProblem } from '../errors';
import { BODY_LIMITS } from '../json-body';
import { formAgainPage, pressAgainPage, thankYouPage, type FormValues } from '../booking/page';
import type { VisitorValues } from '../booking/store';
import { BOOKING_URL } from '../security';
import { bookingsCsv } from '../booking/csv';

const VISITOR = bookings.inbox.visitorFields;
/** The declaration's rules for what a visitor sends (sizes, choices, one line, links, a day that exists, a live show's city). */
export const VisitorSchema = visitorSchema(bookings) as z.ZodType<VisitorValues>;
/** The other names a request may carry: the honeypot and the token. */
const EXTRA = ['website', 'token'] as const;
const DAY_MS = 86_400_000;

const isForm = (request: FastifyRequest) => (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase() === 'application/x-www-form-urlencoded';
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export async function bookingRoutes(app: FastifyInstance) {
  const { booking, content } = app.services;
  const now = booking.now;

  // A plain form post, for this plugin's routes only: each name once (the first), never onto a prototype.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    const fields: Record<string, string> = Object.create(null) as Record<string, string>;
    for (const [key, value] of new URLSearchParams(body as string)) if (!(key in fields)) fields[key] = value;
    done(null, { ...fields });
  });

  app.get('/api/booking/token', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { token: await booking.tokens.issue() };
  });

  /** The contact address beside the form again (the spec's e-mail link stays). */
  const contactEmail = async () => {
    const settings = (await content.read('settings')) as { email?: string } | undefined;
    return settings?.email?.replace(/^mailto:/i, '') || undefined;
  };

  app.post(BOOKING_URL, { bodyLimit: BODY_LIMITS.booking }, async (request, reply) => {
    const form = isForm(request);
    const body: Record<string, unknown> = isObject(request.body) ? request.body : {};
    const lang: Language = body.lang === 'ro' ? 'ro' : 'en';
    // A field not sent is empty (a form leaves out what is not filled); a JSON value that is not text stays as sent, to be refused.
    const sent = Object.fromEntries(VISITOR.map((f) => [f, f in body ? body[f] : f === 'lang' ? 'en' : ''])) as Record<string, unknown>;
    const kept: FormValues = {
      name: typeof sent.name === 'string' ? sent.name : '',
      email: typeof sent.email === 'string' ? sent.email : '',
      service: typeof sent.service === 'string' ? sent.service : '',
      city: typeof sent.city === 'string' ? sent.city : '',
      venue: typeof sent.venue === 'string' ? sent.venue : '',
      budget: typeof sent.budget === 'string' ? sent.budget : '',
      date: typeof sent.date === 'string' ? sent.date : '',
      message: typeof sent.message === 'string' ? sent.message : '',
    };

    const pageOptions = async () => ({ template: app.services.site?.template, email: await contactEmail() });
    /**
     * A refusal: JSON for the script, the form again (values kept, a fresh token) for a plain form post. `token`: the
     * one the page carries instead (a valid token sent too soon goes back as it is, so its 3 s still count from its issue).
     */
    const refuse = async (error: HttpError, token?: string): Promise<FastifyReply> => {
      if (!form) throw error;
      const page = formAgainPage(
        lang,
        kept,
        { code: error.code, message: error.message, problems: error.problems },
        token ?? (await booking.tokens.issue()),
        await pageOptions(),
      );
      return sendRefusalPage(reply, error, page);
    };
    const accepted = () =>
      form ? reply.code(200).type('text/html; charset=utf-8').send(thankYouPage(lang, app.services.site?.template)) : reply.code(201).send({ ok: true });

    if (!isObject(request.body)) return refuse(refusal('invalid', { message: 'The body must be a JSON object.' }));
    // The honeypot: a person never fills a field they cannot see. Answered as a success, so a bot learns nothing.
    if (body.website !== undefined && body.website !== '') return accepted();

    const problems: FieldProblem[] = form
      ? []
      : Object.keys(body)
          .filter((key) => !(VISITOR as readonly string[]).includes(key) && !(EXTRA as readonly string[]).includes(key))
          .map((key) => ({ field: key, message: 'is not a known field' }));
    let values: VisitorValues | undefined;
    try {
      values = parseBody(VisitorSchema, sent);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      problems.push(...(error.problems ?? [{ field: error.field ?? '', message: error.message }]));
    }
    // A day already past everywhere on Earth (before yesterday in UTC) is refused; the admin's own data keeps old ones.
    if (
      typeof sent.date === 'string' &&
      sent.date !== '' &&
      !problems.some((p) => p.field === 'date') &&
      sent.date < new Date(now() - DAY_MS).toISOString().slice(0, 10)
    ) {
      problems.push({ field: 'date', message: 'must not be in the past' });
    }
    if (problems.length || !values) {
      const first = problems[0]!;
      return refuse(refusal('invalid', { message: `${first.field} ${first.message}`, field: first.field, problems }));
    }

    // The cached page's form carries no token (docs/decisions/0025): posted without JavaScript, it is not stored but
    // answered with the form again, a token issued now for the second step (taken at once), and "One more step". 200, not a 4xx: the visitor did
    // nothing wrong (this is the first of the two presses every visitor without JavaScript makes), and a script that
    // reads only the status learns nothing from it. A JSON request without a token is still refused below.
    if (form && (body.token === undefined || body.token === '')) {
      return reply
        .code(200)
        .type('text/html; charset=utf-8')
        .send(pressAgainPage(lang, kept, await booking.tokens.issue(undefined, { secondStep: true }), await pageOptions()));
    }
    const token = await booking.tokens.check(body.token);
    if (!token.ok) {
      if (token.reason === 'too-soon') return refuse(refusal('booking-too-soon'), body.token as string);
      return refuse(refusal(token.reason === 'expired' ? 'booking-token-expired' : 'booking-token-invalid'));
    }

    const result = await booking.store.add(values, clientNetwork(request.ip), booking.outbox.configured);
    switch (result.outcome) {
      case 'stored':
        // Sent after the answer's transaction is committed; a failure waits in the outbox for its next try.
        void booking.outbox.kick();
        return accepted();
      case 'duplicate':
        return accepted();
      case 'address-limit':
        return refuse(refusal('booking-rate-limited', { retryAfterMs: result.retryAfterMs }));
      case 'site-limit':
        return refuse(refusal('booking-site-busy', { retryAfterMs: result.retryAfterMs }));
      case 'full':
        return refuse(refusal('booking-inbox-full'));
    }
  });
}

/** The admin's: the inbox as CSV, and how its e-mail notices are doing. Registered under /api/admin, behind its guard. */
export async function bookingAdminRoutes(app: FastifyInstance) {
  const { booking, content } = app.services;
  app.get(`/${bookings.name}.csv`, async (_request, reply) => {
    const items = await content.list(bookings.name);
    const day = new Date(booking.now()).toISOString().slice(0, 10);
    reply.header('content-disposition', `attachment; filename="bookings-${day}.csv"`);
    return reply.type('text/csv; charset=utf-8').send(bookingsCsv(items));
  });
  app.get('/mail', async () => booking.outbox.status());
}
