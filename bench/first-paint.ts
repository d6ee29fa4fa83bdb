/**
 * Budget 2: the HTML plus the CSS needed for first paint, brotli-compressed. Fetches each prerendered
 * document from the static server as a browser would (Accept-Encoding: br), counts the bytes on the
 * wire, and adds every render-blocking stylesheet it links (rel=stylesheet without a non-matching
 * media query). The CSS inlined in the HTML is already in the HTML's bytes.
 */
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { brotliSize } from './lib';

export interface FirstPaint {
  path: string;
  /** HTML bytes on the wire (the server's precompressed .br). */
  htmlTransferred: number;
  /** HTML recompressed here at quality 11, as a cross-check. */
  htmlBrotli: number;
  htmlBytes: number;
  inlineCssBytes: number;
  blockingCss: { url: string; transferred: number; brotli: number }[];
  blockingScripts: string[];
  /** The figure the budget counts: the HTML's transferred brotli plus the blocking stylesheets'. */
  total: number;
}

interface Fetched {
  status: number;
  encoding: string;
  raw: Buffer;
  body: Buffer;
}

function get(url: string): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const encoding = String(res.headers['content-encoding'] ?? '');
        const body = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
        resolve({ status: res.statusCode ?? 0, encoding, raw, body });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Transferred size as brotli: the raw bytes if the server sent brotli, else recompressed. */
const asBrotli = (f: Fetched) => (f.encoding === 'br' ? f.raw.length : brotliSize(f.body));

const attr = (tag: string, name: string) =>
  new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i')
    .exec(tag)
    ?.slice(1)
    .find((v) => v !== undefined);

export async function measureFirstPaint(origin: string, paths: string[]): Promise<FirstPaint[]> {
  const results: FirstPaint[] = [];
  for (const path of paths) {
    const page = await get(origin + path);
    if (page.status !== 200) throw new Error(`${path}: HTTP ${page.status}`);
    const html = page.body.toString('utf8');
    const inlineCssBytes = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/gi)].reduce((sum, m) => sum + Buffer.byteLength(m[1]!), 0);
    const blockingCss: FirstPaint['blockingCss'] = [];
    for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
      const rel = (attr(tag, 'rel') ?? '').toLowerCase().split(/\s+/);
      const media = (attr(tag, 'media') ?? 'all').toLowerCase();
      if (!rel.includes('stylesheet') || rel.includes('alternate') || /^(print|not all)$/.test(media)) continue;
      const href = attr(tag, 'href');
      if (!href) continue;
      const url = new URL(href, origin + path).href;
      const css = await get(url);
      blockingCss.push({ url, transferred: asBrotli(css), brotli: brotliSize(css.body) });
    }
    // Classic scripts in <head> without async/defer also block rendering: listed, not counted.
    const head = /<head[^>]*>([\s\S]*?)<\/head>/i.exec(html)?.[1] ?? '';
    const blockingScripts = [...head.matchAll(/<script\b[^>]*>/gi)]
      .map(([tag]) => tag)
      .filter((tag) => attr(tag, 'src') && !/\s(async|defer)\b/i.test(tag) && (attr(tag, 'type') ?? '') !== 'module')
      .map((tag) => attr(tag, 'src')!);
    const htmlTransferred = asBrotli(page);
    results.push({
      path,
      htmlTransferred,
      htmlBrotli: brotliSize(page.body),
      htmlBytes: page.body.length,
      inlineCssBytes,
      blockingCss,
      blockingScripts,
      total: htmlTransferred + blockingCss.reduce((sum, c) => sum + c.transferred, 0),
    });
  }
  return results;
}
