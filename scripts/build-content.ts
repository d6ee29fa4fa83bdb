/**
 * The content a static build renders its pages with (scripts/prerender.ts): without a backend (`none`), the
 * first-start content (src/content/seed.ts); on Firebase, what Firestore holds at build time (published items
 * only), so each release has its page in the HTML; the page then reads the live content after hydration.
 */
import type { PublicContent } from '../src/content/model';
import { SEED_CONTENT } from '../src/content/seed';

export async function buildContent(): Promise<PublicContent> {
  // TODO(firebase engineer): read Firestore (REST; the emulator when FIRESTORE_EMULATOR_HOST is set) when the
  // build has Firebase settings, falling back to SEED_CONTENT with a warning when it cannot be reached.
  return SEED_CONTENT;
}
