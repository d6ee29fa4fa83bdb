/** Backup, restore, export and import: used by the admin CLI (server/cli.ts) and the tests. */
import { isDeepStrictEqual } from 'node:util';
import {
  closeSync,
  createReadStream,
  createWriteStream,
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createClient } from '@libsql/client';
import { z } from 'zod';
import { HISTORY_LIMIT } from '../src/content/backend';
import { emptyValue, fullItem, isPublicKind, storedFields, withMissingFields } from '../src/content/fields/declare';
import { KINDS, press, pressPhotos } from '../src/content/kinds';
import { isEmail, type PublicContent } from '../src/content/model';
import { CONTENT_KINDS } from './content-kinds';
import { openDatabase, type Database } from './db/client';
import { SCHEMA_VERSION } from './db/migrations';
import { contentRepo, type HistoryRow } from './db/content-repo';
import { SAMPLE_CONTENT, SAMPLE_CREDIT_TITLES, SAMPLE_PHOTO_CREDITS } from './sample';
import { SEED_CONTENT } from '../src/content/seed';
import { sampleAudio, sampleDocuments, sampleImages, samplePosters, samplePressImages } from './sample-media';
import { mediaFiles } from './media/files';
import { allOf, collectGarbage, copyFiles, mediaFolderOf, neededMedia, previewKeysOf, variantsOf, type GcSummary, type NeededMedia } from './media/keep';
import { publicContent } from './media/public';
import { shareFileName, shareSource } from './media/share';
import { LANGUAGES } from '../src/content/constants';
import { mediaHash } from '../src/content/media';

export class MaintenanceError extends Error {
  override name = 'MaintenanceError';
}

function requireLocal(db: Database, what: string): string {
  if (!db.file) throw new MaintenanceError(`${what} works on a local SQLite file only; for a remote libsql database use export/import.`);
  return db.file;
}

export async function integrityCheck(db: Database): Promise<string> {
  const rs = await db.client.execute('PRAGMA integrity_check');
  return rs.rows.map((r) => String(Object.values(r)[0])).join('\n');
}

/**
 * A consistent copy of the live database, safe while the server runs and writes:
 * VACUUM INTO reads inside one read transaction (a WAL snapshot) and writes a compact new file.
 * The copy holds the password hashes: it is made 0600 before SQLite writes into it.
 */
export async function backup(db: Database, target: string, mediaDir?: string, options: { reuse?: string } = {}): Promise<void> {
  requireLocal(db, 'backup');
  const file = resolve(target);
  if (existsSync(file)) throw new MaintenanceError(`${file} already exists: choose a new file name.`);
  if (mediaDir && existsSync(mediaFolderOf(file))) throw new MaintenanceError(`${mediaFolderOf(file)} already exists: choose a new file name.`);
  // VACUUM INTO accepts an existing empty file, and keeps its mode.
  closeSync(openSync(file, 'wx', 0o600));
  try {
    await db.client.execute({ sql: 'VACUUM INTO ?', args: [file] });
  } catch (error) {
    rmSync(file, { force: true });
    throw error;
  }
  const copy = await openDatabase(`file:${file}`);
  try {
    // The day's audience salt stays on this server: with it and the copy's visitor hashes, today's visitors'
    // addresses could be guessed back (docs/decisions/0026-audience-without-cookies.md). Zeroed (secure_delete)
    // and out of the WAL before the copy is handed over.
    await copy.client.execute('DELETE FROM audience_salt');
    await copy.client.execute('PRAGMA wal_checkpoint(TRUNCATE)');
    const check = await integrityCheck(copy);
    if (check !== 'ok') throw new MaintenanceError(`The backup failed its integrity check: ${check}`);
    // The images the copy's content names (items and kept versions), beside it: <file>.media/.
    if (mediaDir) {
      const names = variantsOf(mediaDir, allOf(await neededMedia(copy)));
      // An earlier backup's images (`options.reuse`, the scheduled backups': server/ops/backups.ts) are hard links: an
      // image's file never changes (its name is its hash), so kept backups hold each image once.
      if (options.reuse) linkFiles(options.reuse, mediaFolderOf(file), names);
      copyFiles(mediaDir, mediaFolderOf(file), names);
    }
  } finally {
    copy.close();
  }
}

