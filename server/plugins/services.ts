/** The first plugin: opens the database and makes every service once, for the whole app. */
import type { Config } from '../config';
import { deviceCookies } from '../auth/device-cookie';
import { HASH_QUEUE_DEFAULTS, hashQueue, type HashQueueOptions } from '../auth/hash-queue';
import { sessionStore } from '../auth/sessions';
import { loginThrottle } from '../auth/throttle';
import { openDatabase } from '../db/client';
import { contentRepo } from '../db/content-repo';
import { mediaFiles } from '../media/files';
import { pressKitFiles } from '../press/kit';
import { mediaResolver } from '../press/resolve';
import { dirname, join } from 'node:path';
import { adminContent, publicContent } from '../media/public';
import { workQueue } from '../media/queue';
import { shareImages } from '../media/share';
import { uploads } from '../media/upload';
import { audioLibrary } from '../media/audio/library';
import { loadSite, pageCache } from '../pages';
import { siteConfig } from '../../site.config';
import { EVENT_LIMITS, eventLimiter, type EventLimits } from '../audience/limits';
import { audienceStore } from '../audience/store';
import type { Services } from '../services';
import { shared } from './shared';
import { bookingOutbox, OUTBOX_TIMING, type OutboxTiming } from '../booking/outbox';
import { BOOKING_LIMITS, bookingStore, type BookingLimits } from '../booking/store';
import { bookingTokens } from '../booking/token';
import { backupBeforeMigration } from '../ops/update';
import { FAN_LIMITS, fanList, type FanLimits } from '../fans/list';
import { confirmationSender, fanLinks } from '../fans/mail';
import { letterSender, type SenderTiming } from '../fans/letter-sender';

/** The booking requests' limits and the outbox's timing, shorter in tests; their clock. */
export interface BookingOptions {
  limits?: Partial<BookingLimits>;
  timing?: Partial<OutboxTiming>;
  now?: () => number;
}

export interface ServicesOptions {
  config: Config;
  hashing?: HashQueueOptions;
  booking?: BookingOptions;
  audience?: AudienceOptions;
  fans?: FansOptions;
  letters?: LettersOptions;
}

/** The own list's sign-up limits and its clock (tests). */
export interface FansOptions {
  limits?: Partial<FanLimits>;
  now?: () => number;
}

/** Letters to the fans: their clock and timing (tests). */
export interface LettersOptions {
  now?: () => number;
  timing?: Partial<SenderTiming>;
  pool?: number;
}

/** Fan numbers' clock and limits: tests and the bench change them. */
export interface AudienceOptions {
  now?: () => number;
  limits?: EventLimits;
  /** How often raw events are rolled up and the old ones deleted (default 10 minutes); 0: never by itself. */
  maintainEveryMs?: number;
}

