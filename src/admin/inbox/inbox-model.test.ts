import { describe, expect, it } from 'vitest';
import { csvCell } from '../../content/csv';
import { newestFirst, replyHref, toCsv, unreadCount, type Booking } from './inbox-model';

const booking = (over: Partial<Booking>): Booking => ({
  id: 'a',
  name: 'Ana',
  email: 'ana@example.com',
  service: 'mixing',
  budget: '',
  date: '',
  message: 'Hello',
  status: 'new',
  receivedAt: '2026-11-24T10:00:00.000Z',
  lang: 'en',
  ...over,
});

describe('inbox model', () => {
  it('puts the newest request first', () => {
    const items = [
      booking({ id: 'old', receivedAt: '2026-11-20T10:00:00.000Z' }),
      booking({ id: 'new', receivedAt: '2026-11-24T09:00:00.000Z' }),
      booking({ id: 'mid', receivedAt: '2026-11-22T10:00:00.000Z' }),
    ];
    expect(newestFirst(items).map((item) => item.id)).toEqual(['new', 'mid', 'old']);
  });

  it('counts only new requests as unread: an opened one is read', () => {
    const statuses = ['new', 'read', 'handled', 'archived', 'new'] as const;
    expect(unreadCount(statuses.map((status) => booking({ status })))).toBe(2);
  });

  it('replies to the visitor in the language of the page the request came from, and never to an address that could add headers', () => {
    const mail = (over: Partial<Booking>) => {
      const url = new URL(replyHref(booking(over))!);
      return { to: url.pathname, subject: url.searchParams.get('subject'), body: url.searchParams.get('body') };
    };
    expect(replyHref(booking({ service: 'mastering', name: 'Ana Pop' }))).toBe(
      'mailto:ana@example.com?subject=Re%3A%20Mastering%20booking%20request&body=Hi%20Ana%2C%0D%0A%0D%0A',
    );
    expect(mail({ service: 'beat' })).toEqual({ to: 'ana@example.com', subject: 'Re: Custom beat booking request', body: 'Hi Ana,\r\n\r\n' });
    // From /ro/: Romanian whatever the admin's language.
    expect(mail({ service: 'mastering', lang: 'ro', name: 'Ioana Fără Script' })).toEqual({
      to: 'ana@example.com',
      subject: 'Re: Cerere de rezervare – Masterizare',
      body: 'Bună ziua, Ioana,\r\n\r\n',
    });
    expect(mail({ service: 'live', lang: 'ro' }).subject).toBe('Re: Cerere de rezervare – Concert / set DJ');
    // A service the declaration no longer has reads as "Other".
    expect(mail({ service: 'gone', lang: 'ro' }).subject).toBe('Re: Cerere de rezervare – Altceva');
    expect(replyHref(booking({ email: 'ana@example.com?bcc=all@example.com' }))).toBeUndefined();
    expect(replyHref(booking({ email: 'ana@example.com&cc=x@y.z' }))).toBeUndefined();
    expect(replyHref(booking({ email: 'not an address' }))).toBeUndefined();
  });

  it('exports CSV whose cells cannot run as formulas and keep quotes, commas and line breaks', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    for (const start of ['+', '-', '@', '\t', '\r']) expect(csvCell(`${start}1`).startsWith(`"'${start}`)).toBe(true);
    const csv = toCsv([
      booking({ id: '1', name: 'Ana, "Mica"', message: 'line one\nline two', receivedAt: '2026-11-20T10:00:00.000Z' }),
      booking({ id: '2', name: 'Ion', receivedAt: '2026-11-24T10:00:00.000Z' }),
    ]);
    const rows = csv.split('\r\n');
    expect(rows[0]).toBe('"Received","Status","Name","E-mail","Service","City","Venue","Budget","Date","Language","Message"');
    expect(rows[1]).toContain('"Ion"');
    expect(rows[2]).toContain('"Ana, ""Mica"""');
    expect(csv).toContain('"line one\nline two"');
    expect(csv.endsWith('\r\n')).toBe(true);
  });
});