function linkFiles(from: string, to: string, names: string[]) {
  mkdirSync(to, { recursive: true, mode: 0o700 });
  for (const name of names) if (existsSync(join(from, name)) && !existsSync(join(to, name))) linkSync(join(from, name), join(to, name));
}

/**
 * Brings the images, audio and documents a backup or an import needs into the media folder, from the folder beside its file
 * (or already there), before its content is made current: no page ever names a file that is missing.
 * Refuses, changing nothing, when an image or an audio file is in neither. Beat previews come along when they are
 * there; missing ones are made again by the server (docs/decisions/0027).
 */
function bringMedia(needed: NeededMedia, source: string, mediaDir: string, what: 'restored' | 'imported'): number {
  const beside = mediaFolderOf(source);
  const missingOf = (hashes: Set<string>) =>
    [...hashes].filter((hash) => variantsOf(beside, new Set([hash])).length === 0 && variantsOf(mediaDir, new Set([hash])).length === 0);
  const images = missingOf(needed.images);
  const audio = missingOf(needed.audio);
  const documents = missingOf(needed.documents);
  if (images.length || audio.length || documents.length) {
    const named = [
      images.length ? `${images.length} image${images.length === 1 ? '' : 's'}` : '',
      audio.length ? `${audio.length} audio file${audio.length === 1 ? '' : 's'}` : '',
      documents.length ? `${documents.length} document${documents.length === 1 ? '' : 's'}` : '',
    ].filter(Boolean);
    throw new MaintenanceError(
      `${source} names ${named.join(' and ')} whose files are neither in ${beside} nor in ${mediaDir} (e.g. /media/${images[0] ?? audio[0] ?? documents[0]}): put the folder made with it beside it. Nothing was ${what}.`,
    );
  }
  return copyFiles(beside, mediaDir, variantsOf(beside, allOf(needed)));
}

/** Removes the media files nothing names (no item, no kept version), the share images of past content, and crash leftovers. */
export async function mediaGc(db: Database, mediaDir: string): Promise<GcSummary> {
  const content = publicContent(await contentRepo(db).snapshot());
  const shares = new Set(
    LANGUAGES.flatMap((lang) => {
      const item = shareSource(content, lang);
      return item ? [shareFileName(item, lang)] : [];
    }),
  );
  return collectGarbage(mediaDir, allOf(await neededMedia(db)), shares);
}

/** What a restore replaces (the content and its history); accounts only when asked (RestoreOptions.withAccounts). */
const CONTENT_TABLES = ['singletons', 'list_items', 'history'] as const;

export interface RestoreOptions {
  /** Take the backup's accounts as well. By default the current accounts stay as they are. */
  withAccounts?: boolean;
  /** The media folder: the backup's images (`<file>.media/`) are brought into it first. */
  mediaDir?: string;
  /** Told the staged copy's path while it exists (the tests look at its folder's and file's modes). */
  onStaged?: (path: string) => void;
}

export interface RestoreSummary {
  releases: number;
  collaborators: number;
  /** 'kept': today's accounts stayed; 'restored': the backup's replaced them. */
  accounts: 'kept' | 'restored';
  /** How many accounts exist after the restore. */
  accountCount: number;
  sessionsEnded: number;
  /** The backup's schema version when it was older than this Scena's (it was migrated). */
  migratedFrom?: number;
}

