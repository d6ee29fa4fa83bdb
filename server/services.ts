/**
 * What the routes share, made once per app and decorated on it as `app.services`. Its own module
 * so that routes import the type without importing app.ts, which imports them.
 */
import type { Config } from './config';
import type { EventLimiter } from './audience/limits';
import type { AudienceStore } from './audience/store';
import type { DeviceCookies } from './auth/device-cookie';
import type { HashQueue } from './auth/hash-queue';
import type { SessionStore } from './auth/sessions';
import type { LoginThrottle } from './auth/throttle';
import type { Database } from './db/database';
import type { ContentRepo } from './db/content-repo';
import type { MediaFiles } from './media/files';
import type { WorkQueue } from './media/queue';
import type { Uploads } from './media/upload';
import type { AudioLibrary } from './media/audio/library';
import type { PageCache, Site } from './pages';
import type { Outbox } from './booking/outbox';
import type { BookingStore } from './booking/store';
import type { BookingTokens } from './booking/token';
import type { FanList } from './fans/list';
import type { ConfirmationSender, FanLinks } from './fans/mail';
import type { NewsletterChoice } from '../src/content/fans';
import type { LetterSender } from './fans/letter-sender';
import type { PressKitFiles } from './press/kit';

export interface Services {
  config: Config;
  db: Database;
  content: ContentRepo;
  sessions: SessionStore;
  throttle: LoginThrottle;
  /** Bounds the argon2 work done at once (server/auth/hash-queue.ts). */
  hashing: HashQueue;
  devices: DeviceCookies;
  site?: Site;
  pages: PageCache;
  /** The uploaded images and audio: their folder, the one-at-a-time image work, the upload itself, the audio library and its queue (server/media/). */
  media: { files: MediaFiles; queue: WorkQueue; uploads: Uploads; audio: AudioLibrary };
  /** The press kit's ZIPs, one per change of what it holds (server/press/kit.ts). */
  press: PressKitFiles;
  /** Visitors' booking requests: the form's tokens, their counted storing, their e-mail outbox (server/booking/). */
  booking: { tokens: BookingTokens; store: BookingStore; outbox: Outbox; now: () => number };
  /**
   * The artist's own list (server/fans/, docs/decisions/0035): the subscribers, the sign-up form's tokens, the links in
   * mail (`links.unsubscribeUrl` for a letter's List-Unsubscribe), the confirmation mails (none without mail set up),
   * the Settings' choice, and whether the page offers the list (mail set up and the own list chosen).
   */
  fans: {
    list: FanList;
    formTokens: BookingTokens;
    links: FanLinks;
    sender?: ConfirmationSender;
    choice(): Promise<NewsletterChoice>;
    offered(): Promise<boolean>;
    now: () => number;
  };
  /** Fan numbers: the events' storage and report, and how many events are taken (server/audience/). */
  audience: { store: AudienceStore; limiter: EventLimiter };
  /** Letters to the fans: their storage, queue and sending (server/fans/letter-sender.ts). */
  letters: LetterSender;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}
