/**
 * `npm start`: the whole product on this machine, with no account anywhere.
 * Plain Node, no dependencies: installs (npm ci) when node_modules is missing, Debian's FFmpeg when it is, builds when dist/
 * is missing or older than the sources, then runs Scena's server (server/index.ts).
 */
import { spawn } from 'node:child_process';
import { ensureBuild, ensureDebianPackages, ensureNodeModules, FFMPEG } from './ensure.mjs';

process.chdir(new URL('..', import.meta.url).pathname);
ensureNodeModules();
// The server transcodes audio uploads with Debian's FFmpeg.
ensureDebianPackages([FFMPEG]);
ensureBuild();

// A new database starts with the first-start content (src/content/seed.ts), once: tests start the server bare.
const server = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
  stdio: 'inherit',
  env: { ...process.env, SCENA_SEED: process.env.SCENA_SEED ?? '1' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