/** A copy only this user can read: a fresh mkdtemp folder (0700) holding the file (0600). */
async function privateCopy(file: string): Promise<{ path: string; remove(): void }> {
  const folder = mkdtempSync(join(tmpdir(), 'scena-restore-'));
  const remove = () => rmSync(folder, { recursive: true, force: true });
  const path = join(folder, 'backup.db');
  try {
    await pipeline(createReadStream(file), createWriteStream(path, { flags: 'wx', mode: 0o600 }));
    // A copy of a live database may have commits still in its WAL: they belong to it.
    if (existsSync(`${file}-wal`)) await pipeline(createReadStream(`${file}-wal`), createWriteStream(`${path}-wal`, { flags: 'wx', mode: 0o600 }));
  } catch (error) {
    remove();
    throw new MaintenanceError(`${file} could not be read: ${(error as Error).message}`);
  }
  return { path, remove };
}

/** The backup's schema version, read before anything (a migration) writes to the copy. */
async function backupSchemaVersion(path: string, file: string): Promise<number> {
  const client = createClient({ url: `file:${path}`, intMode: 'number' });
  try {
    let check: string;
    try {
      check = (await client.execute('PRAGMA integrity_check')).rows.map((r) => String(Object.values(r)[0])).join('\n');
    } catch (error) {
      throw new MaintenanceError(`${file} is not a Scena backup: ${(error as Error).message}`);
    }
    if (check !== 'ok') throw new MaintenanceError(`${file} failed its integrity check: ${check}`);
    const table = await client.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'");
    if (!table.rows.length) throw new MaintenanceError(`${file} is not a Scena backup: it has no schema_migrations table.`);
    return Number((await client.execute('SELECT coalesce(max(version), 0) AS v FROM schema_migrations')).rows[0]!.v);
  } finally {
    client.close();
  }
}

const ID = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, { error: 'must be an id (letters, digits, - and _)' });
const PROBLEMS_SHOWN = 10;

type ObjectSchema = z.ZodObject<z.ZodRawShape>;
const schemaOf = (kind: string): ObjectSchema | undefined => CONTENT_KINDS[kind]?.schema as unknown as ObjectSchema | undefined;
/** A stored item is what the API accepts, with an id that fits in an address. */
const itemSchemaOf = (kind: string) => schemaOf(kind)?.extend({ id: ID });
const KIND_BY_NAME = new Map(KINDS.map((k) => [k.name as string, k]));
/** An item saved before a field existed (a release before covers) is valid: it reads with the field empty. */
const filled = (kind: string, value: unknown): unknown => {
  const k = KIND_BY_NAME.get(kind);
  return k && typeof value === 'object' && value !== null && !Array.isArray(value) ? withMissingFields(k, value as Record<string, unknown>) : value;
};

function issuesOf(where: string, result: z.ZodSafeParseResult<unknown>): string[] {
  if (result.success) return [];
  return result.error.issues.map((issue) => {
    const field = issue.code === 'unrecognized_keys' ? issue.keys.map((k) => [...issue.path, k].join('.')).join(', ') : issue.path.join('.') || '(the row)';
    const message = issue.code === 'unrecognized_keys' ? 'is not a field of the model' : issue.message;
    return `${where}, field ${field} ${message}`;
  });
}

const HistoryRowSchema = z.strictObject({
  kind: z.string(),
  item: ID,
  version: z.number().int().min(1, { error: 'must be 1 or more' }),
  at: z.iso.datetime({ error: 'must be a date and time (ISO 8601, UTC)' }),
  action: z.enum(['create', 'update', 'remove', 'restore'], { error: 'must be create, update, remove or restore' }),
  value: z.record(z.string(), z.unknown()).nullable(),
  changed: z.array(z.string().max(200)).max(1000),
});

