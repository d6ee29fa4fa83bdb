/**
 * Importing a list exported by Kit or Mailchimp (docs/decisions/0035-fans-by-email.md, "The list"). The file is read
 * as a stream (refused past IMPORT_MAX_BYTES, while it arrives), parsed as RFC 4180 CSV, and each row sorted: new,
 * already here, erased before (a salted hash says so), invalid (with its line number), or not marked subscribed in the
 * file (only rows the file marks as subscribed are taken). A preview stores nothing; the import itself reads the same
 * file again and adds the new ones, confirmed by the import, in one transaction.
 *
 * Column names, as the services write them: Mailchimp's audience export has "Email Address" (and, in its unsubscribed
 * and cleaned files, UNSUB_TIME / CLEAN_TIME, and OPTIN_TIME for when they joined); Kit's has "email" (with
 * "first_name", "status", "created_at"). Any other CSV with an "email" / "e-mail" column is taken as a plain list.
 */
import type { InStatement } from '@libsql/client';
import { isEmail } from '../../src/content/fields/checks';
import type { ImportReport } from '../../src/content/fans';
import { refusal } from '../errors';
import type { Database } from '../db/client';
import type { FanList } from './list';
import { randomBytes } from 'node:crypto';

/** The largest file taken: a Mailchimp export of 100,000 people with every column is about 30 MB. */
export const IMPORT_MAX_BYTES = 40 * 1024 * 1024;
/** The invalid rows listed in a preview (the count is of all). */
const INVALID_SHOWN = 50;

/** What an import would do: the admin's report (src/content/fans.ts) before anything is imported. */
export type ImportPreview = Omit<ImportReport, 'imported'>;
export type ImportOrigin = ImportReport['origin'];

interface Candidate {
  email: string;
  lang: 'en' | 'ro';
  since?: number;
}

const SUBSCRIBED = new Set(['active', 'subscribed', 'confirmed']);

/** Parses CSV from text chunks (RFC 4180: quoted fields, "" inside quotes, CRLF or LF), calling `row` with each record and its first line. */
function csvParser(row: (fields: string[], line: number) => void) {
  let field = '';
  let fields: string[] = [];
  let quoted = false;
  let afterQuote = false;
  let line = 1;
  let start = 1;
  let pendingCr = false;
  const endField = () => {
    fields.push(field);
    field = '';
    afterQuote = false;
  };
  const endRecord = () => {
    endField();
    if (!(fields.length === 1 && fields[0] === '')) row(fields, start);
    fields = [];
    start = line;
  };
  return {
    push(text: string) {
      for (let i = 0; i < text.length; i++) {
        const c = text[i]!;
        if (pendingCr) {
          pendingCr = false;
          if (c === '\n') continue;
        }
        if (quoted) {
          if (c === '"') {
            if (text[i + 1] === '"') {
              field += '"';
              i++;
            } else {
              // Closing, unless (at a chunk's end) the next chunk starts with another quote: an escaped one, split.
              quoted = false;
              afterQuote = true;
            }
          } else {
            if (c === '\n') line++;
            field += c;
          }
          continue;
        }
        if (c === '"' && afterQuote) {
          // The second half of a "" split across chunks.
          field += '"';
          quoted = true;
          afterQuote = false;
        } else if (c === '"' && field === '') quoted = true;
        else if (c === ',') endField();
        else if (c === '\n' || c === '\r') {
          line++;
          endRecord();
          if (c === '\r') pendingCr = true;
        } else field += c;
      }
    },
    end() {
      if (field !== '' || fields.length) endRecord();
    },
  };
}

/** The file's origin and the columns that matter, from its header; undefined without an e-mail column. */
function columnsOf(header: string[]) {
  const names = header.map((h) => h.trim());
  const lower = names.map((h) => h.toLowerCase());
  const find = (...wanted: string[]) => lower.findIndex((h) => wanted.includes(h));
  const mailchimpEmail = names.indexOf('Email Address');
  const email = mailchimpEmail >= 0 ? mailchimpEmail : find('email', 'e-mail', 'email address', 'email_address');
  if (email < 0) return undefined;
  const origin: ImportOrigin =
    mailchimpEmail >= 0 ? 'mailchimp' : names[email] === 'email' && (lower.includes('first_name') || lower.includes('created_at')) ? 'kit' : 'csv';
  return {
    origin,
    email,
    status: find('status', 'email marketing status', 'state'),
    gone: [find('unsub_time'), find('clean_time')].filter((i) => i >= 0),
    lang: find('lang', 'language'),
    since: find('optin_time', 'created_at', 'confirm_time', 'subscribed_at'),
  };
}

/** A moment as the exports write them ("2024-01-02 03:04:05" in UTC, Kit's "… UTC", ISO 8601), or undefined. */
function moment(value: string): number | undefined {
  let text = value
    .trim()
    .replace(/\s*UTC$/i, 'Z')
    .replace(' ', 'T');
  if (!text) return undefined;
  if (!/(Z|[+-]\d\d:?\d\d)$/i.test(text)) text += 'Z';
  const at = Date.parse(text);
  return Number.isFinite(at) ? at : undefined;
}

export interface ParsedImport {
  origin: ImportOrigin;
  rows: number;
  candidates: Candidate[];
  notSubscribed: number;
  invalid: { line: number; value: string }[];
}

