/**
 * The QR codes the admin draws (issue 31; docs/decisions/0052-qr-codes.md), decoded back: the PNG read with pngjs (as
 * a print shop's software reads the file) and decoded with jsQR; the SVG parsed as XML, its squares drawn back to
 * pixels and decoded too. What the admin's browser runs is this same module.
 */
import { createRequire } from 'node:module';
import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { PNG_SIZE, QUIET_ZONE, qrModules, qrPng, qrSvg } from './qr-code';

const require = createRequire(import.meta.url);
const { PNG } = require('pngjs') as { PNG: { sync: { read(bytes: Buffer): { width: number; height: number; data: Buffer } } } };
const { JSDOM } = require('jsdom') as { JSDOM: new (html: string) => { window: { DOMParser: typeof DOMParser } } };

const RELEASE = 'https://tudorvale.ro/ro/muzica/lumini-de-oras/?src=qr';
const SHOW = 'https://tudorvale.ro/en/shows/2031-05-16-cluj-napoca-form-space/?src=qr';
const LINKS = 'https://tudorvale.ro/links?src=qr';

/** What jsQR reads in RGBA pixels. */
const decode = (rgba: Uint8ClampedArray, width: number, height: number) => jsQR(rgba, width, height)?.data;

describe('a QR code drawn by the admin', () => {
  for (const address of [RELEASE, SHOW, LINKS]) {
    it(`as a PNG of 1200 × 1200 px decodes back to exactly ${address}`, async () => {
      const bytes = await qrPng(address);
      const png = PNG.sync.read(Buffer.from(bytes));
      expect([png.width, png.height]).toEqual([PNG_SIZE, PNG_SIZE]);
      expect(decode(new Uint8ClampedArray(png.data), png.width, png.height)).toBe(address);
      // Only black and white: every module a whole number of pixels, no grey edge to blur in print.
      const greys = new Set<number>();
      for (let i = 0; i < png.data.length; i += 4) greys.add(png.data[i]!);
      expect([...greys].sort((a, b) => a - b)).toEqual([0, 255]);
    });
  }

  it('keeps the quiet zone white and centres the code, whatever its size', async () => {
    const modules = qrModules(RELEASE);
    const png = PNG.sync.read(Buffer.from(await qrPng(RELEASE, PNG_SIZE, modules)));
    const scale = Math.floor(PNG_SIZE / (modules.size + 2 * QUIET_ZONE));
    const dark = (x: number, y: number) => png.data[(y * png.width + x) * 4] === 0;
    // No dark pixel within four modules of any edge.
    const inBorder: string[] = [];
    for (let y = 0; y < PNG_SIZE; y++)
      for (let x = 0; x < PNG_SIZE; x++) if (Math.min(x, y, PNG_SIZE - 1 - x, PNG_SIZE - 1 - y) < QUIET_ZONE * scale && dark(x, y)) inBorder.push(`${x},${y}`);
    expect(inBorder).toEqual([]);
    // The top-left finder's corner is dark, centred to a pixel.
    const offset = Math.floor((PNG_SIZE - scale * modules.size) / 2);
    expect(dark(offset, offset)).toBe(true);
    expect(dark(offset - 1, offset)).toBe(false);
    const right = offset + scale * modules.size - 1;
    expect(dark(right, offset)).toBe(true);
    expect(dark(right + 1, offset)).toBe(false);
    expect(PNG_SIZE - 1 - right - offset).toBeLessThanOrEqual(1);
  });

  it('as an SVG is well-formed XML, titled with its address, and its squares decode back to it', () => {
    const svg = qrSvg(RELEASE);
    const doc = new new JSDOM('').window.DOMParser().parseFromString(svg, 'image/svg+xml');
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    const root = doc.documentElement;
    expect(root.namespaceURI).toBe('http://www.w3.org/2000/svg');
    expect(root.getElementsByTagName('title')[0]?.textContent).toBe(RELEASE);
    const side = qrModules(RELEASE).size + 2 * QUIET_ZONE;
    expect(root.getAttribute('viewBox')).toBe(`0 0 ${side} ${side}`);
    // The path's squares, drawn at 8 px a module, read as any reader would.
    const d = root.getElementsByTagName('path')[0]!.getAttribute('d')!;
    const px = 8;
    const width = side * px;
    const rgba = new Uint8ClampedArray(width * width * 4).fill(255);
    let runs = 0;
    for (const [, x, y, run] of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\3z/g)) {
      runs++;
      for (let yy = Number(y) * px; yy < (Number(y) + 1) * px; yy++)
        for (let xx = Number(x) * px; xx < (Number(x) + Number(run)) * px; xx++) rgba.fill(0, (yy * width + xx) * 4, (yy * width + xx) * 4 + 3);
    }
    expect(d.replace(/M(\d+) (\d+)h(\d+)v1h-\3z/g, '')).toBe('');
    expect(runs).toBeGreaterThan(0);
    expect(decode(rgba, width, width)).toBe(RELEASE);
    // An address with XML's own characters stays well-formed.
    const odd = qrSvg('https://example.com/?a=1&b=<2>');
    expect(new new JSDOM('').window.DOMParser().parseFromString(odd, 'image/svg+xml').getElementsByTagName('parsererror')).toHaveLength(0);
  });
});
