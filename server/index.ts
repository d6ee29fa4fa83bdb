/** `npm start` (through scripts/start.mjs): loads the configuration, builds the app and listens. */
import { ConfigError, loadConfig, type Config } from './config';

// React's server renderer (loaded with the built site) picks its production build from this.
process.env.NODE_ENV ??= 'production';
const { buildApp } = await import('./app');
const { hasAccount } = await import('./auth/accounts');
const { collectWhenIdle } = await import('./idle-gc');
const { startBackups } = await import('./ops/backups');

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(78);
  }
  throw error;
}

const { MigrationBackupError } = await import('./ops/update');
const app = await buildApp(config).catch((error: unknown) => {
  // An older database whose backup before the migration failed: nothing was changed; say why and stop.
  if (!(error instanceof MigrationBackupError)) throw error;
  console.error(error.message);
  process.exit(1);
});
// `npm start` (scripts/start.mjs) asks for the first-start content: a new database gets the spec's two albums and the vlog.
if (process.env.SCENA_SEED === '1') {
  const { seedFirstStart } = await import('./maintenance');
  if (await seedFirstStart(app.services.db)) app.log.info('A new database: wrote the first-start content (two albums, the vlog).');
}
if (!app.services.site) app.log.warn('The site is not built (dist/ is missing): only the API is served. Run `npm run build`.');
if (!(await hasAccount(app.services.db, config.adminEmail))) {
  console.log(
    [
      '',
      `No admin account exists yet for ${config.adminEmail} (ADMIN_EMAIL, or adminEmailFallback in site.config.ts).`,
      'Create one with:',
      `  npm run admin -- create ${config.adminEmail}`,
      '(it asks for the password, or takes it from ADMIN_PASSWORD)',
      '',
    ].join('\n'),
  );
}

// Backups by themselves, from BACKUP_HOUR of the artist's day (docs/decisions/0029-backups-by-themselves.md).
const backups = startBackups(app.services.db, config, app.log);
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    backups
      .stop()
      .then(() => app.close())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  });
}

const address = await app.listen({ port: config.port, host: config.host });
collectWhenIdle();
const shown = address.replace('127.0.0.1', 'localhost').replace('[::1]', 'localhost');
console.log(`Scena is running on ${shown}/ (admin: ${shown}/admin)`);
