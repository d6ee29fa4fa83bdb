/**
 * An audio item's problem in the admin's language (docs/decisions/0041-chaos-and-resources.md). The server stores the
 * problem as English words (the API's, as tests and a script read them); the admin shows those in English, and in
 * Romanian the ones it knows: a conversion interrupted by a stop, and one stopped at its time limit. Any other problem
 * is shown as the server wrote it.
 */
import { adminLanguage } from '../language';
import { ADMIN_WORDS as W } from '../words';
import { fill } from './words';

/** The server's English words with `{name}` and `{time}` as what they caught: a template turned into a pattern. */
const pattern = (template: string) => new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, '(?<$1>.+)')}$`);
const TIME_LIMIT = pattern(W.audioTimeLimit.en);

export function audioProblem(problem: string, language = adminLanguage()): string {
  if (language === 'en') return problem;
  if (problem === W.audioInterrupted.en) return W.audioInterrupted.ro;
  const limit = TIME_LIMIT.exec(problem)?.groups;
  // “beat.wav” keeps its quotes as the server wrote them; the time's decimal point is a comma in Romanian.
  if (limit) return fill(W.audioTimeLimit.ro, { name: limit.name!.replace(/^“(.*)”$/, '„$1”'), time: limit.time!.replace(/(\d)\.(\d)/g, '$1,$2') });
  return problem;
}
