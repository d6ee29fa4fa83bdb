/**
 * "Download the press kit" (issue 31; docs/decisions/0054-press-kit.md): one ZIP of the press kit, made from the
 * content by one plan (pressKitPlan) for Scena's server and for the static builds alike:
 *   <artist>-bio-en.txt, <artist>-bio-ro.txt   the bios, key facts, quotes, photo terms and contacts per language
 *   photos/<artist>-press-photo-<n>-<credit>.jpg   each press photo at the largest size kept
 *   logo/<artist>-logo.svg, logo/<artist>-logo.png  the logo, where set
 *   <artist>-technical-rider.pdf, <artist>-stage-plot.pdf   the PDFs, where set
 * On Scena's server the ZIP is written once per plan (its key: a hash of every name, text and file it holds) into a
 * folder of its own, by one writer however many ask at once, and every request streams that file; the next content
 * change that alters the plan writes a new one (pressKitFiles). The static builds write it into the site
 * (scripts/prerender.ts). JPEG, PNG and PDF are stored as they are (already compressed), the text deflated.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, mkdirSync, readdirSync, renameSync, rmSync, statSync, createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import archiver from 'archiver';
import { siteConfig } from '../../site.config';
import type { DocumentItem, MediaItem, PublicContent } from '../../src/content/model';
import { downloadName, pressPhotoDownload } from '../../src/content/press-paths';
import { pressDocument, pressKitText, pressLogoPng, pressPhotoItems } from '../../src/site/press/press-page';

export type KitSource =
  { kind: 'text'; text: string } | { kind: 'photo'; item: MediaItem } | { kind: 'logoPng'; item: MediaItem } | { kind: 'document'; item: DocumentItem };
export interface KitEntry {
  name: string;
  source: KitSource;
}

/** What the ZIP holds for this content, in order. */
export function pressKitPlan(content: PublicContent, now: number): KitEntry[] {
  const artist = siteConfig.artist.name;
  const base = downloadName(artist);
  const entries: KitEntry[] = (['en', 'ro'] as const).map((lang) => ({
    name: `${base}-bio-${lang}.txt`,
    source: { kind: 'text', text: pressKitText(lang, content, now) },
  }));
  pressPhotoItems(content).forEach(({ photo, image }, i) => {
    const { ext } = pressPhotoDownload(image);
    entries.push({ name: `photos/${downloadName(artist, 'press photo', String(i + 1), photo.credit)}.${ext}`, source: { kind: 'photo', item: image } });
  });
  const svg = pressDocument(content, 'logoSvg');
  if (svg) entries.push({ name: `logo/${base}-logo.svg`, source: { kind: 'document', item: svg } });
  const png = pressLogoPng(content);
  if (png) entries.push({ name: `logo/${base}-logo.png`, source: { kind: 'logoPng', item: png } });
  for (const [field, what] of [
    ['rider', 'technical rider'],
    ['stagePlot', 'stage plot'],
  ] as const) {
    const item = pressDocument(content, field);
    if (item) entries.push({ name: `${downloadName(artist, what)}.${item.format}`, source: { kind: 'document', item } });
  }
  return entries;
}

/** A key for a plan: the same names, texts and files give the same key (a hash of each file's address, which holds its own hash on the server). */
export function planKey(plan: KitEntry[]): string {
  const hash = createHash('sha256');
  for (const { name, source } of plan) hash.update(`${name}\0${source.kind === 'text' ? source.text : source.item.src}\0`);
  return hash.digest('hex').slice(0, 32);
}

/** The bytes of a file of the plan; undefined when it cannot be had (the entry is left out, and said). */
export type KitResolver = (source: Exclude<KitSource, { kind: 'text' }>) => Promise<Buffer | undefined>;

