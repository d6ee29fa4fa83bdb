/**
 * The press kit (issue 31; docs/decisions/0054-press-kit.md): what a promoter or a journalist asks a booking artist for,
 * on /en/press/ and /ro/presa/ and in one ZIP.
 * - `press`: the bios (a short one of at most 60 words and a long one, per language), the terms of use of the press
 *   photos, the logo (an SVG from Documents and a PNG from Media), the technical rider and the stage plot (PDFs from
 *   Documents) and the press contact. Booking's contact is the site's contact e-mail (settings).
 * - `pressPhotos`: the press photos, each an image of the media library (downloaded at the largest size kept) with
 *   its photographer's credit, in his order.
 * - `quotes`: what the press wrote: the quote per language, the outlet, a link to the article and its day.
 */
import { day, email, image, itemRef, link, list, longText, singleton, text, type KindWords } from '../fields/declare';

/** A short bio's most words (the 60: what a festival's programme prints). */
export const SHORT_BIO_WORDS = 60;

export const press = singleton({
  name: 'press',
  save: 'merge',
  page: 'press',
  fields: {
    bioShort: longText({ max: 600, maxWords: SHORT_BIO_WORDS, perLanguage: true }),
    bioLong: longText({ max: 6000, perLanguage: true }),
    photoTerms: longText({ max: 600, perLanguage: true }),
    logoSvg: itemRef({ list: 'documents' }),
    logoPng: image({}),
    rider: itemRef({ list: 'documents' }),
    stagePlot: itemRef({ list: 'documents' }),
    contactName: text({ max: 120, oneLine: true }),
    contactEmail: email({}),
  },
});

export const pressPhotos = list({
  name: 'pressPhotos',
  item: 'pressPhoto',
  page: 'press',
  max: 30,
  fields: {
    image: image({}),
    /** Who took it: the page says "Photo: <credit>". */
    credit: text({ max: 120, oneLine: true }),
  },
});

export const quotes = list({
  name: 'quotes',
  item: 'pressQuote',
  page: 'press',
  max: 50,
  fields: {
    quote: longText({ max: 600, perLanguage: true }),
    outlet: text({ max: 120, oneLine: true }),
    url: link({}),
    date: day({}),
  },
});

export const pressWords = {
  label: { en: 'Press kit', ro: 'Kit de presă' },
  fields: {
    bioShort: {
      label: { en: 'Short bio', ro: 'Biografie scurtă' },
      help: { en: 'At most 60 words, for a festival’s programme.', ro: 'Cel mult 60 de cuvinte, pentru programul unui festival.' },
    },
    bioLong: {
      label: { en: 'Long bio', ro: 'Biografie lungă' },
      help: {
        en: 'For an article or an interview. Empty lines make paragraphs.',
        ro: 'Pentru un articol sau un interviu. Rândurile goale despart paragrafele.',
      },
    },
    photoTerms: {
      label: { en: 'Terms of use of the photos', ro: 'Condițiile de folosire a fotografiilor' },
      help: {
        en: 'Empty: “Free to use for press and promotion, with the photographer’s credit.”',
        ro: 'Gol: „Se pot folosi gratuit în presă și pentru promovare, cu numele fotografului.”',
      },
    },
    logoSvg: {
      label: { en: 'Logo (SVG)', ro: 'Logo (SVG)' },
      help: { en: 'An SVG file from Documents.', ro: 'Un fișier SVG din Documente.' },
    },
    logoPng: {
      label: { en: 'Logo (PNG)', ro: 'Logo (PNG)' },
      help: { en: 'A PNG from Media, at least 1,000 pixels wide.', ro: 'Un PNG din Media, lat de cel puțin 1.000 de pixeli.' },
    },
    rider: {
      label: { en: 'Technical rider (PDF)', ro: 'Rider tehnic (PDF)' },
      help: { en: 'A PDF from Documents.', ro: 'Un PDF din Documente.' },
    },
    stagePlot: {
      label: { en: 'Stage plot (PDF)', ro: 'Plan de scenă (PDF)' },
      help: { en: 'A PDF from Documents.', ro: 'Un PDF din Documente.' },
    },
    contactName: {
      label: { en: 'Press contact', ro: 'Contact de presă' },
      help: { en: 'A name, such as your agent’s.', ro: 'Un nume, de exemplu al agentului.' },
    },
    contactEmail: {
      label: { en: 'Press e-mail', ro: 'E-mail de presă' },
      help: { en: 'Empty: the site’s contact e-mail.', ro: 'Gol: adresa de e-mail de contact a site-ului.' },
    },
  },
} satisfies KindWords<typeof press>;

export const pressPhotosWords = {
  label: { en: 'Press photos', ro: 'Fotografii de presă' },
  fields: {
    image: {
      label: { en: 'Photo', ro: 'Fotografie' },
      help: { en: 'The largest size kept is what journalists download.', ro: 'Jurnaliștii descarcă cea mai mare dimensiune păstrată.' },
    },
    credit: {
      label: { en: 'Photographer', ro: 'Fotograf' },
      help: { en: 'Shown as “Photo: …” beside the photo.', ro: 'Apare ca „Foto: …” lângă fotografie.' },
    },
  },
} satisfies KindWords<typeof pressPhotos>;

export const quotesWords = {
  label: { en: 'Press quotes', ro: 'Citate din presă' },
  fields: {
    quote: { label: { en: 'Quote', ro: 'Citat' }, help: { en: 'At most 600 characters.', ro: 'Cel mult 600 de caractere.' } },
    outlet: { label: { en: 'Publication', ro: 'Publicație' }, help: { en: 'Such as “Scena9”.', ro: 'De exemplu „Scena9”.' } },
    url: { label: { en: 'Link to the article (optional)', ro: 'Linkul articolului (opțional)' } },
    date: { label: { en: 'Date (optional)', ro: 'Data (opțională)' } },
  },
} satisfies KindWords<typeof quotes>;
