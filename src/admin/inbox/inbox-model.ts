/**
 * The inbox's plain logic, apart from its page: a booking request as the admin reads it, the order (newest
 * first), the unread count, the reply's mailto: address and the CSV export. Tested in inbox-model.test.ts.
 */
import { csvCell } from '../../content/csv';
import { isEmail } from '../../content/fields/checks';
import { bookingsWords } from '../../content/kinds/bookings';

/** A booking request as stored: what the visitor sent and what the admin keeps about it. */
export interface Booking {
  id: string;
  name: string;
  email: string;
  service: string;
  /** A live show's city and venue ('' or absent for studio work and requests from before them). */
  city?: string;
  venue?: string;
  budget: string;
  date: string;
  message: string;
  status: 'new' | 'read' | 'handled' | 'archived' | (string & {});
  receivedAt: string;
  lang: string;
}

/** Newest first; requests received at the same moment keep a stable order (by id). */
export function newestFirst<T extends { receivedAt: string; id: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => b.receivedAt.localeCompare(a.receivedAt) || a.id.localeCompare(b.id));
}

/** The unread count: requests nobody has opened, handled or archived yet. */
export const unreadCount = (items: readonly { status: string }[]) => items.filter((item) => item.status === 'new').length;

/** The service's name in a language, as the declaration words it ("Mastering", „Masterizare”); "Other" for one it no longer has. */
export const serviceIn = (service: string, lang: 'en' | 'ro'): string => {
  const options: Partial<Record<string, { en: string; ro: string }>> = bookingsWords.fields.service.options;
  return (options[service] ?? options.other!)[lang];
};

/**
 * The reply's address: the admin's own mail program, to the visitor, with the subject and the first line in the
 * language of the page the request came from ("Re: Mastering booking request" / „Re: Cerere de rezervare – Masterizare”,
 * "Hi Ana," / „Bună ziua, Ana,”), whatever the admin's own. Undefined when the stored address is not a plain address as
 * the model checks it (isEmail: no ?, # or %, so nothing a visitor sent may add mailto: headers such as ?bcc=).
 */
export function replyHref(booking: Pick<Booking, 'email' | 'service' | 'name' | 'lang'>): string | undefined {
  const address = booking.email.trim();
  if (!isEmail(address)) return undefined;
  const lang = booking.lang === 'ro' ? 'ro' : 'en';
  const service = serviceIn(booking.service, lang);
  const first = booking.name.trim().split(/\s+/)[0] ?? '';
  const subject = lang === 'ro' ? `Re: Cerere de rezervare – ${service}` : `Re: ${service} booking request`;
  const greeting = lang === 'ro' ? (first ? `Bună ziua, ${first},` : 'Bună ziua,') : first ? `Hi ${first},` : 'Hello,';
  // RFC 6068: a line break in a body is %0D%0A.
  return `mailto:${address}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(`${greeting}\r\n\r\n`)}`;
}

const COLUMNS: [keyof Booking, string][] = [
  ['receivedAt', 'Received'],
  ['status', 'Status'],
  ['name', 'Name'],
  ['email', 'E-mail'],
  ['service', 'Service'],
  ['city', 'City'],
  ['venue', 'Venue'],
  ['budget', 'Budget'],
  ['date', 'Date'],
  ['lang', 'Language'],
  ['message', 'Message'],
];

/** The requests as CSV (RFC 4180: CRLF between rows), newest first, with a header row. */
export function toCsv(items: readonly Booking[]): string {
  const rows = [COLUMNS.map(([, title]) => csvCell(title)).join(',')];
  for (const item of newestFirst(items)) rows.push(COLUMNS.map(([key]) => csvCell(String(item[key] ?? ''))).join(','));
  return `${rows.join('\r\n')}\r\n`;
}
