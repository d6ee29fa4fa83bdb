import { availableParallelism } from 'node:os';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { loadEnv } from 'vite';
import { defineConfig, type ViteUserConfig } from 'vitest/config';
import type { TestSpecification } from 'vitest/node';
import { paced } from './scripts/pace.ts';

/**
 * Two client builds into dist/client: the public page (default) and the admin with the not-found page (`--mode admin`).
 * Building them apart keeps the public page's chunks exactly its own: no chunk shared with the admin.
 */
export default defineConfig(async ({ mode, isSsrBuild }): Promise<ViteUserConfig> => ({
  plugins: [react()],
  define: firebaseDefines(mode),
  // The public page's client bundle holds no dictionary: its HTML carries its language's first words, and each language is
  // a chunk of its own, loaded when wanted (src/i18n/translate.ts, docs/decisions/0053). The server's render, the admin
  // and the tests hold both.
  resolve: {
    alias:
      mode !== 'admin' && mode !== 'test' && !isSsrBuild
        ? [{ find: /^\.\/words-bundled$/, replacement: fileURLToPath(new URL('./src/i18n/words-apart.ts', import.meta.url)) }]
        : [],
  },
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
    // One test file per core. Vitest's default is one fewer than the cores when it runs once (`vitest run`), which
    // on a 2-core CI machine is a single worker: every file one after another.
    maxWorkers: availableParallelism(),
    // The slowest files first, so that no long file starts last and runs alone (slowestFirst below).
    sequence: mode === 'test' ? { sequencer: await slowestFirst() } : undefined,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
          // The files of a worker share its modules instead of each importing Fastify, libsql, sharp, zod and React
          // again: 250 → 178 s and 450 → 305 s of CPU for the project on 2 cores (docs/decisions/0043). Every file
          // makes its own servers, databases and folders; passes in Vitest's order and shuffled.
          isolate: false,
          // A server started in a beforeAll (a child process) needs more than Vitest's 10 s on two cores shared with
          // the browser stages (media-server.test.ts's did once).
          hookTimeout: 30_000,
          // 20 s a test at CI's pace (scripts/pace.ts): a component test's clicks and its Testing Library waits (10 s)
          // ran past Vitest's 5 s in a loaded clean-clone run. A limit ends a hang.
          testTimeout: paced(10_000),
        },
      },
      {
        extends: true,
        // One file at a time: most of them clear and fill the same emulator project (firebase/test/emulators.ts). 60 s a
        // test: the rules tests make dozens of writes, each a rules evaluation, which a busy emulator answers slowly.
        test: { name: 'firebase', include: ['firebase/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 60_000, fileParallelism: false },
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

/**
 * The test files that take longest, in seconds (one worker each, measured by `npm test` on the 2-core machine,
 * 2026-11-25): Vitest starts them first. It would order by its own record of the last run's durations
 * (node_modules/.vite/vitest), which a fresh clone (CI) does not have: there it runs the largest files first, and
 * server/validation-lists.property.test.ts, four lines long and the slowest of all, started last and ran alone
 * for a minute. A recorded duration, when there is one, wins over this list; a file in neither keeps Vitest's
 * order after the others. Only the order changes: every file runs.
 */
export const SLOW_TEST_FILES: Record<string, number> = {
  // Re-measured 2026-11-27 from a CI run's unit.json (busy machine; the order is what counts).
  'server/cli.test.ts': 100,
  'server/chaos-crash.test.ts': 90,
  'server/validation-lists.property.test.ts': 80,
  'server/crash.test.ts': 40,
  'firebase/rules.test.ts': 36,
  'server/media.test.ts': 36,
  'server/contract.test.ts': 33,
  'server/media/audio/process.test.ts': 29,
  'server/audience.test.ts': 25,
  'server/fans/letters-crash.test.ts': 23,
  'server/refusals-arrive.test.ts': 21,
  'server/restore.test.ts': 21,
  'server/api-fuzz.property.test.ts': 20,
  'server/fans.test.ts': 20,
  'server/audio.test.ts': 19,
  'server/audio-crash.test.ts': 19,
  'server/cli-events.test.ts': 16,
  'server/audio-time-limit.test.ts': 14,
  'server/ops/restore-drill.test.ts': 13,
  'server/upload-adapter.test.ts': 12,
  'server/validation-settings.property.test.ts': 10,
  'server/disk-full.test.ts': 10,
  'firebase/contract.test.ts': 7,
};

/** Vitest's own sequencer with the slowest files first (SLOW_TEST_FILES). Loaded for the tests only, not for builds. */
async function slowestFirst() {
  const { BaseSequencer } = await import('vitest/node');
  return class SlowestFirst extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      const ordered = await super.sort(files);
      const root = this.ctx.config.root;
      const seconds = (file: TestSpecification) => {
        const path = relative(root, file.moduleId);
        const recorded = this.ctx.cache.getFileTestResults(`${file.project.name}:${path}`);
        return recorded ? recorded.duration / 1000 : (SLOW_TEST_FILES[path] ?? -1);
      };
      // Projects in Vitest's order (they run one after another); within one, the slowest first (a stable sort).
      const project = new Map(ordered.map((file, i) => [file.project.name, i]));
      return ordered
        .map((file, i) => ({ file, i, seconds: seconds(file) }))
        .sort((a, b) => project.get(a.file.project.name)! - project.get(b.file.project.name)! || b.seconds - a.seconds || a.i - b.i)
        .map(({ file }) => file);
    }
  };
}
