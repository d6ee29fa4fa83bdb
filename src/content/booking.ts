/**
 * What a booking request is made of, as plain data: the declaration (src/content/kinds/bookings.ts) is built from
 * it, and the public page's form and buttons read it without loading the declarations (as src/content/platforms.ts
 * does for releases' links).
 */
import { EMAIL_MAX } from './fields/checks';

/** What a visitor may ask for, in the order the form offers them. */
export const BOOKING_SERVICES = ['beat', 'mixing', 'mastering', 'collab', 'live', 'other'] as const;
export type BookingService = (typeof BOOKING_SERVICES)[number];

/** The most links a message may hold: enough for a reference track, a profile and a folder. */
export const BOOKING_MAX_LINKS = 3;

/**
 * A request is taken only this long (ms) after its form's token was issued: a person takes longer to write one; a
 * script that posts at once does not. The server refuses a sooner one (server/booking/token.ts); the page's form,
 * which asks for its token when first focused, holds a quicker send until then (booking-client.tsx).
 */
export const BOOKING_MIN_FILL_MS = 3_000;

/** The longest each field may be (characters). */
export const BOOKING_LIMITS = { name: 120, email: EMAIL_MAX, budget: 60, city: 80, venue: 120, message: 5000 } as const;

/** A promoter's request (a live show or a DJ set) names the event's city; the server refuses one without it. */
export const LIVE_SERVICE = 'live';
