/**
 * The content a static build renders its pages with (scripts/prerender.ts): the first-start content
 * (src/content/seed.ts), without a backend (`none`) and on Firebase alike, where the page then reads the live
 * content after hydration. Reading Firestore here, so that each release published there has its page in the
 * HTML, is the next step.
 */
import type { PublicContent } from '../src/content/model';
import { SEED_CONTENT } from '../src/content/seed';

export async function buildContent(): Promise<PublicContent> {
  // Not yet: a Firebase build renders the first-start content too (README, Firebase's limits; issue 14's note).
  return SEED_CONTENT;
}
