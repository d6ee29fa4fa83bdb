/**
 * What the API description (server/openapi.ts) cannot read from a route's own schema, in one place: each route whose
 * input is checked in its handler (and why), the refusals a route gives beyond those its shape implies, and the answers
 * that are not a plain 200 of JSON. A route that reads params or a body with neither a route schema nor an entry here
 * fails server/openapi.test.ts, which names what to add.
 */
import { z } from 'zod';
import { LANGUAGES } from '../src/content/constants';
import { FAN_EMAIL_MAX, FANS_SIGNUP_URL } from '../src/content/fans';
import { SLUG } from '../src/content/fields/checks';
import { RELEASE_SECTION } from '../src/content/release-cycle';
import { SHOW_SECTION } from '../src/content/shows';
import { CONTENT_KINDS } from './content-kinds';
import type { RefusalCode } from './errors';
import { VisitorSchema } from './routes/booking';
import { LETTER_ID, LetterBody, SendBody } from './routes/letters';
import { AUDIO_FILE, DOCUMENT_FILE, SHARE_FILE, VARIANT_FILE } from './media/files';
import { PieceQuery, StartSchema, UploadParams } from './routes/media';
import { BOOKING_URL } from './security';

export interface Described {
  /** Why the route checks its input itself (shown as the operation's description). */
  reason?: string;
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  /** The media types a body may have when it is not only JSON. */
  consumes?: string[];
  /** Refusals beyond those the route's shape implies (errors.ts codes). */
  refusals?: RefusalCode[];
  /** The answers that are not refusals, by status, when not a plain 200 of JSON. */
  answers?: Record<number, string>;
}

/** Sent with no body (or an empty JSON object): whatever arrives is not read. */
const NO_BODY = z.strictObject({}).nullable().describe('No body is read: send none (or {}).');
const FORM = ['application/json', 'application/x-www-form-urlencoded'];
const LetterParams = z.object({ id: z.string().regex(LETTER_ID) });
const LinkToken = z.object({ token: z.string().describe('The link’s token: <subscriber id>.<22 base64url characters>') });
const PageSlug = z.object({ slug: z.string().regex(SLUG).max(100) });
const Wildcard = z.object({ '*': z.string() });
/** What checking a whole file can refuse: a one-request upload's and an upload in pieces' at its finish. */
const FILE_REFUSALS = [
  'empty',
  'corrupt',
  'too-many-pixels',
  'unsupported-type',
  'not-audio',
  'truncated',
  'undecodable',
  'too-long',
  'list-full',
  'unsafe-document',
  'protected-document',
] as const;

const htmlPage = 'An HTML page.';
const moved = 'Moved to the address with the slash (or without index.html).';
const notFoundPage = 'The not-found page, in the address’s language (HTML).';

/** Every page route's description: the slug is checked in the handler, and anything else is the not-found page. */
function pageRoutes(): Record<string, Described> {
  const routes: Record<string, Described> = {};
  const reason = 'A page: the slug is checked in its handler (SLUG); any other address there is the not-found page, in HTML.';
  for (const lang of LANGUAGES) {
    for (const base of [`/${lang}/${RELEASE_SECTION[lang]}`, `/${lang}/${SHOW_SECTION[lang]}`]) {
      routes[`GET ${base}/:slug/`] = { reason, params: PageSlug, answers: { 200: htmlPage, 404: notFoundPage } };
      routes[`GET ${base}/:slug`] = {
        reason: `${reason} Without the slash: a redirect${base.endsWith(SHOW_SECTION[lang]) ? ', or `<slug>.ics` the show in a calendar' : ''}.`,
        params: z.object({ slug: z.string() }),
        answers: { 200: 'The show as an iCalendar file (`<slug>.ics`).', 301: moved, 404: notFoundPage },
      };
      routes[`GET ${base}`] = { answers: { 301: moved } };
    }
  }
  // The link page's buttons (issue 31; docs/decisions/0051-link-page.md).
  routes['GET /links/go/:id'] = {
    reason:
      'A link page button: the id (r-<platform>, t-<show id>, l-<link id>) is looked up in the current content in its handler; the click is counted and the answer is a 303 to that target, never to any other address.',
    params: z.object({ id: z.string().regex(/^[rtl]-[A-Za-z0-9_-]{1,100}$/) }),
    answers: { 303: 'To the button’s target (Location), counted.', 404: notFoundPage },
  };
  return routes;
}