/** A kept version against the model: its kind exists, its value is valid for it, its item is named right. */
function historyProblems(row: HistoryRow, where: string): string[] {
  const parsed = HistoryRowSchema.safeParse(row);
  if (!parsed.success) return issuesOf(where, parsed);
  const kind = CONTENT_KINDS[row.kind];
  if (!kind) return [`${where}, field kind is not a kind of content`];
  if (kind.shape === 'singleton' && row.item !== 'main') return [`${where}, field item must be "main" for ${row.kind}`];
  if (row.value === null) return row.action === 'remove' && kind.shape === 'list' ? [] : [`${where}, field value must be set unless the version is a removal`];
  if (row.action === 'remove') return [`${where}, field value must be null for a removal`];
  return issuesOf(where, schemaOf(row.kind)!.safeParse(filled(row.kind, row.value)));
}

/** Every row of the (migrated) copy against the model's zod schemas, as the API would check it. */
export async function modelProblems(copy: Database, withAccounts: boolean): Promise<string[]> {
  const c = copy.client;
  const problems: string[] = [];
  for (const row of (await c.execute('SELECT kind, data FROM singletons')).rows) {
    const kind = String(row.kind);
    const schema = CONTENT_KINDS[kind]?.shape === 'singleton' ? schemaOf(kind) : undefined;
    const where = `table ${kind}, row id "main"`;
    if (!schema) problems.push(`table singletons, row kind ${JSON.stringify(kind)} is not a kind of content with one value`);
    else problems.push(...issuesOf(where, schema.safeParse(JSON.parse(String(row.data)))));
  }
  for (const row of (await c.execute('SELECT kind, id, data FROM list_items')).rows) {
    const kind = String(row.kind);
    const schema = CONTENT_KINDS[kind]?.shape === 'list' ? itemSchemaOf(kind) : undefined;
    if (!schema) problems.push(`table list_items, row kind ${JSON.stringify(kind)} is not a list`);
    else
      problems.push(
        ...issuesOf(
          `table ${kind}, row id ${JSON.stringify(String(row.id))}`,
          schema.safeParse({ ...(filled(kind, JSON.parse(String(row.data))) as object), id: row.id }),
        ),
      );
  }
  for (const row of await contentRepo(copy).allHistory()) {
    problems.push(...historyProblems(row, `table history, ${row.kind} item ${JSON.stringify(row.item)} version ${row.version}`));
  }
  if (withAccounts) {
    for (const row of (await c.execute('SELECT id, email, password_hash FROM accounts')).rows) {
      if (!isEmail(String(row.email))) problems.push(`table accounts, row id ${JSON.stringify(String(row.id))}, field email must be an e-mail address`);
      if (!/^\$argon2(id|i|d)\$/.test(String(row.password_hash))) {
        problems.push(`table accounts, row id ${JSON.stringify(String(row.id))}, field password_hash must be an argon2 hash`);
      }
    }
  }
  return problems;
}

/**
 * Replaces the content (and, with `withAccounts`, the accounts) with a backup's, in one
 * transaction, so it is safe while the server runs: readers see the old state or the new one.
 * All sessions end either way. Nothing changes unless the backup passes every check: it is
 * SQLite, passes integrity_check, is a Scena database of this schema version or an older one
 * (migrated on the private copy, never in place), and every row is valid for the model.
 */
