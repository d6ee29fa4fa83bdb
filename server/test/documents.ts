/**
 * Real PDFs made with pdf-lib, and ones a defence must refuse (encrypted, with JavaScript), for the documents
 * library's tests (docs/decisions/0055-documents.md).
 */
import { PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';

/** A PDF of `pages` A4 pages, each with a line of text; `fill` bytes of padding in a stream make it larger. */
export async function makePdf(pages = 2, title = 'Technical rider', fill = 0): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++) {
    const page = doc.addPage([595, 842]);
    page.drawText(`${title} — page ${i + 1}`.replace('—', '-'), { x: 50, y: 780, size: 20, font });
  }
  if (fill > 0) {
    // Incompressible bytes (a photo's worth), kept as they are: the file is as large as a rider with pictures.
    const noise = Buffer.alloc(fill);
    let x = 2463534242;
    for (let i = 0; i < fill; i++) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      noise[i] = x & 0xff;
    }
    const stream = doc.context.stream(noise, {});
    doc.catalog.set(PDFName.of('PieceInfo'), doc.context.register(stream));
  }
  return Buffer.from(await doc.save({ useObjectStreams: false, updateFieldAppearances: false }));
}

/** A PDF whose trailer says it is encrypted (the Standard handler), as a "protected" export is. */
export async function encryptedPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]);
  const encrypt = doc.context.obj({
    Filter: 'Standard',
    V: 1,
    R: 2,
    O: PDFString.of('0123456789abcdef0123456789abcdef'),
    U: PDFString.of('0123456789abcdef0123456789abcdef'),
    P: -44,
  });
  doc.context.trailerInfo.Encrypt = doc.context.register(encrypt);
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** A PDF that runs JavaScript when opened (an /OpenAction of type JavaScript). */
export async function scriptedPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]);
  const action = doc.context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of('app.alert("hi")') });
  doc.catalog.set(PDFName.of('OpenAction'), doc.context.register(action));
  return Buffer.from(await doc.save({ useObjectStreams: true }));
}
