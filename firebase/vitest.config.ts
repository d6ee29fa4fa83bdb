/**
 * The Firebase tests (contract on the real emulators, security rules). They need the emulators:
 *   node scripts/firebase-emulators.mjs -- npx vitest run --config firebase/vitest.config.ts
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['firebase/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    restoreMocks: true,
  },
});
