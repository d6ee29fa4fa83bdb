/**
 * The content-backend interface. UI code talks only to this; the adapters in ./backends
 * are the only code that knows about HTTP or Firebase.
 */
import type { FansAdmin } from './fans';
import type { AudienceRange, AudienceReport } from './audience';
import type { LettersApi } from './letters';
import type { InputOfKind, ValueOfKind } from './fields/declare';
import type { KINDS, LISTS, SINGLETONS } from './kinds';
import type { BookingService } from './booking';
import type { AudioItem, DocumentItem, MediaItem, PublicContent } from './model';
import type { ProblemWords } from './fields/messages';

export type BackendKind = 'server' | 'firebase' | 'none';

/**
 * What the public page reads: one snapshot of everything it shows (PublicContent, made from the declarations), so a
 * new kind of content needs no method here or in the adapters. Each adapter reads it its own way: Scena's server in one
 * request (GET /api/content), Firebase collection by collection from the declarations, none from the first-start content.
 */
export interface ContentReader {
  readonly kind: BackendKind;
  /**
   * Every singleton (absent when never saved), every shown list's public items in the admin's order, and the library
   * items the content may show: Scena's server answers only those the content points at (an unreleased cover stays
   * private); Firebase answers its libraries whole, and the page keeps what it uses (referencedMedia). Without
   * `all`, the kinds with a page of their own (the press kit) are left out: the home page does not show them.
   */
  content(options?: { all?: boolean }): Promise<PublicContent>;
  /**
   * Sends a visitor's booking request (docs/decisions/0025-booking-requests.md). Rejects with a BookingError naming
   * each field at fault, or the reason it was refused (too many, too soon). Absent on the `none` backend: the page
   * offers the e-mail link alone.
   */
  sendBooking?(request: BookingRequest): Promise<void>;
  /** A fresh signed token for the booking form (Scena's server only): a request is taken 3 s or more after it. */
  bookingToken?(): Promise<string>;
}

/** What a visitor's booking form sends: the bookings list's visitor fields, the honeypot and the form's token. */
export interface BookingRequest {
  name: string;
  email: string;
  service: BookingService;
  /** A live show's city and venue; '' (or left out) for studio work. */
  city?: string;
  venue?: string;
  /** '' when not given. */
  budget: string;
  /** YYYY-MM-DD, or '' when not given. */
  date: string;
  message: string;
  /** The page's language. */
  lang: 'en' | 'ro';
  /** The honeypot: a field hidden from people, always '' from a person. */
  website: string;
  /** bookingToken()'s answer (Scena's server); ignored elsewhere. */
  token?: string;
}

/** A field the server or the rules refused, with its message (English, the server's words). */
export interface BookingProblem extends Partial<ProblemWords> {
  field: string;
  message: string;
}

/**
 * A booking request refused. `code` is the server's (errors.ts: invalid, booking-too-soon, booking-token-expired,
 * booking-rate-limited, booking-site-busy, booking-inbox-full, body-too-large …; `network` when unreachable);
 * `problems` names each field at fault; `retryAfter` is in seconds when the server said when to try again.
 */
