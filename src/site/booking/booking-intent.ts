/**
 * What the page's parts say to each other about a booking request, without loading the form: a "Get in touch"
 * button asks for the form with its service (the form, loaded or not yet, takes it), and which backend may take
 * requests at all. Plain data and a few functions: the Services and Contact chunks import this, not the form.
 */
import { createContext, useContext } from 'react';
import type { BackendKind, ContentReader } from '../../content/backend';
import type { BookingService } from '../../content/booking';
import type { Language } from '../../content/constants';
import type { TranslationKey } from '../../i18n/en';
import { translate } from '../../i18n/translate';

/** What a visitor may ask for: the model's (src/content/booking.ts). Each service's card preselects its own (`booking`). */
export { BOOKING_SERVICES, type BookingService } from '../../content/booking';

const LABELS: Record<BookingService, TranslationKey> = {
  beat: 'booking.service.beat',
  mixing: 'booking.service.mixing',
  mastering: 'booking.service.mastering',
  collab: 'booking.service.collab',
  live: 'booking.service.live',
  other: 'booking.other',
};

/** A booking service's name in `lang` ("Custom beats"), for the form, the e-mail dialog and a reply's subject. */
export const serviceLabel = (lang: Language, service: string) => translate(lang, LABELS[service as BookingService] ?? 'booking.other');

/** The id of the form's wrapper, the target of "Get in touch" without JavaScript. */
export const BOOKING_ID = 'booking';

/**
 * How the page takes booking requests: which backend serves it. The page carries no token (it is cached): the form's
 * script asks the reader for one when the form is first focused (booking-client.tsx).
 */
export interface BookingSetup {
  backend: BackendKind;
  /** The public reader, in the browser: the form sends through it. */
  reader?: Promise<ContentReader>;
  /** Scena's server with mail set up, as it renders the page (the browser reads the page's meta instead): the own list may be offered. */
  fansMail?: boolean;
}

const NO_BOOKING: BookingSetup = { backend: 'none' };
export const BookingContext = createContext<BookingSetup>(NO_BOOKING);
export const useBookingSetup = () => useContext(BookingContext);

let asked: BookingService | undefined;
const listeners = new Set<(service: BookingService) => void>();

let openGate = () => {};
/**
 * Settles when the form's code may load: the Contact section nears the view, or a "Get in touch" button asks
 * for it. Settled from the start outside the browser (the server and the build render the form at once).
 */
export const bookingGate = new Promise<void>((resolve) => {
  openGate = resolve;
  if (typeof document === 'undefined') resolve();
});
export const loadBookingForm = () => openGate();

let chosen: BookingService | undefined;
/** The service the last "Get in touch" asked for (the e-mail dialog of a page without the form preselects it). */
export const chosenService = () => chosen;

/** A "Get in touch" button: the form (now or once loaded) preselects `service` and takes focus. */
export function askForBooking(service: BookingService) {
  chosen = service;
  loadBookingForm();
  if (listeners.size) listeners.forEach((listener) => listener(service));
  else asked = service;
}

/** The form listens; a request made before it loaded is handed over at once. Returns the unsubscribe. */
export function onBookingAsked(listener: (service: BookingService) => void): () => void {
  listeners.add(listener);
  if (asked) {
    const service = asked;
    asked = undefined;
    listener(service);
  }
  return () => void listeners.delete(listener);
}
