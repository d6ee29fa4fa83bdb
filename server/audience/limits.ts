/**
 * How many events the server takes (docs/decisions/0026-audience-without-cookies.md): token buckets in
 * memory, one per client network (an IPv4 address or an IPv6 /64, read behind TRUST_PROXY exactly as the
 * sign-in throttle reads it) and one for everyone, and a cap on the events stored per day. In memory,
 * not in the database as the sign-in throttle is: an event is worth no write of its own, and a restart
 * that forgets the buckets lets through at most one more burst.
 */
import { clientNetwork } from '../auth/throttle';

export interface EventLimits {
  /** One client network: a burst of `burst` events, then `perSecond`. */
  perAddress: { burst: number; perSecond: number };
  /** Every client together. */
  overall: { burst: number; perSecond: number };
  /** Events stored in one day; beyond it, refused until the next day. */
  perDay: number;
  /** Client networks remembered at most (the least recently seen are forgotten first). */
  maxAddresses: number;
}

/**
 * A page view, a few clicks and a play make a visit: 60 events in a burst then one a second is far above a
 * person's pace, even several behind one address. 10,000 visits a day are about 50,000 events; the day's
 * cap (300,000) bounds the raw table at 30 × 300,000 events (bench: bytes per million events).
 */
export const EVENT_LIMITS: EventLimits = {
  perAddress: { burst: 60, perSecond: 1 },
  overall: { burst: 1_000, perSecond: 100 },
  perDay: 300_000,
  maxAddresses: 50_000,
};

interface Bucket {
  tokens: number;
  at: number;
}

function take(bucket: Bucket, rule: { burst: number; perSecond: number }, now: number): boolean {
  // A clock put back refills nothing and takes nothing away.
  bucket.tokens = Math.min(rule.burst, bucket.tokens + (Math.max(0, now - bucket.at) / 1000) * rule.perSecond);
  bucket.at = now;
  if (bucket.tokens < 1) return false;
  bucket.tokens -= 1;
  return true;
}

const wait = (bucket: Bucket, rule: { perSecond: number }) => Math.ceil(((1 - bucket.tokens) / rule.perSecond) * 1000);

export function eventLimiter(limits: EventLimits = EVENT_LIMITS, now: () => number = Date.now) {
  const addresses = new Map<string, Bucket>();
  const overall: Bucket = { tokens: limits.overall.burst, at: now() };
  let day = { number: NaN, stored: 0 };

  return {
    /**
     * Takes one event from the client's bucket and the overall one; the wait in ms when refused.
     * The address's bucket is spent first, so one client's flood does not empty everyone's.
     */
    admit(ip: string): { ok: true } | { ok: false; waitMs: number } {
      const t = now();
      const key = clientNetwork(ip);
      let bucket = addresses.get(key);
      if (bucket) addresses.delete(key);
      else {
        bucket = { tokens: limits.perAddress.burst, at: t };
        if (addresses.size >= limits.maxAddresses) addresses.delete(addresses.keys().next().value!);
      }
      // Re-inserted: the map's order is the order last seen.
      addresses.set(key, bucket);
      if (!take(bucket, limits.perAddress, t)) return { ok: false, waitMs: wait(bucket, limits.perAddress) };
      if (!take(overall, limits.overall, t)) return { ok: false, waitMs: wait(overall, limits.overall) };
      return { ok: true };
    },
    /**
     * Counts one event stored on `today`; false (and not counted) once the day's cap is reached. The
     * day's count starts from what the database holds (`storedSoFar`), so a restart does not reset it.
     */
    async store(today: number, storedSoFar: () => Promise<number>): Promise<boolean> {
      if (day.number !== today) {
        const stored = await storedSoFar();
        if (day.number !== today) day = { number: today, stored };
      }
      if (day.stored >= limits.perDay) return false;
      day.stored++;
      return true;
    },
  };
}
export type EventLimiter = ReturnType<typeof eventLimiter>;
