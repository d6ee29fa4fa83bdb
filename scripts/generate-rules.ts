/**
 * Writes the validation functions of firebase/firestore.rules from the content declarations
 * (src/content/kinds), between the generated-rules markers; the rest of the file is hand-written.
 *   npx tsx scripts/generate-rules.ts           rewrites the generated part
 *   npx tsx scripts/generate-rules.ts --check   fails when the committed rules differ from the declarations
 * scripts/generate-rules.test.ts runs the check with the unit tests.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generateRules, withGeneratedRules } from '../src/content/fields/rules';
import { KINDS } from '../src/content/kinds';

export const RULES_FILE = fileURLToPath(new URL('../firebase/firestore.rules', import.meta.url));

/** The rules file as the declarations make it. */
export function expectedRules(current = readFileSync(RULES_FILE, 'utf8')): string {
  return withGeneratedRules(current, generateRules(KINDS));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const current = readFileSync(RULES_FILE, 'utf8');
  const expected = expectedRules(current);
  if (process.argv.includes('--check')) {
    if (current !== expected) {
      console.error('✖ firebase/firestore.rules differs from the content declarations. Run: npx tsx scripts/generate-rules.ts');
      process.exit(1);
    }
    console.log('✓ firebase/firestore.rules matches the content declarations');
  } else {
    writeFileSync(RULES_FILE, expected);
    console.log(current === expected ? 'firebase/firestore.rules: already up to date' : 'firebase/firestore.rules: generated part rewritten');
  }
}
