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

/**
 * Whether a page offers Scena's own list (its sign-up form): on Scena's server with mail set up, unless Settings chose
 * the Kit form. The home page's Newsletter and the link page ask the same.
 */
export const offersOwnList = (serverMail: boolean, settings: { newsletter?: string } | undefined): boolean => serverMail && settings?.newsletter !== 'kit';

/** A person on the list as the Fans page shows them (GET /api/admin/fans). */
export interface FanSummary {
  id: number;
  email: string;
  lang: Language;
  status: 'waiting' | 'confirmed' | 'unsubscribed' | 'bounced';
  /** ms since 1970. */
  signedUpAt: number;
  source: 'form' | 'import';
  /** The form's page, or the import's origin ('kit', 'mailchimp', 'csv'). */
  sourceDetail: string;
  confirmedAt?: number;
  /** Letters sent to them. */
  letters: number;
}

/** The Fans page's read: whether the page offers the list (and why not), the counts, sign-ups per week, the people found. */
export interface FansReport {
  /** SMTP_URL and MAIL_FROM are set. */
  mail: boolean;
  choice: NewsletterChoice;
  offered: boolean;
  counts: Record<FanSummary['status'], number>;
  /** Sign-ups per week (form and import), the last 12 weeks, oldest first; each week starts on a Monday (UTC). */
  weeks: { start: string; count: number }[];
  rows: FanSummary[];
  /** How many match the search (the rows are the newest of them). */
  total: number;
}

/** What an import did or would do (POST /api/admin/fans/import). */
export interface ImportReport {
  origin: 'kit' | 'mailchimp' | 'csv';
  /** Rows in the file (the header not counted). */
  rows: number;
  new: number;
  existing: number;
  erased: number;
  /** Marked unsubscribed, cleaned, bounced… in the file: left out. */
  notSubscribed: number;
  /** The same address twice in the file: taken once. */
  repeated: number;
  invalid: { count: number; shown: { line: number; value: string }[] };
  /** 0 for a preview. */
  imported: number;
}

/** The Fans page's calls (Scena's server only). */
export interface FansAdmin {
  read(query: string): Promise<FansReport>;
  erase(id: number): Promise<void>;
  /** A preview, or (commit) the import itself, of a CSV file. */
  importCsv(file: Blob, commit: boolean): Promise<ImportReport>;
  /** The confirmed as CSV, for a download link. */
  readonly csvUrl: string;
}
