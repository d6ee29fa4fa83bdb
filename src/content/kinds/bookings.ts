/**
 * Booking requests: what a visitor asks of the artist (a beat, a mix, a master, a collaboration), from the form
 * in the Contact section. An inbox: visitors create them, only the admin reads them (docs/decisions/0025-booking-requests.md).
 */
import { BOOKING_LIMITS, BOOKING_MAX_LINKS, BOOKING_SERVICES, LIVE_SERVICE } from '../booking';
import { choice, day, email, instant, list, longText, text, type KindWords } from '../fields/declare';

export { BOOKING_MAX_LINKS, BOOKING_SERVICES, type BookingService } from '../booking';

export const bookings = list({
  name: 'bookings',
  item: 'booking',
  // The inbox's cap: years of requests at a young artist's pace, and bounded storage under a flood that
  // gets past the per-hour limits (server/booking/limits.ts).
  max: 5000,
  inbox: { visitorFields: ['name', 'email', 'service', 'city', 'venue', 'budget', 'date', 'message', 'lang'] },
  fields: {
    name: text({ max: BOOKING_LIMITS.name, min: 1, oneLine: true }),
    email: email({ required: true }),
    service: choice({ options: BOOKING_SERVICES }),
    // A live show's or DJ set's city (required then: the check below) and venue; '' for studio work.
    city: text({ max: BOOKING_LIMITS.city, oneLine: true }),
    venue: text({ max: BOOKING_LIMITS.venue, oneLine: true }),
    budget: text({ max: BOOKING_LIMITS.budget, oneLine: true }),
    date: day({ future: true }),
    message: longText({ max: BOOKING_LIMITS.message, min: 1, maxLinks: BOOKING_MAX_LINKS }),
    // The page the request came from ('en' first: the empty value).
    lang: choice({ options: ['en', 'ro'] }),
    // 'new' first: a visitor's request starts new (the unread count); opening it in the inbox makes it 'read'.
    status: choice({ options: ['new', 'read', 'handled', 'archived'] }),
    receivedAt: instant({}),
  },
  // A promoter's request names the event's city (its venue may not be settled yet): on every backend (the server's
  // schema and Firestore's rules follow from this line).
  checks: [{ check: 'requiredWhen', field: 'city', when: { field: 'service', equals: LIVE_SERVICE } }],
});

export const bookingsWords = {
  label: { en: 'Inbox', ro: 'Mesaje' },
  fields: {
    name: { label: { en: 'Name', ro: 'Nume' } },
    email: { label: { en: 'E-mail', ro: 'E-mail' } },
    service: {
      label: { en: 'What', ro: 'Ce' },
      options: {
        beat: { en: 'Custom beat', ro: 'Beat personalizat' },
        mixing: { en: 'Mixing', ro: 'Mixaj' },
        mastering: { en: 'Mastering', ro: 'Masterizare' },
        collab: { en: 'Collab', ro: 'Colaborare' },
        live: { en: 'Live show / DJ set', ro: 'Concert / set DJ' },
        other: { en: 'Other', ro: 'Altceva' },
      },
    },
    city: { label: { en: 'City of the event', ro: 'Orașul evenimentului' } },
    venue: { label: { en: 'Venue', ro: 'Locul' } },
    budget: { label: { en: 'Budget', ro: 'Buget' } },
    date: {
      label: { en: 'Date', ro: 'Data' },
      help: {
        en: 'When the visitor would like it, or the day of the event; may be empty.',
        ro: 'Când și-ar dori vizitatorul, sau ziua evenimentului; poate lipsi.',
      },
    },
    message: { label: { en: 'Message', ro: 'Mesaj' } },
    lang: { label: { en: 'Language', ro: 'Limba' }, options: { en: { en: 'English', ro: 'Engleză' }, ro: { en: 'Romanian', ro: 'Română' } } },
    status: {
      label: { en: 'Status', ro: 'Stare' },
      options: {
        new: { en: 'New', ro: 'Nou' },
        read: { en: 'Read', ro: 'Citit' },
        handled: { en: 'Handled', ro: 'Rezolvat' },
        archived: { en: 'Archived', ro: 'Arhivat' },
      },
    },
    receivedAt: { label: { en: 'Received', ro: 'Primit' } },
  },
} satisfies KindWords<typeof bookings>;
