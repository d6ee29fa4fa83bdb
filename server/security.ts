/** Response headers and the same-origin rule for state changes. */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { siteConfig } from '../site.config';
import { FANS_SIGNUP_URL } from '../src/content/fans';
import { refusal } from './errors';

/** sha256 sources for every inline <style> element of the page template (CSP without 'unsafe-inline'). */
export function inlineStyleHashes(html: string): string[] {
  return [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`);
}

/** The public page's CSP; `connect` adds origins its backend reads from (Firestore on a Firebase build). */
export function contentSecurityPolicy(styleHashes: string[], connect: string[] = []): string {
  const newsletter = new URL(siteConfig.newsletter.scriptUrl).origin;
  return [
    "default-src 'self'",
    `script-src 'self' ${newsletter}`,
    `style-src 'self' ${styleHashes.join(' ')}`.trim(),
    "img-src 'self' data: https:",
    "font-src 'self'",
    ["connect-src 'self'", ...connect, 'https://open.spotify.com', newsletter].join(' '),
    'frame-src https://open.spotify.com https://www.youtube-nocookie.com',
    "form-action 'self' https:",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The admin app's page: its own script, styles and API, nothing from anywhere else. The third-party
 * script, frames and connections above (the newsletter, Spotify, YouTube) are the public page's
 * only: a compromised newsletter host must not run code where the admin is signed in.
 * `connect` adds origins the admin's backend talks to (Firebase's, on Firebase Hosting).
 */
export function adminContentSecurityPolicy(styleHashes: string[], connect: string[] = []): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    `style-src 'self' ${styleHashes.join(' ')}`.trim(),
    // The media library: uploads (self), their placeholders (data:), a file's preview before it is sent
    // (blob:) and images given by their https:// address (Firebase's way, also accepted by the server).
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    ["connect-src 'self'", ...connect].join(' '),
    // The Letters page frames its preview (GET /api/admin/letters/:id/preview, sandboxed, its own CSP): same origin only.
    "frame-src 'self'",
    "form-action 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The headers of every response over plain HTTP (HTTPS adds HSTS). */
export function baseHeaders(csp: string): Record<string, string> {
  return {
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  };
}

export function securityHeaders(csp: string) {
  const base = baseHeaders(csp);
  return (request: FastifyRequest, reply: FastifyReply) => {
    reply.headers(base);
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=63072000; includeSubDomains');
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Where visitors send booking requests (routes/booking.ts). */
export const BOOKING_URL = '/api/booking';

/** The fans' list (routes/fans.ts): the sign-up, a confirm link's button, an unsubscribe link's POST, the admin's import. */
const FAN_CONFIRM_POST = /^\/fans\/confirm\/[^/?]+$/;
const FAN_UNSUBSCRIBE_POST = /^\/fans\/unsubscribe\/[^/?]+$/;
const FAN_IMPORT_URL = /^\/api\/admin\/fans\/import(\?commit=1)?$/;

/** Where images are uploaded (routes/media.ts). */
export const UPLOAD_URL = '/api/admin/media';
/** Where an upload's pieces go (routes/media.ts pieceUploads). */
export const PIECE_URL = /^\/api\/admin\/uploads\/[0-9a-f]{32}\?offset=[0-9]+$/;
/** Where the public script reports (routes/audience.ts): `navigator.sendBeacon` sends text/plain. */
export const EVENT_URL = '/api/event';

/**
 * State changes only by non-GET requests with a JSON body (or, at UPLOAD_URL, a multipart form) from the site's own origin.
 * A cross-site form can send neither a JSON content type nor a same-origin Origin, and a cross-site
 * fetch with a JSON body needs a CORS preflight, which this server never grants.
 */
export function sameOriginJson(request: FastifyRequest): void {
  if (SAFE_METHODS.has(request.method)) return;
  // Leaving the fans' list (RFC 8058's one click): a mail provider POSTs it from its own servers or pages, cross-site,
  // without a cookie or a form token, as a form (urlencoded or multipart) or with no body. The link's own token is
  // the authority; it changes nothing but that person's leaving.
  if (request.method === 'POST' && FAN_UNSUBSCRIBE_POST.test(request.url)) return;
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') throw refusal('cross-site');
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== `${request.protocol}://${request.host}`) {
    throw refusal('cross-origin');
  }
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  // The one form that is not JSON: an image upload. A cross-site form could send it, but not with this
  // origin (checked above) nor with the admin's SameSite=Strict cookie.
  if (type === 'multipart/form-data' && request.method === 'POST' && request.url === UPLOAD_URL) return;
  // A piece of an upload (routes/media.ts pieceUploads): no form can send this type, and a cross-site fetch with it
  // needs a CORS preflight, which this server never grants.
  if (type === 'application/octet-stream' && request.method === 'PUT' && PIECE_URL.test(request.url)) return;
  // The other: a booking request from the form without JavaScript (a plain form post). A cross-site form sends
  // its own Origin (refused above); without an Origin or Sec-Fetch-Site it is an old browser or a script, which
  // the form's token, its limits and its spam checks meet like any other.
  if (type === 'application/x-www-form-urlencoded' && request.method === 'POST' && request.url === BOOKING_URL) return;
  // The fans' sign-up without JavaScript and the confirm page's button: plain form posts, from the site's own pages
  // (the origin checks above hold); the sign-up meets its token, limits and honeypot like the booking form.
  if (type === 'application/x-www-form-urlencoded' && request.method === 'POST' && (request.url === FANS_SIGNUP_URL || FAN_CONFIRM_POST.test(request.url)))
    return;
  // A CSV export imported into the Fans page: no form can send text/csv, and a cross-site fetch with it needs a CORS
  // preflight, which this server never grants.
  if (type === 'text/csv' && request.method === 'POST' && FAN_IMPORT_URL.test(request.url)) return;
  // A beacon's JSON arrives as text/plain (no preflight). It changes nothing but a count, and the origin
  // checks above still hold: another site's page cannot make its visitors count here.
  if (type === 'text/plain' && request.method === 'POST' && request.url === EVENT_URL) return;
  if (type !== 'application/json') throw refusal('unsupported-media-type');
}