export const DESCRIBED: Record<string, Described> = {
  // Any other address under /api/: a 404 in the problem format, whatever the method.
  ...Object.fromEntries(
    ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'QUERY'].map((method) => [
      `${method} /api/*`,
      {
        reason: 'No such address: every method answers 404 `not-found` (after the same-origin rule and the body’s type and size).',
        params: Wildcard,
        body: z.unknown(),
        answers: {},
        refusals: ['not-found', 'cross-site', 'cross-origin', 'unsupported-media-type', 'too-large', 'bad-json', 'empty-body', 'too-deep'],
      },
    ]),
  ),
  'GET /*': {
    reason: 'The build’s static files (hashed assets immutable, precompressed); any other address is a plain-text 404.',
    params: Wildcard,
    answers: { 200: 'The file.', 404: 'Not found (plain text).' },
  },
  'GET /admin': { answers: { 200: 'The admin app’s page (HTML).' } },
  'GET /admin/*': {
    reason: 'The admin app’s page for any address under /admin/: the app routes it.',
    params: Wildcard,
    answers: { 200: 'The admin app’s page (HTML).' },
  },
  ...pageRoutes(),
  // A list's add (routes/content.ts): 201 with the item.
  ...Object.fromEntries(
    Object.entries(CONTENT_KINDS)
      .filter(([name, kind]) => kind.shape === 'list' && name !== 'media')
      .map(([name]) => [`POST /api/admin/${name}`, { answers: { 201: '`{item}`' }, refusals: ['list-full', 'slug-taken'] }]),
  ),
  'GET /readyz': { answers: { 200: 'Ready.', 503: 'Not ready: `{status: "unavailable", checks}` names the check that failed.' } },
  'POST /api/session': { refusals: ['login-failed', 'not-authorized', 'too-many-attempts', 'busy'] },
  'DELETE /api/session': { reason: 'Sign-out: no body is read.', body: NO_BODY },
  'DELETE /api/admin/sessions': { reason: 'Sign out everywhere: no body is read.', body: NO_BODY },
  'POST /api/admin/password': { refusals: ['wrong-password', 'too-many-attempts', 'busy'] },
  [`POST ${BOOKING_URL}`]: {
    reason:
      'Checked in its handler, not by a route schema: a plain form post (no JavaScript) gets the form again with what was typed and each problem named, as an HTML page with the refusal’s status.',
    body: VisitorSchema.and(z.object({ website: z.string().optional(), token: z.string().optional() })),
    consumes: FORM,
    refusals: ['booking-too-soon', 'booking-token-expired', 'booking-token-invalid', 'booking-rate-limited', 'booking-site-busy', 'booking-inbox-full'],
    answers: { 200: 'A plain form post: the thank-you page, or the form again to press Send once more (HTML).', 201: '`{ok: true}`' },
  },
  'GET /api/fans/token': { refusals: ['fans-off'] },
  [`POST ${FANS_SIGNUP_URL}`]: {
    reason: 'Checked in its handler, not by a route schema: a plain form post (no JavaScript) gets the form again, as an HTML page with the refusal’s status.',
    body: z.strictObject({
      email: z.string().max(FAN_EMAIL_MAX),
      lang: z.enum(LANGUAGES).optional(),
      website: z.string().optional(),
      token: z.string().optional(),
    }),
    consumes: FORM,
    refusals: ['fans-off', 'fans-too-soon', 'fans-token-expired', 'fans-token-invalid', 'fans-rate-limited', 'fans-site-busy', 'fans-unavailable'],
    answers: { 200: 'A plain form post: “check your inbox”, or the form again (HTML).', 201: '`{ok: true}`' },
  },
  'GET /fans/confirm/:token': {
    reason: 'A subscriber’s link: any token is read, and one that is not theirs is the “invalid link” page (HTML 404).',
    params: LinkToken,
    answers: { 200: htmlPage, 404: 'The invalid link’s page (HTML).', 410: 'The link is over 7 days old (HTML).' },
  },
  'POST /fans/confirm/:token': {
    reason: 'The confirm page’s button (a plain form post): any token is read; no body is.',
    params: LinkToken,
    body: NO_BODY,
    consumes: FORM,
    answers: { 200: htmlPage, 404: 'The invalid link’s page (HTML).', 410: 'The link is over 7 days old (HTML).' },
  },
  'GET /fans/unsubscribe/:token': {
    reason: 'A subscriber’s link: any token is read, and one that is not theirs is the “invalid link” page (HTML 404).',
    params: LinkToken,
    answers: { 200: htmlPage, 404: 'The invalid link’s page (HTML).' },
  },
  'POST /fans/unsubscribe/:token': {
    reason: 'Unsubscribes at once: the button, or RFC 8058’s one click from a mail provider (any body, cross-site, no cookie).',
    params: LinkToken,
    body: z.unknown(),
    consumes: ['application/x-www-form-urlencoded', 'multipart/form-data', 'application/json'],
    answers: { 200: htmlPage, 404: 'The invalid link’s page (HTML).' },
  },
  'POST /api/event': { refusals: ['too-many-events'], answers: { 204: 'Counted, or not (a bot, Do Not Track, the admin).' } },
  'POST /api/admin/media': {
    reason:
      'An upload: a multipart form with one file in the field `file` (read as it arrives, the session checked before the body), or JSON for an image given by its https:// address (checked as any list’s add).',
    body: CONTENT_KINDS.media!.shape === 'list' ? CONTENT_KINDS.media!.writeSchema : undefined,
    consumes: ['multipart/form-data', 'application/json'],
    refusals: ['no-file', 'one-file', ...FILE_REFUSALS],
    answers: {
      200: 'The file was there already: `{image}`, `{audio}` or `{document}`.',
      201: '`{image}`, `{document}` (a PDF or an SVG) or `{item}`.',
      202: '`{audio}`, in status `processing`.',
    },
  },
  'POST /api/admin/uploads': { reason: 'Checked in its handler (parseBody).', body: StartSchema, refusals: ['uploads-open'], answers: { 201: '`{upload}`' } },
  'GET /api/admin/uploads/:id': { reason: 'Checked in its handler: an unknown id says the upload ended.', params: UploadParams },
  'PUT /api/admin/uploads/:id': {
    reason: 'A piece of an upload: its bytes as application/octet-stream (at most 4 MB), counted as they arrive; the session checked before the body.',
    params: UploadParams,
    querystring: PieceQuery,
    body: z.string().describe('The piece’s bytes.'),
    consumes: ['application/octet-stream'],
    refusals: ['upload-offset', 'upload-busy'],
  },
  'POST /api/admin/uploads/:id/finish': {
    reason: 'Checked in its handler; no body is read. The whole file is then checked as one upload.',
    params: UploadParams,
    body: NO_BODY,
    refusals: ['upload-incomplete', ...FILE_REFUSALS],
    answers: { 200: 'The file was there already.', 201: '`{image}` or `{document}`', 202: '`{audio}`, in status `processing`.' },
  },
  'DELETE /api/admin/uploads/:id': { reason: 'Checked in its handler; no body is read.', params: UploadParams, body: NO_BODY, answers: { 204: 'Cancelled.' } },
  'POST /api/admin/audio/:id/retry': { refusals: ['not-found'] },
  'GET /api/admin/audio/:id/progress': { refusals: ['not-found'] },
  'GET /api/admin/fans': {
    reason: 'Its query is read leniently in its handler: `q` cut to 254 characters, `limit` 1 to 500 (else 100).',
    querystring: z.object({ q: z.string().optional(), limit: z.string().optional() }),
  },
  'DELETE /api/admin/fans/:id': {
    reason: 'Checked in its handler: an id that is not a subscriber’s number is a 404; no body is read.',
    params: z.object({ id: z.string().regex(/^[1-9][0-9]{0,15}$/) }),
    body: NO_BODY,
    answers: { 204: 'Erased.' },
  },
  'POST /api/admin/fans/import': {
    reason: 'A Kit or Mailchimp CSV export as the body, read as it arrives (40 MB at most); `?commit=1` imports it, else a preview.',
    querystring: z.object({ commit: z.literal('1').optional() }),
    body: z.string().describe('The CSV file.'),
    consumes: ['text/csv'],
    refusals: ['fans-import-too-large', 'fans-import-not-csv', 'fans-import-no-email', 'fans-unavailable'],
  },
  'POST /api/admin/letters': { reason: 'Checked in its handler (parseBody).', body: LetterBody, answers: { 201: '`{letter, problems}`' } },
  'GET /api/admin/letters/:id': { reason: 'Checked in its handler: an unknown id is a 404 naming the letter.', params: LetterParams },
  'PUT /api/admin/letters/:id': {
    reason: 'Checked in its handler (the id, then parseBody).',
    params: LetterParams,
    body: LetterBody,
    refusals: ['letter-state'],
  },
  'DELETE /api/admin/letters/:id': { reason: 'Checked in its handler; no body is read.', params: LetterParams, body: NO_BODY, refusals: ['letter-state'] },
  'GET /api/admin/letters/:id/preview': {
    reason: 'Checked in its handler; `lang` is ro, else en.',
    params: LetterParams,
    querystring: z.object({ lang: z.enum(LANGUAGES).optional() }),
    answers: { 200: 'The mail’s HTML.' },
  },
  'POST /api/admin/letters/:id/test': {
    reason: 'Checked in its handler; no body is read.',
    params: LetterParams,
    body: NO_BODY,
    refusals: ['letter-problems', 'mail-not-set-up'],
  },
  'POST /api/admin/letters/:id/send': {
    reason: 'Checked in its handler (the id, then parseBody).',
    params: LetterParams,
    body: SendBody,
    refusals: ['letter-problems', 'mail-not-set-up', 'letter-state'],
  },
  'POST /api/admin/letters/:id/unschedule': {
    reason: 'Checked in its handler; no body is read.',
    params: LetterParams,
    body: NO_BODY,
    refusals: ['letter-state'],
  },
  'POST /api/admin/letters/:id/cancel': { reason: 'Checked in its handler; no body is read.', params: LetterParams, body: NO_BODY, refusals: ['letter-state'] },
  'GET /media/:name': {
    reason:
      'Only names of the shapes the server writes are served (media/files.ts); any other is a plain-text 404. Audio answers Range requests. A document (`<hash>.pdf`, `<hash>.svg`) is a download (Content-Disposition: attachment) with a CSP that runs nothing.',
    params: z.object({ name: z.string().regex(new RegExp([VARIANT_FILE, SHARE_FILE, AUDIO_FILE, DOCUMENT_FILE].map((r) => `(?:${r.source})`).join('|'))) }),
    answers: { 200: 'The file.', 206: 'The range asked for.', 404: 'Not found (plain text).', 416: 'Range Not Satisfiable (plain text), with the size.' },
  },
};