export class BookingError extends Error {
  override name = 'BookingError';
  constructor(
    message: string,
    readonly code: string,
    readonly problems: BookingProblem[] = [],
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

export const NO_BACKEND_WARNING = 'Scena: no content backend is configured, so the admin and dynamic stats are not enabled.';

/** The signed-in account, as the admin UI sees it. */
export interface AuthUser {
  email: string;
  /** True only when the e-mail equals the configured admin e-mail (case-insensitive). */
  isAdmin: boolean;
}

/** An error whose message is fit to show the admin (the backend's own wording, or ours). */
export class BackendError extends Error {
  override name = 'BackendError';
  constructor(
    message: string,
    readonly code?: string,
    readonly field?: string,
    /** The field's problem by its id and parameters (src/content/fields/messages.ts), when the backend gave them. */
    readonly problem?: ProblemWords,
  ) {
    super(message);
  }
}

/** The names of the singletons ('settings', 'stats') and of the lists ('releases', 'collaborators'). */
export type SingletonName = (typeof SINGLETONS)[number]['name'];
/** A kind's value as the API takes and gives it, from its declaration (a merged singleton: any subset). */
export type ValueOfName<N extends ContentKindName> = ValueOfKind<Extract<(typeof KINDS)[number], { name: N }>>;
/** A kind's value as a write takes it (a list item may leave fields out: they are stored empty). */
export type InputOfName<N extends ContentKindName> = InputOfKind<Extract<(typeof KINDS)[number], { name: N }>>;
/** A list's item as stored: its value and its id. */
export type ItemOfName<N extends ContentListName> = ValueOfName<N> & { id: string };

/**
 * What the admin area needs. Loaded lazily, only by the admin app. Every kind goes through the same few
 * methods, by its name: a new kind needs its declaration, not new methods here or in the adapters.
 */
export interface ContentAdmin {
  readonly kind: BackendKind;
  signIn(email: string, password: string): Promise<AuthUser>;
  signOut(): Promise<void>;
  /** Calls back at once with the current state, then on every change. Returns the unsubscribe. */
  onAuthChange(callback: (user: AuthUser | null) => void): () => void;
  /** A singleton, or undefined when it does not exist. */
  read<N extends SingletonName>(kind: N): Promise<ValueOfName<N> | undefined>;
  /** Stores a singleton (a merged one keeps the fields the value leaves out). */
  save<N extends SingletonName>(kind: N, value: ValueOfName<N>): Promise<void>;
  /** A list's items, in the admin's order. */
  list<N extends ContentListName>(kind: N): Promise<ItemOfName<N>[]>;
  /** Adds an item at the end of a list; refused when the list is full. */
  add<N extends ContentListName>(kind: N, value: InputOfName<N>): Promise<ItemOfName<N>>;
  update<N extends ContentListName>(kind: N, id: string, value: InputOfName<N>): Promise<void>;
  remove(kind: ContentListName, id: string): Promise<void>;
  /** A list's new order: every id once. */
  reorder(kind: ContentListName, ids: string[]): Promise<void>;
  /**
   * Changes the signed-in admin's password; every other session ends, this one stays. A refusal names
   * its field: `currentPassword` (not right) or `newPassword` (the policy).
   */
  changePassword(currentPassword: string, newPassword: string): Promise<void>;
  /** Ends every session of the account, this one included. Absent where the backend cannot do it. */
  signOutEverywhere?(): Promise<void>;

  /**
   * History (docs/decisions: history and undo). Every admin write of a singleton or a list item keeps
   * a version; these read and restore them. `id` names a list item and is absent for a singleton.
   */
  history(kind: ContentKindName, id?: string): Promise<HistoryEntry[]>;
  /**
   * Makes a kept version the current one; the restore is itself a new version. For a removed list item
   * it brings the item back, with its id, at the end of the list. A version older than the last
   * HISTORY_LIMIT is refused (BackendError code 'not-found').
   */
  restoreVersion(kind: ContentKindName, id: string | undefined, version: number): Promise<void>;
  /** The items removed from a list that can still be restored, most recently removed first. */
  removedItems(list: ContentListName): Promise<RemovedItem[]>;

  /**
   * Uploads one image file into the media library and answers the item made of it (alt texts empty).
   * Only where the backend stores files (Scena's server); Firebase has no file storage here, so an image
   * is added there by its https address with `add('media', …)`. Aborting the signal cancels the upload.
   */
  uploadImage?(file: File, options?: UploadOptions): Promise<MediaItem>;
  /**
   * Uploads one file into the library, an image or an audio file (the server tells them apart by their content): an
   * image answers its item as uploadImage does; an audio file answers at once with its item in status `processing`
   * (src/content/kinds/audio.ts), made ready or failed in the background. Scena's server only.
   */
  uploadMedia?(file: File, options?: UploadOptions): Promise<UploadedMedia>;
  /** Where an audio item's processing is (polled while it is `processing`). Scena's server only. */
  audioProgress?(id: string): Promise<AudioProgress>;
  /** Processes a failed audio item again; answers the item, `processing` again. Scena's server only. */
  retryAudio?(id: string): Promise<AudioItem>;

  /** The address of the inbox's CSV export (a GET with the admin's session; Scena's server only). */
  readonly inboxCsvUrl?: string;
  /** How the e-mail notices of booking requests are doing (Scena's server only): the outbox's lasting failures. */
  mailStatus?(): Promise<MailStatus>;
  /** How the scheduled backups are doing (Scena's server only; docs/decisions/0029-backups-by-themselves.md). */
  backupStatus?(): Promise<BackupStatus>;
  /** The first-run checklist's server lines (GET /api/admin/setup; Scena's server only: on Firebase they do not apply). */
  setupStatus?(): Promise<SetupStatus>;
  /**
   * Fan numbers over the last `days` days, today included (docs/decisions/0026-audience-without-cookies.md).
   * Only Scena's server counts visits: the Firebase and none backends have neither.
   */
  audience?(days: AudienceRange): Promise<AudienceReport>;
  /** Where the same days download as CSV (one line per day), for a link. */
  audienceCsvUrl?(days: AudienceRange): string;
  /** The artist's own list (issue 28): Scena's server only; Firebase keeps the Kit form. */
  readonly fans?: FansAdmin;
  /** Letters to the fans (Scena's server only; src/content/letters.ts). */
  readonly letters?: LettersApi;
}

/** The outbox of booking notices (docs/decisions/0025-booking-requests.md), as the admin's inbox shows it. */
export interface MailStatus {
  /** Whether SMTP_URL and MAIL_FROM are set; false: requests are only in the inbox. */
  configured: boolean;
  /** Notices waiting for their next try (the mail server was down or refused). */
  pending: number;
  /** Notices still failing after 10 minutes of retries: the booking's id, tries so far, the last error, when first tried and next. */
  failing: { bookingId: string; attempts: number; lastError: string; firstTriedAt: string; nextAttemptAt: string }[];
}

/** What the server knows for the dashboard's first-run checklist (docs/decisions/0032). */
export interface SetupStatus {
  /** SMTP_URL and MAIL_FROM are set: booking requests arrive by e-mail too. */
  bookingMail: boolean;
  /** The page takes sign-ups to the own list (mail set up), or the Kit form was chosen on purpose. */
  fansList?: boolean;
  /** A verified scheduled backup finished in the last seven days. */
  backupThisWeek: boolean;
  /** The signed-in account's password was changed since the account was made. */
  passwordChanged: boolean;
}

/** The scheduled backups, as the dashboard shows them (GET /api/admin/backups). */
export interface BackupStatus {
  /** off: not scheduled; failed: the last attempt or its off-site copy failed; missing: none yet, or the newest is over 36 hours old. */
  state: 'off' | 'ok' | 'failed' | 'missing';
  /** What happened and what to do, in words. */
  message: string;
}

/** What an upload made: an image, or an audio item (processing). */
/** What an upload made: an image, an audio item, or a document (a PDF or an SVG: docs/decisions/0055). */
export type UploadedMedia = { kind: 'image'; item: MediaItem } | { kind: 'audio'; item: AudioItem } | { kind: 'document'; item: DocumentItem };

/** GET /api/admin/audio/<id>/progress: the item's status, how far its processing is (0–1), and why it failed ('' else). */
export interface AudioProgress {
  status: 'ready' | 'processing' | 'failed';
  fraction: number;
  problem: string;
}

/**
 * Files larger than this go to Scena's server in pieces of this size (server/media/chunked.ts): each request then
 * needs ~1.1 Mbit/s to arrive within the server's 30 s, and a dropped connection costs one piece.
 */
export const UPLOAD_PIECE_BYTES = 4 * 1024 * 1024;

export interface UploadOptions {
  /** Bytes sent so far and in all, as the upload goes. */
  onProgress?(loaded: number, total: number): void;
  signal?: AbortSignal;
}

/** The kinds of content, by name ('settings', 'stats', 'releases', 'collaborators'). */
export type ContentKindName = (typeof KINDS)[number]['name'];
export type ContentListName = (typeof LISTS)[number]['name'];

/** How many versions of each singleton or list item are kept and can be restored. */
export const HISTORY_LIMIT = 50;

/** One version of a singleton or of a list item, as it was right after a write. */
export interface HistoryEntry {
  /** 1, 2, 3 … per singleton or list item; never reused. */
  version: number;
  /** When it was written (ISO 8601, UTC). */
  at: string;
  action: 'create' | 'update' | 'remove' | 'restore';
  /** The whole value after this write (without the id); null after a remove. */
  value: Record<string, unknown> | null;
  /** The fields that differ from the version before ("links.spotify" for a link), for "what changed". */
  changed: string[];
}

export interface RemovedItem {
  id: string;
  /** When it was removed (ISO 8601, UTC). */
  at: string;
  /** The item as it was before it was removed (without the id). */
  value: Record<string, unknown>;
  /** The version that holds it, for restoreVersion. */
  version: number;
}
