/**
 * Stops a build whose Firebase settings are partial (a half-working site is worse than none), naming
 * what is missing; says which backend the build gets otherwise. Nothing set: Firebase is off and the
 * build goes on (the `none` or `server` backend). Run first by `npm run build`:
 *   npx tsx scripts/firebase-env-check.ts [--mode production]
 */
import { parseArgs } from 'node:util';
import { loadEnv } from 'vite';
import { adminEmailFallback } from '../site.config';
import { firebaseConfigFromEnv, incompleteFirebaseMessage, type FirebaseConfigResult } from '../src/content/backends/firebase-config';

function summary(result: FirebaseConfigResult): string {
  if (!result) return 'Firebase off (no VITE_FIREBASE_* setting)';
  if (!result.ok) throw new Error(incompleteFirebaseMessage(result.missing));
  const where = result.config.emulators ? ` on the emulators (${result.config.emulators.auth}, ${result.config.emulators.firestore})` : '';
  return `Firebase on: project ${result.config.projectId}${where}, admin ${result.config.adminEmail ?? adminEmailFallback}`;
}

const { values } = parseArgs({ options: { mode: { type: 'string', default: 'production' } } });
try {
  // What the build of this mode will see: .env files and the environment (the environment wins, as in Vite).
  console.log(summary(firebaseConfigFromEnv({ ...loadEnv(values.mode!, process.cwd(), 'VITE_'), ...process.env })));
} catch (error) {
  console.error(`✖ ${(error as Error).message}`);
  process.exit(1);
}
