/**
 * An audio item's problem in the admin's language (docs/decisions/0041-chaos-and-resources.md). The server stores the
 * problem as English words (the API's, as tests and a script read them); the admin shows those in English, and in
 * Romanian through the problems' one declaration (src/content/media-problems.ts). Words it does not know are shown as
 * the server wrote them.
 */
import { translateProblem } from '../../content/media-problems';
import { adminLanguage } from '../language';

export function audioProblem(problem: string, language = adminLanguage()): string {
  return translateProblem(problem, language);
}