/** Writes the ZIP of a plan to `out`; resolves with the names written and those left out. */
export async function writePressKit(
  plan: KitEntry[],
  resolve: KitResolver,
  out: NodeJS.WritableStream,
  date = new Date(),
): Promise<{ written: string[]; missing: string[] }> {
  const zip = archiver('zip', { zlib: { level: 9 } });
  const done = finished(out as NodeJS.WritableStream & import('node:stream').Writable);
  // Awaited at the end; handled now, so that a file that cannot be opened (its folder gone) while the entries are
  // still read is this call's error, not an unhandled rejection that ends the process.
  done.catch(() => {});
  const failed = new Promise<never>((_, reject) => zip.on('error', reject));
  failed.catch(() => {});
  zip.pipe(out);
  const written: string[] = [];
  const missing: string[] = [];
  for (const { name, source } of plan) {
    if (source.kind === 'text') {
      zip.append(source.text, { name, date });
      written.push(name);
      continue;
    }
    const bytes = await resolve(source).catch(() => undefined);
    if (!bytes) {
      missing.push(name);
      continue;
    }
    // Stored: JPEG, PNG and PDF are compressed already; an SVG is text.
    zip.append(bytes, { name, date, store: !name.endsWith('.svg') });
    written.push(name);
  }
  await Promise.race([zip.finalize(), failed]);
  await done;
  return { written, missing };
}

export interface PressKitFile {
  path: string;
  size: number;
  /** A strong validator: the plan's key. */
  etag: string;
}

/**
 * The server's ZIPs: one file per plan in `dir`, written by one writer however many ask at once (a temporary name, then
 * a rename, so a reader never gets half a file), the older ones removed once a new one is written.
 */
export function pressKitFiles(dir: string, resolve: KitResolver) {
  const writing = new Map<string, Promise<PressKitFile>>();
  let writes = 0;
  let soon: NodeJS.Timeout | undefined;
  const fileOf = (key: string) => join(dir, `press-kit-${key}.zip`);
  const existing = (key: string): PressKitFile | undefined => {
    const stat = statSync(fileOf(key), { throwIfNoEntry: false });
    return stat ? { path: fileOf(key), size: stat.size, etag: `"${key}"` } : undefined;
  };
  const write = async (key: string, plan: KitEntry[]): Promise<PressKitFile> => {
    mkdirSync(dir, { recursive: true });
    const temp = join(dir, `.tmp-${randomUUID()}.zip`);
    try {
      await writePressKit(plan, resolve, createWriteStream(temp));
      renameSync(temp, fileOf(key));
      writes++;
    } finally {
      rmSync(temp, { force: true });
    }
    // The kits of earlier content; never another writer's temporary file (its rename would fail).
    for (const name of readdirSync(dir)) if (/^press-kit-.*\.zip$/.test(name) && name !== `press-kit-${key}.zip`) rmSync(join(dir, name), { force: true });
    return existing(key)!;
  };
  const kit = {
    /** The ZIP of this content, written first when it is not yet. */
    async file(content: PublicContent, now: number): Promise<PressKitFile> {
      const plan = pressKitPlan(content, now);
      const key = planKey(plan);
      const ready = existing(key);
      if (ready) return ready;
      let made = writing.get(key);
      if (!made) {
        made = write(key, plan).finally(() => writing.delete(key));
        writing.set(key, made);
      }
      return made;
    },
    /** A file's bytes as a stream. */
    stream: (file: PressKitFile) => createReadStream(file.path),
    /**
     * After a content change: the ZIP of the new content is written a second later (once for a burst of changes), so
     * the first download after it does not wait. A failure is only logged: the next download writes it.
     */
    changed(read: () => Promise<PublicContent>, log: (error: unknown) => void): void {
      clearTimeout(soon);
      soon = setTimeout(() => {
        soon = undefined;
        read()
          .then((content) => kit.file(content, Date.now()))
          .catch(log);
      }, 1000);
      soon.unref();
    },
    /** Forgets a pending write (the server stops). */
    stop(): void {
      clearTimeout(soon);
      soon = undefined;
    },
    /** How many ZIPs were written (a test sees 100 requests at once write one). */
    get writes() {
      return writes;
    },
  };
  return kit;
}
export type PressKitFiles = ReturnType<typeof pressKitFiles>;
