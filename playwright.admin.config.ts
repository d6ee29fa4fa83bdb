/**
 * Browser tests of the admin, against the built site on Scena's own server with a fresh database
 * (e2e/admin/serve.sh). Run the build first: `npm run build && npx playwright test -c playwright.admin.config.ts`.
 */
import { defineConfig } from '@playwright/test';
import { adminSuite } from './e2e/browsers';

const PORT = Number(process.env.SCENA_PORT_BASE ?? 4321) + 1;

export default defineConfig(
  // @firebase-only: what only a static build shows (the admin on static hosts); Scena's server answers /admin itself.
  adminSuite({ name: 'admin', port: PORT, exclude: /@firebase-only/, webServer: { command: 'bash e2e/admin/serve.sh', timeout: 60_000 } }),
);
