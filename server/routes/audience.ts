/**
 * Fan numbers (docs/decisions/0026-audience-without-cookies.md): the public script's events
 * (POST /api/event) and the admin's report (GET /api/admin/audience, /api/admin/audience.csv).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { isbot } from 'isbot';
import { z } from 'zod';
import { siteConfig } from '../../site.config';
import { AUDIENCE_EVENTS, AUDIENCE_RANGES, type AudienceRange } from '../../src/content/audience';
import { LANGUAGES, LINK_KEYS, type Language } from '../../src/content/constants';
import { ITEM_ID, SLUG } from '../../src/content/fields/checks';
import { PLATFORM_KEYS } from '../../src/content/platforms';
import { parseReleasePath, releaseBySlug } from '../../src/content/release-cycle';
import { parseShowPath } from '../../src/content/shows';
import { dayDate, deviceOf, sourceOf, visitorHash } from '../audience/counting';
import type { StoredEvent } from '../audience/store';
import { refusal } from '../errors';
import { BODY_LIMITS, MAX_JSON_DEPTH, nestsDeeperThan } from '../json-body';
import { isAdminEmail, sessionToken } from '../plugins/admin-guard';
import { PAGES } from '../render';
import { EVENT_URL } from '../security';
import type { Services } from '../services';

/** Keys an outbound link may carry: a release's platforms and the artist's own links. */
export const LINK_TARGETS = [...new Set<string>([...PLATFORM_KEYS, ...LINK_KEYS])] as [string, ...string[]];
/** The players a visitor can start (the facades of src/site). */
export const PLAYERS = ['spotify', 'youtube'] as const;

const PATH_MAX = 512;
const REFERRER_MAX = 1024;

/**
 * One event as the public script sends it. The path is the site's own (one leading slash, no scheme,
 * host, backslash or whitespace; its query may carry utm_source); whether it is a page the site has is
 * decided when counting.
 */
