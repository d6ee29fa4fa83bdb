/**
 * Letters to the fans as the admin sees them (Scena's server only; docs/decisions/0035-fans-by-email.md, Letters):
 * the shapes GET /api/admin/letters answers, and the calls the admin's Letters page makes.
 */
export type LetterStatus = 'draft' | 'scheduled' | 'sending' | 'sent' | 'cancelled';
export type DeliveryState = 'queued' | 'sending' | 'sent' | 'retrying' | 'bounced' | 'uncertain' | 'skipped' | 'cancelled';

export interface LetterWords {
  subject_en: string;
  subject_ro: string;
  body_en: string;
  body_ro: string;
}

export interface LetterView extends LetterWords {
  id: string;
  status: LetterStatus;
  /** The release a release-day letter was drafted from, '' for others. */
  release: string;
  /** ISO times, '' when not yet. */
  sendAt: string;
  createdAt: string;
  updatedAt: string;
  queuedAt: string;
  finishedAt: string;
  counts: Record<DeliveryState | 'left', number>;
}

/** A problem of one field, on its line (0: the whole field), worded in both languages. */
export interface LetterProblem {
  field: keyof LetterWords;
  line: number;
  en: string;
  ro: string;
}

export interface LettersOverview {
  letters: LetterView[];
  /** How many people a letter sent now would reach. */
  confirmed: number;
  mail: { configured: boolean; pausedUntil: string };
}

export interface LettersApi {
  overview(): Promise<LettersOverview>;
  get(id: string): Promise<{ letter: LetterView; problems: LetterProblem[] }>;
  create(words: LetterWords): Promise<{ letter: LetterView; problems: LetterProblem[] }>;
  save(id: string, words: LetterWords): Promise<{ letter: LetterView; problems: LetterProblem[] }>;
  remove(id: string): Promise<void>;
  /** The preview's address (an HTML page framed by the admin): a subscriber's view in one language. */
  previewUrl(id: string, lang: 'en' | 'ro', version: string): string;
  /** Both languages to the admin's own address; `error` is the mail server's answer when it did not take them. */
  test(id: string): Promise<{ ok: boolean; to: string; error?: string }>;
  sendNow(id: string, people: number): Promise<{ queued: number }>;
  /** At a wall time `YYYY-MM-DDTHH:mm` of the artist's clock. */
  schedule(id: string, at: string): Promise<void>;
  unschedule(id: string): Promise<void>;
  cancel(id: string): Promise<void>;
}
