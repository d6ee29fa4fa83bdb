/** The first plugin: opens the database and makes every service once, for the whole app. */
import type { Config } from '../config';
import { deviceCookies } from '../auth/device-cookie';
import { HASH_QUEUE_DEFAULTS, hashQueue, type HashQueueOptions } from '../auth/hash-queue';
import { sessionStore } from '../auth/sessions';
import { loginThrottle } from '../auth/throttle';
import { openDatabase } from '../db/client';
import { contentRepo } from '../db/content-repo';
import { mediaFiles } from '../media/files';
import { adminContent, publicContent } from '../media/public';
import { workQueue } from '../media/queue';
import { shareImages } from '../media/share';
import { uploads } from '../media/upload';
import { loadSite, pageCache } from '../pages';
import type { Services } from '../services';
import { shared } from './shared';
import { bookingOutbox, OUTBOX_TIMING, type OutboxTiming } from '../booking/outbox';
import { BOOKING_LIMITS, bookingStore, type BookingLimits } from '../booking/store';
import { bookingTokens } from '../booking/token';

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
}

export const servicesPlugin = shared<ServicesOptions>('scena-services', async (app, { config, hashing, booking = {} }) => {
  const db = await openDatabase(config.databaseUrl, config.databaseAuthToken);
  // The outbox's pass in progress ends before the database closes.
  const running: { outbox?: { stop(): Promise<void> } } = {};
  app.addHook('onClose', async () => {
    await running.outbox?.stop();
    db.close();
  });
  const content = contentRepo(db);
  const site = await loadSite(config.distDir);
  const files = mediaFiles(config.mediaDir);
  files.removeTemporary();
  const queue = workQueue();
  const share = shareImages(files, queue);
  const tokens = bookingTokens(db, booking.now);
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
      snapshot: async () => publicContent(await content.snapshot()),
      adminSnapshot: async () => adminContent(await content.snapshot()),
      version: () => content.version(),
      bookingToken: () => tokens.issue(),
      // Without its share image a page still renders, with the fixed one.
      share: (value, lang) =>
        share.forPage(value, lang).catch((error: unknown) => {
          app.log.error({ err: { message: (error as Error).message } }, 'share image failed');
          return undefined;
        }),
    }),
    media: { files, queue, uploads: uploads(files, queue, content) },
    booking: {
      tokens,
      store: bookingStore(db, { ...BOOKING_LIMITS, ...booking.limits }, booking.now),
      outbox: bookingOutbox(db, config, { ...OUTBOX_TIMING, ...booking.timing }, booking.now),
      now: booking.now ?? Date.now,
    },
  };
  running.outbox = services.booking.outbox;
  app.decorate('services', services);
});
