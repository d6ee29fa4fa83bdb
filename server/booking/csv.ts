/**
 * The inbox as CSV (RFC 4180), newest first, for a spreadsheet. Safe to open: a cell a spreadsheet would read as a
 * formula (starting with =, +, -, @, or a tab or carriage return before one) is prefixed with ', as OWASP's
 * "CSV Injection" advises, so a visitor's "=HYPERLINK(…)" stays text. A byte-order mark first, so Excel reads
 * UTF-8 (ș, ț, ă) as such.
 */
import { storedFields } from '../../src/content/fields/declare';
import { bookings } from '../../src/content/kinds';

/** Whether a spreadsheet would take the cell for a formula. */
const FORMULA = /^[=+\-@\t\r]/;

export function csvCell(value: unknown): string {
  let text = value === undefined || value === null ? '' : String(value);
  if (FORMULA.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function bookingsCsv(items: Record<string, unknown>[]): string {
  const columns = ['id', ...storedFields(bookings).map((f) => f.key)];
  const newest = [...items].sort((a, b) => String(b.receivedAt ?? '').localeCompare(String(a.receivedAt ?? '')));
  const rows = [columns, ...newest.map((item) => columns.map((c) => item[c]))];
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
