/**
 * A QR code of an address, drawn here (issue 31; docs/decisions/0052-qr-codes.md): the modules by the `qrcode` library
 * (error correction M), then an SVG and a PNG written by this module alone, the same in the admin's browser and in
 * Node (the test decodes what it drew). No canvas, no server: nothing leaves the machine. Loaded by the admin only
 * when a code is asked for (import() in ./qr-dialog.tsx): the library never reaches the public page
 * (scripts/public-chunks.ts).
 */
import { create } from 'qrcode';

/** The white border every reader needs around the code, in modules (the standard's four). */
export const QUIET_ZONE = 4;
/** The PNG's side, for print: 1200 px is 10 cm at 300 dpi (written in the file's pHYs). */
export const PNG_SIZE = 1200;
const DOTS_PER_METRE = Math.round(300 / 0.0254);

/** The code's modules: `size` × `size`, `dark[y * size + x]`. */
export interface QrModules {
  size: number;
  dark: Uint8Array;
}

export function qrModules(text: string): QrModules {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  return { size: modules.size, dark: Uint8Array.from(modules.data, (v) => (v ? 1 : 0)) };
}

/** The dark modules as one SVG path (a run of a row is one rectangle), in modules, the quiet zone included. */
export function qrPath({ size, dark }: QrModules): string {
  const parts: string[] = [];
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (!dark[y * size + x]) continue;
      let run = 1;
      while (x + run < size && dark[y * size + x + run]) run++;
      parts.push(`M${x + QUIET_ZONE} ${y + QUIET_ZONE}h${run}v1h-${run}z`);
      x += run - 1;
    }
  }
  return parts.join('');
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A standalone SVG file: black modules on white, sharp edges, its address as its title. */
export function qrSvg(text: string, modules = qrModules(text)): string {
  const side = modules.size + 2 * QUIET_ZONE;
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" width="${side * 10}" height="${side * 10}" shape-rendering="crispEdges">` +
    `<title>${escapeXml(text)}</title>` +
    `<rect width="${side}" height="${side}" fill="#fff"/>` +
    `<path fill="#000" d="${qrPath(modules)}"/>` +
    `</svg>\n`
  );
}

/** CRC-32 as PNG computes it (ISO 3309). */
const CRC_TABLE = Uint32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** zlib's format (RFC 1950), as PNG's image data wants it: the browser's own CompressionStream (Node's too). */
async function deflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new CompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/**
 * A PNG of `px` × `px` (1-bit greyscale, 300 dpi): each module a whole number of pixels (no blurred edge), the code
 * centred, the quiet zone and what the rounding leaves white around it.
 */
export async function qrPng(text: string, px = PNG_SIZE, modules = qrModules(text)): Promise<Uint8Array> {
  const { size, dark } = modules;
  const scale = Math.floor(px / (size + 2 * QUIET_ZONE));
  const offset = Math.floor((px - scale * size) / 2);
  const rowBytes = Math.ceil(px / 8);
  const raw = new Uint8Array((rowBytes + 1) * px).fill(0xff);
  for (let y = 0; y < px; y++) raw[y * (rowBytes + 1)] = 0; // each row's filter: none
  for (let my = 0; my < size; my++) {
    // One pixel row of this module row, then copied for the module's height.
    const first = (offset + my * scale) * (rowBytes + 1);
    for (let mx = 0; mx < size; mx++) {
      if (!dark[my * size + mx]) continue;
      for (let x = offset + mx * scale; x < offset + (mx + 1) * scale; x++) raw[first + 1 + (x >> 3)]! &= ~(0x80 >> (x & 7));
    }
    for (let r = 1; r < scale; r++) raw.copyWithin(first + r * (rowBytes + 1), first, first + rowBytes + 1);
  }
  const header = new Uint8Array(13);
  const h = new DataView(header.buffer);
  h.setUint32(0, px);
  h.setUint32(4, px);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, adaptive filters, no interlace
  const phys = new Uint8Array(9);
  const p = new DataView(phys.buffer);
  p.setUint32(0, DOTS_PER_METRE);
  p.setUint32(4, DOTS_PER_METRE);
  phys[8] = 1; // per metre
  const parts = [
    Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a),
    chunk('IHDR', header),
    chunk('pHYs', phys),
    chunk('IDAT', await deflate(raw)),
    chunk('IEND', new Uint8Array(0)),
  ];
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