export const EventSchema = z
  .strictObject({
    t: z.enum(AUDIENCE_EVENTS, { error: `must be one of ${AUDIENCE_EVENTS.join(', ')}` }),
    p: z
      .string({ error: 'must be text' })
      .max(PATH_MAX, { error: `must be at most ${PATH_MAX} characters` })
      .regex(/^\/(?![/\\])[^\s\\#]*$/, { error: "must be a path of this site (starting with one '/')" }),
    r: z
      .string({ error: 'must be text' })
      .max(REFERRER_MAX, { error: `must be at most ${REFERRER_MAX} characters` })
      .optional(),
    l: z.enum(LANGUAGES, { error: 'must be en or ro' }).optional(),
    w: z.int({ error: 'must be a whole number' }).min(0, { error: 'must be 0 or more' }).max(100_000, { error: 'must be at most 100000' }).optional(),
    k: z.enum(LINK_TARGETS, { error: 'must be a platform or link key' }).optional(),
    s: z
      .string({ error: 'must be text' })
      .max(80, { error: 'must be at most 80 characters' })
      .regex(SLUG, { error: 'must be a release address (lower-case letters, digits and dashes)' })
      .optional(),
    /**
     * A sample's id (sample-play, sample-switch): `track('sample-play', { a: sample.id })` on the page; a show's id
     * (show-ticket, show-calendar): `track('show-ticket', { a: show.id })`.
     */
    a: z.string({ error: 'must be text' }).regex(ITEM_ID, { error: 'must be the id of a sample or a show' }).optional(),
  })
  .superRefine((event, ctx) => {
    if ((event.t === 'click' || event.t === 'play') && event.k === undefined)
      ctx.addIssue({ code: 'custom', path: ['k'], message: `is required for ${event.t}` });
    if (event.t === 'play' && event.k !== undefined && !(PLAYERS as readonly string[]).includes(event.k))
      ctx.addIssue({ code: 'custom', path: ['k'], message: `must be ${PLAYERS.join(' or ')} for play` });
    if ((event.t === 'sample-play' || event.t === 'sample-switch' || event.t === 'show-ticket' || event.t === 'show-calendar') && event.a === undefined)
      ctx.addIssue({ code: 'custom', path: ['a'], message: `is required for ${event.t}` });
  });
export type EventBody = z.infer<typeof EventSchema>;

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * Whether the request's headers alone say it is not to be counted: Do Not Track, Global Privacy Control, a
 * bot (or no User-Agent). Such a request is answered 204 before its body is read, and takes nothing from
 * the rate limits (a page in a headless browser does not use up the address's events).
 */
function optedOutOrBot(request: FastifyRequest): boolean {
  if (header(request, 'dnt') === '1' || header(request, 'sec-gpc') === '1') return true;
  const agent = header(request, 'user-agent') ?? '';
  return !agent.trim() || isbot(agent);
}

/** Whether the signed-in admin sent it (a valid session of the admin's account): not counted either. */
async function fromAdmin(services: Services, request: FastifyRequest): Promise<boolean> {
  const token = sessionToken(request);
  if (token) {
    const account = await services.sessions.find(token);
    if (account && isAdminEmail(services, account.email)) return true;
  }
  return false;
}

const HOME_PAGES = new Map(PAGES.map((p) => [p.path, p.lang]));

/** The shows' list page and a show's page (/en/shows/, /ro/concerte/<slug>/): where a show's Tickets and calendar links are. */
const SHOWS_PAGE = /^\/(?:en\/shows|ro\/concerte)\/(?:[a-z0-9-]{1,100}\/)?$/;
const SHOW_EVENTS: readonly string[] = ['show-ticket', 'show-calendar'];

/** The page an event was sent from, when it is one the site has (a home page, a published release's page). */
async function pageOf(services: Services, path: string, lang: Language | undefined): Promise<{ path: string; lang: Language; release?: string } | undefined> {
  const home = HOME_PAGES.get(path);
  // The root page shows the visitor's language: the script says which.
  if (home) return { path, lang: path === '/' ? (lang ?? home) : home };
  const release = parseReleasePath(path);
  if (release && releaseBySlug(await services.pages.content(), release.slug)) return { path, lang: release.lang, release: release.slug };
  // The shows' list, and a published show's page (a draft's or an unknown slug's is nobody's page). Whether the show an
  // event names is published is judged by its id when the event is counted.
  const shows = SHOWS_PAGE.test(path) ? parseShowPath(path) : undefined;
  if (shows && (!shows.slug || (await services.pages.content()).shows.some((show) => show.slug === shows.slug))) return { path, lang: shows.lang };
  return undefined;
}

/** An event to store: what it is about; the device, the source and the visitor come from the request (`storeEvent`). */
type Counted = Omit<StoredEvent, 'day' | 'visitor' | 'device' | 'source'>;

/**
 * Stores one event of `request`'s visitor: its device and its daily visitor hash from the request, and for a view its
 * source (`sourceOf`: the address's utm_source or src, the in-app browser its user agent names, the referrer).
 * Shared by POST /api/event and the events the server sees itself.
 */
function storeEvent(services: Services, request: FastifyRequest, event: Counted, view?: { address: string; referrer: string | undefined }) {
  const agent = header(request, 'user-agent')!;
  const source = view ? (sourceOf(view.address, view.referrer, [SITE_HOST, request.hostname], agent) ?? null) : null;
  return services.audience.store.record({ ...event, source, device: deviceOf(agent) }, (salt) => visitorHash(salt, request.ip, agent, siteConfig.siteUrl));
}

/** Whether today's events are within the store's daily cap (over it, nothing more is stored today). */
async function storeAdmits({ audience }: Services): Promise<boolean> {
  const today = audience.store.today();
  return audience.limiter.store(today, () => audience.store.countDay(today));
}

/**
 * An event the server sees itself, with no script (the link page, issue 31; docs/decisions/0051-link-page.md): a view
 * when it serves the page, a click when a button's /links/go/<id> is followed. The rules of POST /api/event: never for
 * a bot, Do Not Track, Global Privacy Control or the signed-in admin; within the same rate limits (over them, simply
 * not counted: the visitor still gets the page); the same visitor hash; a view's source from its address (utm_source,
 * src=qr), its referrer and the in-app browser its user agent names.
 */
export async function countServed(
  services: Services,
  request: FastifyRequest,
  event: { type: 'view'; path: string; lang: Language } | { type: 'click'; platform: string; release: string | null } | { type: 'show-ticket'; show: string },
): Promise<void> {
  if (optedOutOrBot(request) || !services.audience.limiter.admit(request.ip).ok || (await fromAdmin(services, request))) return;
  if (!(await storeAdmits(services))) return;
  await storeEvent(
    services,
    request,
    {
      type: event.type,
      path: event.type === 'view' ? event.path : null,
      lang: event.type === 'view' ? event.lang : null,
      platform: event.type === 'click' ? event.platform : null,
      release: event.type === 'click' ? event.release : null,
      sample: null,
      show: event.type === 'show-ticket' ? event.show : null,
    },
    event.type === 'view' ? { address: request.url, referrer: header(request, 'referer') } : undefined,
  );
}

/** The site's own host: a referrer from it is no source. */
const SITE_HOST = new URL(siteConfig.siteUrl).hostname;

const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();

/** POST /api/event: validated, rate-limited, answered 204 whether counted or not. */
export async function eventRoute(app: FastifyInstance) {
  const { services } = app;
  const { audience } = services;
  // `navigator.sendBeacon` sends its text as text/plain: parsed here as JSON as every JSON body is (the depth
  // scan, then Fastify's own parser, which refuses __proto__ and constructor keys).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (request, body, done) => {
    if (nestsDeeperThan(body as string, MAX_JSON_DEPTH)) return done(refusal('too-deep'), undefined);
    parseJson(request, body as string, done);
  });

  typed(app).post(
    EVENT_URL,
    {
      bodyLimit: BODY_LIMITS.event,
      schema: { body: EventSchema },
      // Before the body is read: what is not counted, and a client over its rate, cost no parsing.
      onRequest: async (request, reply) => {
        if (optedOutOrBot(request)) return reply.code(204).send();
        const admitted = audience.limiter.admit(request.ip);
        if (!admitted.ok) throw refusal('too-many-events', { retryAfterMs: admitted.waitMs });
      },
    },
    async (request, reply) => {
      const event = request.body;
      const [path] = event.p.split('?') as [string];
      const page = (await fromAdmin(services, request)) ? undefined : await pageOf(services, path, event.l);
      if (page) {
        if (!(await storeAdmits(services))) throw refusal('too-many-events', { retryAfterMs: 60_000 });
        const content = event.s || event.a ? await services.pages.content() : undefined;
        const release = event.t === 'view' ? (page.release ?? null) : event.s && content && releaseBySlug(content, event.s) ? event.s : null;
        // A sample is counted by its id when the page shows it (a published sample), never by whatever id is sent.
        const sampled = event.t === 'sample-play' || event.t === 'sample-switch';
        const sample = sampled && content?.samples.some((s) => s.id === event.a) ? event.a! : null;
        if (sampled && !sample) return reply.code(204).send();
        // A show likewise: counted only when it is published (the snapshot holds published shows only).
        const ofShow = SHOW_EVENTS.includes(event.t);
        const show = ofShow && content?.shows.some((s) => s.id === event.a) ? event.a! : null;
        if (ofShow && !show) return reply.code(204).send();
        // The shows' pages count their views and their show events; nothing else happens there.
        if (!ofShow && event.t !== 'view' && SHOWS_PAGE.test(path)) return reply.code(204).send();
        await storeEvent(
          services,
          request,
          {
            type: event.t,
            path: event.t === 'view' ? page.path : null,
            lang: event.t === 'view' ? page.lang : null,
            platform: event.t === 'click' || event.t === 'play' ? event.k! : null,
            release,
            sample,
            show,
          },
          event.t === 'view' ? { address: event.p, referrer: event.r } : undefined,
        );
      }
      return reply.code(204).send();
    },
  );
}

const RangeQuery = z.strictObject({
  days: z
    .enum(AUDIENCE_RANGES.map(String) as [string, ...string[]], { error: `must be ${AUDIENCE_RANGES.join(', ')}` })
    .default('30')
    .transform((v) => Number(v) as AudienceRange),
});

/** The admin's numbers (inside the admin's plugin: behind the guard). */
export async function audienceReport(app: FastifyInstance) {
  const { audience } = app.services;
  typed(app).get('/audience', { schema: { querystring: RangeQuery } }, async (request) => audience.store.report(request.query.days));
  typed(app).get('/audience.csv', { schema: { querystring: RangeQuery } }, async (request, reply) => {
    const days = request.query.days;
    const today = dayDate(audience.store.today());
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="audience-${days}-days-${today}.csv"`)
      .send(await audience.store.csv(days));
  });
}
