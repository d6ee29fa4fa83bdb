/**
 * Stops a build whose Firebase settings are partial (a half-working site is worse than none), naming
 * what is missing. Nothing set: Firebase is off and the build goes on (the `none` or `server` backend).
 * Two ways to run it:
 *   npx tsx scripts/firebase-env-check.ts [--mode production]   before `vite build` (in "build")
 *   plugins: [react(), firebaseEnvCheck()]                      in vite.config.ts (Vite 8 then warns that
 *                                                               the config imports files without extensions)
 */
import { parseArgs } from 'node:util';
import { adminEmailFallback } from '../site.config';
import { loadEnv, type Plugin } from 'vite';
import { firebaseConfigFromEnv, incompleteFirebaseMessage, type FirebaseConfigResult } from '../src/content/backends/firebase-config';

/** What the build of this mode will see: .env files and the environment (the environment wins, as in Vite). */
export function firebaseBuildEnv(mode: string, envDir = process.cwd()): FirebaseConfigResult {
  return firebaseConfigFromEnv({ ...loadEnv(mode, envDir, 'VITE_'), ...process.env });
}

function summary(result: FirebaseConfigResult): string {
  if (!result) return 'Firebase off (no VITE_FIREBASE_* setting)';
  if (!result.ok) throw new Error(incompleteFirebaseMessage(result.missing));
  const where = result.config.emulators ? ` on the emulators (${result.config.emulators.auth}, ${result.config.emulators.firestore})` : '';
  return `Firebase on: project ${result.config.projectId}${where}, admin ${result.config.adminEmail ?? adminEmailFallback}`;
}

export function firebaseEnvCheck(): Plugin {
  return {
    name: 'scena-firebase-env-check',
    apply: 'build',
    configResolved(config) {
      const line = summary(firebaseConfigFromEnv({ ...loadEnv(config.mode, config.envDir || config.root, 'VITE_'), ...config.env }));
      // The SSR build never talks to Firebase: one line from the client builds is enough.
      if (!config.build.ssr) config.logger.info(line);
    },
  };
}

if (process.argv[1]?.endsWith('firebase-env-check.ts')) {
  const { values } = parseArgs({ options: { mode: { type: 'string', default: 'production' } } });
  try {
    console.log(summary(firebaseBuildEnv(values.mode!)));
  } catch (error) {
    console.error(`✖ ${(error as Error).message}`);
    process.exit(1);
  }
}
