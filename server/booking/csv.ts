/**
 * The inbox as CSV (RFC 4180), newest first, for a spreadsheet; each cell made safe by csvCell (src/content/csv.ts),
 * so a visitor's "=HYPERLINK(…)" stays text. A byte-order mark first, so Excel reads UTF-8 (ș, ț, ă) as such.
 */
import { storedFields } from '../../src/content/fields/declare';
import { csvCell } from '../../src/content/csv';
import { bookings } from '../../src/content/kinds';

export function bookingsCsv(items: Record<string, unknown>[]): string {
  const columns = ['id', ...storedFields(bookings).map((f) => f.key)];
  const newest = [...items].sort((a, b) => String(b.receivedAt ?? '').localeCompare(String(a.receivedAt ?? '')));
  const rows = [columns, ...newest.map((item) => columns.map((c) => item[c]))];
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
