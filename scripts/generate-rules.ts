/**
 * Writes the validation functions of firebase/firestore.rules from the content declarations
 * (src/content/kinds), between the generated-rules markers; the rest of the file is hand-written.
 *   npx tsx scripts/generate-rules.ts           rewrites the generated part
 *   npx tsx scripts/generate-rules.ts --check   fails when the committed rules differ from the declarations
 * scripts/generate-rules.test.ts runs the check with the unit tests.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { HISTORY_LIMIT } from '../src/content/backend';
import { GENERATED_END, generateRules, withGeneratedRules } from '../src/content/fields/rules';
import type { Kind } from '../src/content/fields/declare';
import { KINDS } from '../src/content/kinds';

export const RULES_FILE = fileURLToPath(new URL('../firebase/firestore.rules', import.meta.url));

/** What the history rules take from the declarations and the interface: the kinds, and how many versions are kept. */
export function historyRules(kinds: readonly Kind[] = KINDS, limit = HISTORY_LIMIT): string {
  return `
    // The kinds of content a history may be about.
    function historyKinds() {
      return [${kinds.map((k) => `'${k.name}'`).join(', ')}];
    }

    // How many versions of each singleton or list item are kept (HISTORY_LIMIT in src/content/backend.ts).
    function historyLimit() {
      return ${limit};
    }
`;
}

/** The rules file as the declarations make it. */
export function expectedRules(current = readFileSync(RULES_FILE, 'utf8')): string {
  return withGeneratedRules(current, generateRules(KINDS).replace(GENERATED_END, `${historyRules().replace(/^\n/, '')}\n${GENERATED_END}`));
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
