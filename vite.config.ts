import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * Two client builds into dist/client: the public page (default) and the admin (`--mode admin`).
 * Building them apart keeps the public page's chunks exactly its own: no chunk shared with the admin.
 */
export default defineConfig(({ mode }) => ({
  plugins: [react()],
  build: {
    target: 'es2022',
    outDir: 'dist/client',
    emptyOutDir: mode !== 'admin',
    modulePreload: { polyfill: false },
    rollupOptions: { input: mode === 'admin' ? ({ admin: 'admin/index.html' } as Record<string, string>) : { main: 'index.html' } },
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    restoreMocks: true,
  },
}));