export async function restore(db: Database, source: string, options: RestoreOptions = {}): Promise<RestoreSummary> {
  requireLocal(db, 'restore');
  const withAccounts = options.withAccounts ?? false;
  const file = resolve(source);
  if (!existsSync(file)) throw new MaintenanceError(`${file} does not exist.`);
  const staged = await privateCopy(file);
  try {
    options.onStaged?.(staged.path);
    const version = await backupSchemaVersion(staged.path, file);
    if (version > SCHEMA_VERSION) {
      throw new MaintenanceError(
        `${file} was made by a newer Scena (schema version ${version}; this one knows up to ${SCHEMA_VERSION}): update Scena, then restore it. Nothing was restored.`,
      );
    }
    let releases: number;
    let collaborators: number;
    const copy = await openDatabase(`file:${staged.path}`);
    try {
      const problems = await modelProblems(copy, withAccounts);
      if (problems.length) {
        const more = problems.length > PROBLEMS_SHOWN ? `\n  … and ${problems.length - PROBLEMS_SHOWN} more` : '';
        throw new MaintenanceError(
          `${file} holds data this Scena refuses; nothing was restored:\n${problems
            .slice(0, PROBLEMS_SHOWN)
            .map((p) => `  - ${p}`)
            .join('\n')}${more}`,
        );
      }
      const count = async (list: string) =>
        Number((await copy.client.execute({ sql: 'SELECT count(*) AS n FROM list_items WHERE kind = ?', args: [list] })).rows[0]!.n);
      releases = await count('releases');
      collaborators = await count('collaborators');
      if (options.mediaDir) bringMedia(await neededMedia(copy), file, options.mediaDir, 'restored');
      // ATTACH below reads the file: everything must be in it, not in its WAL.
      await copy.client.execute('PRAGMA wal_checkpoint(TRUNCATE)');
    } finally {
      copy.close();
    }
    const tables = withAccounts ? [...CONTENT_TABLES, 'accounts'] : CONTENT_TABLES;
    await db.client.execute({ sql: 'ATTACH DATABASE ? AS backup', args: [staged.path] });
    let sessionsEnded: number;
    try {
      const results = await db.client.batch(
        [
          'DELETE FROM sessions',
          'DELETE FROM login_throttle',
          ...tables.map((t) => `DELETE FROM main.${t}`),
          ...tables.map((t) => `INSERT INTO main.${t} SELECT * FROM backup.${t}`),
          'UPDATE main.content_version SET version = max(version, (SELECT version FROM backup.content_version)) + 1',
        ],
        'write',
      );
      sessionsEnded = results[0]!.rowsAffected;
    } finally {
      await db.client.execute('DETACH DATABASE backup');
    }
    const accountCount = Number((await db.client.execute('SELECT count(*) AS n FROM accounts')).rows[0]!.n);
    return {
      releases,
      collaborators,
      accounts: withAccounts ? 'restored' : 'kept',
      accountCount,
      sessionsEnded,
      ...(version < SCHEMA_VERSION ? { migratedFrom: version } : {}),
    };
  } finally {
    staged.remove();
  }
}

const contentShape = Object.fromEntries(
  KINDS.map((kind) => [
    kind.name,
    kind.shape === 'singleton'
      ? schemaOf(kind.name)!.optional()
      : isPublicKind(kind)
        ? // A list added since a file was exported (media) is absent from it: the file had none.
          z.array(z.preprocess((item) => filled(kind.name, item), itemSchemaOf(kind.name)!)).default([])
        : // An inbox (bookings) absent from a file is kept as it is: importing content never loses visitors' requests.
          z.array(z.preprocess((item) => filled(kind.name, item), itemSchemaOf(kind.name)!)).optional(),
  ]),
);

/** Version 1: the content; version 2 adds `history`, every kept version (import reads both). */
export const ExportSchema = z.strictObject({
  format: z.literal('scena-content', { error: 'must be "scena-content"' }),
  version: z.union([z.literal(1), z.literal(2)], { error: 'must be 1 or 2' }),
  exportedAt: z.string().optional(),
  content: z.strictObject(contentShape),
  history: z
    .array(z.unknown())
    .max(HISTORY_LIMIT * 10_000)
    .optional(),
});
export type ContentExport = z.infer<typeof ExportSchema>;

export async function exportContent(db: Database): Promise<ContentExport> {
  const repo = contentRepo(db);
  const content = await repo.snapshot();
  return { format: 'scena-content', version: 2, exportedAt: new Date().toISOString(), content: strip(content), history: await repo.allHistory() };
}

const strip = (c: PublicContent) => Object.fromEntries(Object.entries(c).filter(([, v]) => v !== undefined)) as ContentExport['content'];

