/**
 * The audio library: the artist's own recordings (samples, the producer tag), beside the images of ./media.ts
 * (docs/decisions/0027-audio-with-ffmpeg.md). On Scena's server an upload makes the item: `src` names the original
 * by its SHA-256 (`/media/<hash>`; the original itself is never served, its renditions are), and the server fills in
 * `status`, `problem` and the facts (`durationMs`, `loudness`, `peak`, `waveform`) as it transcodes. On Firebase, an
 * item is an https:// link to a file the artist hosts, `ready` as given, its facts 0 / '' unless the admin gives them.
 *
 * The admin's routes on Scena's server (the contract between the server and the admin's Media page):
 * - `POST /api/admin/media`, a multipart form with one file: an image answers `{ image }` as before; an audio file
 *   answers 202 `{ audio }` at once, the item in status `processing` (the same file again: 200 and the item it made).
 * - `GET /api/admin/audio/<id>/progress` → `{ status, fraction, problem }` (fraction 0–1 while processing).
 * - `POST /api/admin/audio/<id>/retry` → `{ audio }` (a failed item processing again).
 * - The signed-in admin may play any item's renditions (src/content/audio.ts); visitors only what the page uses.
 * Removing an item another names (a sample, the producer tag) is refused as an image in use is.
 */
import { fileSource, choice, decimal, list, text, waveform, wholeNumber, type KindWords } from '../fields/declare';

/** The longest audio the library takes: 15 minutes. */
export const AUDIO_MAX_MS = 15 * 60 * 1000;
/** How many points a waveform has at most. */
export const WAVEFORM_POINTS = 400;
/** Where an item is: 'ready' first (a link added on Firebase is ready as given). */
export const AUDIO_STATUSES = ['ready', 'processing', 'failed'] as const;

export const audio = list({
  name: 'audio',
  item: 'audioFile',
  max: 100,
  fields: {
    /** The admin's own name for it (the uploaded file's name at first). */
    name: text({ max: 200 }),
    src: fileSource({ of: 'audio' }),
    status: choice({ options: AUDIO_STATUSES }),
    /** Why it failed, in the server's words ('' when it did not). */
    problem: text({ max: 300 }),
    durationMs: wholeNumber({ min: 0, max: AUDIO_MAX_MS }),
    /** Integrated loudness, EBU R128, in LUFS; 0: not measured. */
    loudness: decimal({ min: -99, max: 10 }),
    /** True peak in dBTP; 0: not measured. */
    peak: decimal({ min: -99, max: 20 }),
    waveform: waveform({ points: WAVEFORM_POINTS }),
  },
});

export const audioWords = {
  label: { en: 'Audio', ro: 'Audio' },
  fields: {
    name: { label: { en: 'Name', ro: 'Nume' }, help: { en: 'For you only: visitors never see it.', ro: 'Doar pentru dumneavoastră: vizitatorii nu îl văd.' } },
    src: {
      label: { en: 'Audio address', ro: 'Adresa fișierului audio' },
      help: {
        en: 'An https:// link to an MP3, M4A (AAC), Ogg or Opus file that browsers can play.',
        ro: 'Un link https:// către un fișier MP3, M4A (AAC), Ogg sau Opus pe care browserele îl pot reda.',
      },
    },
    status: {
      label: { en: 'Status', ro: 'Stare' },
      options: {
        ready: { en: 'Ready', ro: 'Gata' },
        processing: { en: 'Processing', ro: 'Se procesează' },
        failed: { en: 'Failed', ro: 'Eșuat' },
      },
    },
    problem: { label: { en: 'Problem', ro: 'Problemă' } },
    durationMs: { label: { en: 'Duration (milliseconds)', ro: 'Durată (milisecunde)' } },
    loudness: {
      label: { en: 'Loudness (LUFS)', ro: 'Intensitate (LUFS)' },
      help: {
        en: 'Integrated loudness, EBU R128; 0 when not measured.',
        ro: 'Intensitatea integrată, EBU R128; 0 dacă nu a fost măsurată.',
      },
    },
    peak: { label: { en: 'True peak (dBTP)', ro: 'Vârf real (dBTP)' } },
    waveform: { label: { en: 'Waveform', ro: 'Formă de undă' } },
  },
} satisfies KindWords<typeof audio>;
