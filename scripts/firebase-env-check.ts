/**
 * A Vite plugin that stops a build whose Firebase settings are partial (a half-working site is worse
 * than none), and says which setting is on:
 *   plugins: [react(), firebaseEnvCheck()]        in vite.config.ts
 * Nothing set: Firebase is off and the build goes on (the `none` or `server` backend).
 */
import { loadEnv, type Plugin } from 'vite';
import { firebaseConfigFromEnv, incompleteFirebaseMessage } from '../src/content/backends/firebase-config';

export function firebaseEnvCheck(): Plugin {
  return {
    name: 'scena-firebase-env-check',
    apply: 'build',
    configResolved(config) {
      const env = { ...loadEnv(config.mode, config.envDir || config.root, 'VITE_'), ...config.env };
      const result = firebaseConfigFromEnv(env);
      if (result && !result.ok) throw new Error(incompleteFirebaseMessage(result.missing));
      // The SSR build never talks to Firebase: one line from the client builds is enough.
      if (result?.ok && !config.build.ssr) {
        const where = result.config.emulators ? ` on the emulators (${result.config.emulators.auth}, ${result.config.emulators.firestore})` : '';
        config.logger.info(`Firebase on: project ${result.config.projectId}${where}, admin ${result.config.adminEmail}`);
      }
    },
  };
}