/** The JSON, and with `mediaDir` the images it names in `<file>.media/` beside it. */
export async function exportToFile(db: Database, target: string, mediaDir?: string): Promise<void> {
  const file = resolve(target);
  writeFileSync(file, `${JSON.stringify(await exportContent(db), null, 2)}\n`);
  if (mediaDir) copyFiles(mediaDir, mediaFolderOf(file), variantsOf(mediaDir, allOf(await neededMedia(db))));
}

/** Replaces all content with a file's, after validating every field as the API does. Accounts stay. */
export async function importFromFile(db: Database, source: string, mediaDir?: string): Promise<PublicContent> {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(resolve(source), 'utf8'));
  } catch (error) {
    throw new MaintenanceError(`${source} is not a JSON file: ${(error as Error).message}`);
  }
  return importContent(db, data, source, mediaDir);
}

/**
 * Writes the first-start content (src/content/seed.ts) into a database that has never held any: no content and no
 * version of any. Removing the seeded releases later never brings them back (the versions remain). True when written.
 */
export async function seedFirstStart(db: Database): Promise<boolean> {
  const versions = Number((await db.client.execute('SELECT count(*) AS n FROM history')).rows[0]!.n);
  const current = await contentRepo(db).snapshot();
  if (versions > 0 || !isEmpty(current)) return false;
  await contentRepo(db).replaceAll(SEED_CONTENT);
  return true;
}

const isEmpty = (content: PublicContent) => Object.values(content).every((v) => (Array.isArray(v) ? v.length === 0 : v === undefined));

/**
 * Whether the database holds only the first-start content as it was written: each seeded value unchanged and
 * one version of each (an admin who edited, removed or added anything has their own content).
 */
async function seedOnly(db: Database): Promise<boolean> {
  const repo = contentRepo(db);
  const current = await repo.snapshot();
  const history = await repo.allHistory();
  const same = (a: unknown, b: unknown) => isDeepStrictEqual(a, b);
  const expected = SEED_CONTENT.releases.length + SEED_CONTENT.services.length + 1;
  return (
    history.length === expected &&
    history.every((h) => h.action === 'create') &&
    same(current.settings, SEED_CONTENT.settings) &&
    same(current.releases, SEED_CONTENT.releases) &&
    same(current.services, SEED_CONTENT.services) &&
    current.collaborators.length === 0 &&
    (current.media ?? []).length === 0 &&
    current.stats === undefined
  );
}

/**
 * Fills the database with the sample catalogue (server/sample.ts), checked as an import is. Over
 * existing content only when told to replace it: the artist's own work is never lost by a slip.
 */
export async function loadSample(db: Database, replace: boolean, mediaDir?: string): Promise<PublicContent> {
  const current = await contentRepo(db).snapshot();
  // An empty database, or one holding only the first-start content, takes the sample; the admin's own never does.
  if (!replace && !isEmpty(current) && !(await seedOnly(db))) {
    throw new MaintenanceError(
      'The database already holds content (your own, or an earlier sample). `npm run admin -- sample --replace` replaces all of it with the sample catalogue (run `npm run admin -- export <file.json>` first to keep a copy).',
    );
  }
  let content = SAMPLE_CONTENT;
  if (mediaDir) {
    // With images: a portrait and a cover per release and per credit, processed as uploads are.
    const titles = SAMPLE_CONTENT.releases.map((r) => r.title);
    const files = mediaFiles(mediaDir);
    const { portrait, covers } = await sampleImages(files, [...titles, ...SAMPLE_CREDIT_TITLES]);
    const creditCovers = covers.slice(titles.length);
    // And recordings: a tagged beat, a mix and a master with their befores, on the services (server/sample-media.ts).
    const { audio, samples, producerTag } = await sampleAudio(files, current.audio);
    // A poster for each upcoming show (the first five).
    const posters = await samplePosters(files, SAMPLE_CONTENT.shows.slice(0, 5));
    // The press kit's photos and logo (issue 31).
    const pressImages = await samplePressImages(files);
    content = {
      ...SAMPLE_CONTENT,
      settings: { ...SAMPLE_CONTENT.settings, portrait: portrait.id, producerTag },
      releases: SAMPLE_CONTENT.releases.map((r, i) => ({ ...r, cover: covers[i]!.id })),
      credits: SAMPLE_CONTENT.credits.map((c, i) => ({ ...c, cover: creditCovers[i]!.id })),
      shows: SAMPLE_CONTENT.shows.map((show, i) => ({ ...show, poster: posters[i]?.id ?? '' })),
      press: { ...SAMPLE_CONTENT.press, logoPng: pressImages.logo.id },
      pressPhotos: pressImages.photos.map((photo, i) =>
        fullItem(pressPhotos, { id: `sample-press-photo-${i + 1}`, image: photo.id, credit: SAMPLE_PHOTO_CREDITS[i] ?? '' }),
      ),
      media: [portrait, ...covers, ...posters, ...pressImages.photos, pressImages.logo],
      audio,
      samples,
    };
    content = withSampleDocuments(content, await sampleDocuments(files));
  }
  return importContent(db, { format: 'scena-content', version: 1, content: strip(content) }, 'the sample catalogue', mediaDir);
}

