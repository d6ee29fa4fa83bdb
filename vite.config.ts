import react from '@vitejs/plugin-react';
import { loadEnv } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * Two client builds into dist/client: the public page (default) and the admin with the not-found page (`--mode admin`).
 * Building them apart keeps the public page's chunks exactly its own: no chunk shared with the admin.
 */
export default defineConfig(({ mode }) => ({
  plugins: [react()],
  define: firebaseDefines(mode),
  build: {
    target: 'es2022',
    outDir: 'dist/client',
    emptyOutDir: mode !== 'admin',
    modulePreload: { polyfill: false },
    // The not-found page (404.html) is built with the admin: it is not the public page's bundle, and
    // it hands over to the admin under /admin (src/static-host.ts).
    rollupOptions: {
      input: mode === 'admin' ? ({ admin: 'admin/index.html', 'not-found': '404.html' } as Record<string, string>) : { main: 'index.html' },
    },
  },
  // Two Vitest projects in one config: `unit` (everything that needs nothing running; `npm run test:unit`)
  // and `firebase` (the contract and rules tests, which need the emulators:
  // `node scripts/firebase-emulators.mjs -- npx vitest run --project firebase`).
  test: {
    environment: 'node',
    restoreMocks: true,
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'] },
      },
      {
        extends: true,
        test: { name: 'firebase', include: ['firebase/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 60_000 },
      },
    ],
  },
}));

/**
 * The Firebase settings a bundle may carry (src/content/backends/firebase-config.ts names them), from
 * .env files and the environment as Vite reads them, read once. The admin's address only in the
 * admin's build (and the tests): the public page never names it.
 */
function firebaseDefines(mode: string): Record<string, string> {
  const env = loadEnv(envMode(mode), process.cwd(), ['VITE_FIREBASE_', 'VITE_ADMIN_EMAIL']);
  if (mode !== 'admin' && mode !== 'test') delete env.VITE_ADMIN_EMAIL;
  return {
    // Without any Firebase setting, the Firebase configuration code is dropped from the public page
    // altogether (a partial setting still reaches it, to be reported).
    __FIREBASE_SETTINGS_GIVEN__: JSON.stringify(Object.entries(env).some(([name, value]) => name.startsWith('VITE_FIREBASE_') && value.trim() !== '')),
    __FIREBASE_ENV__: JSON.stringify(env),
  };
}

/** The admin is built with `--mode admin` but is part of the production site: it reads .env.production(.local) too. */
const envMode = (mode: string) => (mode === 'admin' ? 'production' : mode);