export const servicesPlugin = shared<ServicesOptions>(
  'scena-services',
  async (app, { config, hashing, booking = {}, audience = {}, fans = {}, letters = {} }) => {
    // An older database is backed up as it is before it is migrated (docs/operating.md, Updating).
    const db = await openDatabase(config.databaseUrl, config.databaseAuthToken, {
      beforeMigrate: async (opened, from) => {
        const saved = await backupBeforeMigration(opened, config, from);
        app.log.warn({ backup: saved }, `The database needed a migration from schema version ${from}: backed it up first to ${saved}`);
      },
    });
    // The outbox's pass in progress ends, and fan numbers' waiting events are written, before the database closes.
    const running: { outbox?: { stop(): Promise<void> }; audio?: { close(): Promise<void> }; letters?: { stop(): Promise<void> }; press?: { stop(): void } } =
      {};
    const closing: { before?: () => Promise<void> } = {};
    app.addHook('onClose', async () => {
      await running.audio?.close();
      await running.outbox?.stop();
      await running.letters?.stop();
      running.press?.stop();
      await closing.before?.();
      db.close();
    });
    const content = contentRepo(db);
    const site = await loadSite(config.distDir);
    const files = mediaFiles(config.mediaDir);
    files.removeTemporary();
    const queue = workQueue();
    const share = shareImages(files, queue);
    // The audio library tells the page cache when a preview is made (no content write says so); the cache exists below.
    const changed: { pages?: () => void } = {};
    const audio = audioLibrary({ files, content, changed: () => changed.pages?.(), log: app.log, timeLimitMs: config.audioTimeLimitMs });
    const tokens = bookingTokens(db, booking.now);
    const fansList = fanList(db, { ...FAN_LIMITS, ...fans.limits }, fans.now);
    const fansLinks = fanLinks(fansList.tokens, config.publicUrl);
    /** The Settings' choice of sign-up: the own list unless Kit is chosen. */
    const newsletterChoice = async () =>
      ((await content.read('settings')) as { newsletter?: string } | undefined)?.newsletter === 'kit' ? ('kit' as const) : ('own' as const);
    const services: Services = {
      config,
      db,
      content,
      sessions: sessionStore(db, { idleMs: config.sessionIdleMs, maxMs: config.sessionMaxMs }),
      throttle: loginThrottle(db),
      hashing: hashQueue(hashing ?? HASH_QUEUE_DEFAULTS),
      devices: deviceCookies(db),
      site,
      // The page and GET /api/content show only the media in use (server/media/public.ts).
      pages: pageCache(site, {
        // Each new content version also asks the audio library for the beat previews it needs (made in its queue).
        snapshot: async () => {
          const all = await content.snapshot();
          audio.sync(all);
          return publicContent(all, audio.previewState);
        },
        adminSnapshot: async () => adminContent(await content.snapshot()),
        fansMail: Boolean(config.mail),
        version: () => content.version(),
        // Without its share image a page still renders, with the fixed one.
        share: (value, lang) =>
          share.forPage(value, lang).catch((error: unknown) => {
            app.log.error({ err: { message: (error as Error).message } }, 'share image failed');
            return undefined;
          }),
      }),
      media: { files, queue, uploads: uploads(files, queue, content, audio), audio },
      // The press kit's ZIPs, beside the media folder (server/press/kit.ts).
      press: pressKitFiles(join(dirname(config.mediaDir), 'press-kit-cache'), mediaResolver(files)),
      booking: {
        tokens,
        store: bookingStore(db, { ...BOOKING_LIMITS, ...booking.limits }, booking.now),
        outbox: bookingOutbox(db, config, { ...OUTBOX_TIMING, ...booking.timing }, booking.now),
        now: booking.now ?? Date.now,
      },
      fans: {
        list: fansList,
        formTokens: bookingTokens(db, fans.now, 'fans'),
        links: fansLinks,
        sender: confirmationSender(config.mail, fansLinks, config.publicUrl),
        choice: newsletterChoice,
        offered: async () => Boolean(config.mail) && (await newsletterChoice()) === 'own',
        now: fans.now ?? Date.now,
      },
      audience: {
        store: audienceStore(db, { timeZone: siteConfig.artist.timeZone, now: audience.now }),
        limiter: eventLimiter(audience.limits ?? EVENT_LIMITS, audience.now),
      },
      // Letters to the fans (server/fans/letter-sender.ts): the queue carries on by itself at every start.
      letters: letterSender(db, config, {
        now: letters.now,
        timing: letters.timing,
        pool: letters.pool,
        content: () => content.snapshot(),
        log: app.log,
        // Links, images and the unsubscribe link on the site's public address, as the confirmation mails' (PUBLIC_URL).
        origin: config.publicUrl,
      }),
    };
    running.outbox = services.booking.outbox;
    running.letters = services.letters;
    running.audio = audio;
    running.press = services.press;
    changed.pages = () => services.pages.invalidate();
    app.decorate('services', services);
    // A transcode a kill interrupted: its item says so, and Retry converts it again from the kept original.
    const interrupted = await audio.recover();
    if (interrupted.length) app.log.warn({ items: interrupted }, 'audio conversions interrupted by a stop: marked failed (Retry)');
    audio.sync();
    // Mails in flight when the server last stopped (a crash, a kill) become uncertain, never sent again; then what
    // was queued carries on.
    await services.letters.recover();
    app.addHook('onReady', async () => void services.letters.kick());
    // Finished days rolled up, raw events past 30 days deleted, the day's salt made (and the last one deleted).
    let maintaining: Promise<void> | undefined;
    let dropped = 0;
    const maintain = () =>
      (maintaining ??= services.audience.store
        .maintain()
        .then(
          () => {
            const now = services.audience.store.dropped();
            if (now > dropped) app.log.warn({ dropped: now - dropped }, 'audience events dropped: the database did not keep up');
            dropped = now;
          },
          (error: unknown) => {
            app.log.error({ err: { message: (error as Error).message } }, 'audience maintenance failed');
          },
        )
        .finally(() => (maintaining = undefined)));
    const every = audience.maintainEveryMs ?? 10 * 60_000;
    const timer = every > 0 ? setInterval(() => void maintain(), every).unref() : undefined;
    if (every > 0) app.addHook('onReady', async () => void maintain());
    closing.before = async () => {
      clearInterval(timer);
      await maintaining;
      await services.audience.store.flush().catch(() => {});
    };
  },
);