/** Reads the file: refused past IMPORT_MAX_BYTES, when it is not text, or without an e-mail column. */
export async function parseImport(body: AsyncIterable<Buffer | string>, maxBytes = IMPORT_MAX_BYTES): Promise<ParsedImport> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let columns: ReturnType<typeof columnsOf> | undefined;
  let header = true;
  let bytes = 0;
  const parsed: ParsedImport = { origin: 'csv', rows: 0, candidates: [], notSubscribed: 0, invalid: [] };
  const parser = csvParser((fields, line) => {
    if (header) {
      header = false;
      columns = columnsOf(fields);
      if (!columns) throw refusal('fans-import-no-email');
      parsed.origin = columns.origin;
      return;
    }
    const c = columns!;
    parsed.rows++;
    const status = c.status >= 0 ? (fields[c.status] ?? '').trim().toLowerCase() : '';
    if ((c.status >= 0 && !SUBSCRIBED.has(status)) || c.gone.some((i) => (fields[i] ?? '').trim() !== '')) {
      parsed.notSubscribed++;
      return;
    }
    const raw = fields[c.email] ?? '';
    const email = raw.trim();
    if (!isEmail(email) || /[\r\n]/.test(raw)) {
      parsed.invalid.push({ line, value: raw.slice(0, 100) });
      return;
    }
    const since = c.since >= 0 ? moment(fields[c.since] ?? '') : undefined;
    parsed.candidates.push({
      email,
      lang: c.lang >= 0 && /^ro/i.test((fields[c.lang] ?? '').trim()) ? 'ro' : 'en',
      since,
    });
  });
  let first = true;
  try {
    for await (const chunk of body) {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      bytes += buffer.length;
      if (bytes > maxBytes) throw refusal('fans-import-too-large');
      // A file with a NUL byte (a spreadsheet, an archive, an image) is not a CSV export.
      if (buffer.includes(0)) throw refusal('fans-import-not-csv');
      let text = decoder.decode(buffer, { stream: true });
      if (first) text = text.replace(/^\uFEFF/, '');
      first = false;
      parser.push(text);
    }
    parser.push(decoder.decode());
    parser.end();
  } catch (error) {
    if (error instanceof TypeError) throw refusal('fans-import-not-csv');
    throw error;
  }
  if (header) throw refusal('fans-import-not-csv');
  return parsed;
}

/** Sorts the file's people against the list: what an import would do, storing nothing. */
export async function previewImport(db: Database, list: FanList, parsed: ParsedImport): Promise<ImportPreview & { fresh: Candidate[] }> {
  const [here, erasedRows] = await db.client.batch(['SELECT lower(email) AS e FROM subscribers', 'SELECT email_hash FROM subscribers_erased'], 'read');
  const existing = new Set(here!.rows.map((r) => String(r.e)));
  const erased = new Set(erasedRows!.rows.map((r) => Buffer.from(r.email_hash as ArrayBuffer).toString('base64')));
  const seen = new Set<string>();
  const fresh: Candidate[] = [];
  let repeated = 0;
  let already = 0;
  let gone = 0;
  for (const candidate of parsed.candidates) {
    const key = candidate.email.toLowerCase();
    if (seen.has(key)) {
      repeated++;
      continue;
    }
    seen.add(key);
    if (existing.has(key)) already++;
    else if (erased.size && erased.has((await list.erasedHash(key)).toString('base64'))) gone++;
    else fresh.push(candidate);
  }
  return {
    origin: parsed.origin,
    rows: parsed.rows,
    new: fresh.length,
    existing: already,
    erased: gone,
    notSubscribed: parsed.notSubscribed,
    repeated,
    invalid: { count: parsed.invalid.length, shown: parsed.invalid.slice(0, INVALID_SHOWN) },
    fresh,
  };
}

/** Adds the new people of a preview, confirmed by the import, in one transaction; returns how many were added. */
export async function commitImport(db: Database, fresh: Candidate[], origin: ImportOrigin, at: number): Promise<number> {
  const consent = `Imported from a ${origin === 'kit' ? 'Kit' : origin === 'mailchimp' ? 'Mailchimp' : 'CSV'} export on ${new Date(at).toISOString().slice(0, 10)}, marked subscribed there`;
  const statements: InStatement[] = [];
  for (let i = 0; i < fresh.length; i += 2000) {
    const part = fresh.slice(i, i + 2000).map((c) => ({ e: c.email, l: c.lang, s: c.since ?? at, t: randomBytes(16).toString('hex') }));
    statements.push({
      sql: `INSERT INTO subscribers (email, lang, status, token_seed, signed_up_at, source, source_detail, consent_version, consent_text,
              confirmed_at, confirmed_by, updated_at)
            SELECT j.value ->> 'e', j.value ->> 'l', 'confirmed', unhex(j.value ->> 't'), j.value ->> 's', 'import', ?2, 0, ?3, ?4, 'import', ?4
            FROM json_each(?1) AS j WHERE true
            ON CONFLICT (email) DO NOTHING`,
      args: [JSON.stringify(part), origin, consent, at],
    });
  }
  if (!statements.length) return 0;
  const results = await db.client.batch(statements, 'write');
  return results.reduce((n, r) => n + r.rowsAffected, 0);
}
