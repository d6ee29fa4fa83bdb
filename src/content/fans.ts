/**
 * The artist's own list (issue 28, docs/decisions/0035-fans-by-email.md), as plain data the public page's sign-up form,
 * the server's pages and its store share: the consent line a person sees beside the form (each version's words kept,
 * since a subscriber's record names the version they agreed to), the form's limits and its minimum fill time.
 */
import type { Language } from './constants';
import { EMAIL_MAX } from './fields/checks';

/**
 * The consent line, by version. A new wording is a new version (the old ones stay here: a subscriber's record keeps
 * the version and the words they saw). `{artist}` is the artist's name.
 */
export const FAN_CONSENT: Record<number, Record<Language, string>> = {
  1: {
    en: 'I’ll e-mail you when {artist} has new music or a show. Every e-mail has a link that takes you off the list in one click.',
    ro: 'Îți scriu când {artist} are muzică nouă sau un concert. Fiecare e-mail are un link prin care ieși de pe listă cu un clic.',
  },
};
export const FAN_CONSENT_VERSION = 1;

/** The consent line of `version` in `lang`, with the artist's name. */
export const consentLine = (lang: Language, artist: string, version = FAN_CONSENT_VERSION) =>
  (FAN_CONSENT[version] ?? FAN_CONSENT[FAN_CONSENT_VERSION]!)[lang].replace('{artist}', artist);

/** The longest address the form takes (RFC 5321's path limit, as everywhere in Scena). */
export const FAN_EMAIL_MAX = EMAIL_MAX;

/**
 * A sign-up is taken only this long (ms) after its form's token was issued: typing an address takes a person longer; a
 * script that posts at once does not (the booking form's rule, server/booking/token.ts).
 */
export const FANS_MIN_FILL_MS = 2_000;

/** Where the page's sign-up form posts (server/routes/fans.ts). */
export const FANS_SIGNUP_URL = '/api/fans';
/** Where the page's sign-up form asks for its token when the address field is first focused. */
export const FANS_TOKEN_URL = '/api/fans/token';

/** Which sign-up the Newsletter section shows (the settings' `newsletter`): Scena's own list, or the Kit form. */
export const NEWSLETTER_CHOICES = ['own', 'kit'] as const;
export type NewsletterChoice = (typeof NEWSLETTER_CHOICES)[number];