/**
 * The sample's documents (issue 31): the library holds the rider, the stage plot and the logo, and the press kit points
 * at them; its other fields are kept as the sample has them (empty when it has none).
 */
function withSampleDocuments(content: PublicContent, docs: Awaited<ReturnType<typeof sampleDocuments>>): PublicContent {
  const empty = Object.fromEntries(storedFields(press).map(({ key, field }) => [key, emptyValue(field)]));
  return {
    ...content,
    documents: [docs.rider, docs.stagePlot, docs.logo],
    press: { ...empty, ...content.press, rider: docs.rider.id, stagePlot: docs.stagePlot.id, logoSvg: docs.logo.id },
  } as PublicContent;
}

/** Replaces all content with an export's, after validating every field as the API does. Accounts stay. */
async function importContent(db: Database, data: unknown, source: string, mediaDir?: string): Promise<PublicContent> {
  const parsed = ExportSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new MaintenanceError(`${source}: ${issue.path.join('.') || 'file'} ${issue.message}`);
  }
  const { content, version, history } = parsed.data;
  for (const kind of KINDS) {
    if (kind.shape !== 'list') continue;
    const ids = ((content[kind.name] as { id: string }[] | undefined) ?? []).map((x) => x.id);
    if (new Set(ids).size !== ids.length) throw new MaintenanceError(`${source}: content.${kind.name} has the same id twice`);
  }
  if (version === 1 && history) throw new MaintenanceError(`${source}: history is part of version 2: set "version": 2`);
  const rows = (history ?? []) as HistoryRow[];
  const seen = new Set<string>();
  for (const [i, row] of rows.entries()) {
    const problems = historyProblems(row, `history.${i}`);
    if (problems.length) throw new MaintenanceError(`${source}: ${problems[0]}`);
    const key = JSON.stringify([row.kind, row.item, row.version]);
    if (seen.has(key))
      throw new MaintenanceError(`${source}: history.${i} is version ${row.version} of ${row.kind} item ${JSON.stringify(row.item)} a second time`);
    seen.add(key);
  }
  const full = content as unknown as PublicContent;
  if (mediaDir) {
    const hashesOf = (kind: 'media' | 'audio' | 'documents', items: { src: string }[] | undefined) =>
      new Set(
        [...(items ?? []).map((m) => m.src), ...rows.filter((r) => r.kind === kind && r.value).map((r) => String(r.value!.src))]
          .map(mediaHash)
          .filter((h): h is string => h !== undefined),
      );
    bringMedia(
      {
        images: hashesOf('media', full.media),
        audio: hashesOf('audio', full.audio),
        documents: hashesOf('documents', full.documents),
        previews: previewKeysOf(full),
      },
      resolve(source),
      mediaDir,
      'imported',
    );
  }
  await contentRepo(db).replaceAll(full, rows);
  return full;
}
