/**
 * One CSV cell (RFC 4180: quoted, quotes doubled), safe to open in a spreadsheet: a value it would read as a formula
 * (=, +, -, @, or a tab or carriage return first) is made text with a leading apostrophe (OWASP's "CSV Injection").
 * Shared by the server's inbox export and the admin's own (Firebase, where there is no server).
 */
const FORMULA = /^[=+\-@\t\r]/;

export function csvCell(value: unknown): string {
  let text = value === undefined || value === null ? '' : String(value);
  if (FORMULA.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}
