/**
 * `npm start`: the whole product on this machine, with no account anywhere.
 * Plain Node, no dependencies: installs (npm ci) when node_modules is missing, builds when dist/
 * is missing or older than the sources, then runs Scena's server (server/index.ts).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(args) {
  console.log(`> npm ${args.join(' ')}`);
  const result = spawnSync(npm, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** The newest modification time of the files under these paths. */
function newest(paths) {
  let latest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const info = statSync(path);
    if (info.isDirectory()) {
      for (const name of readdirSync(path)) if (name !== 'node_modules' && !name.startsWith('.')) visit(join(path, name));
    } else if (!/\.test\.[jt]sx?$/.test(path)) latest = Math.max(latest, info.mtimeMs);
  };
  paths.forEach((p) => visit(join(root, p)));
  return latest;
}

if (!existsSync(join(root, 'node_modules'))) run(['ci']);

const built = join(root, 'dist/server/template.html');
const sources = ['src', 'public', 'admin', 'index.html', 'site.config.ts', 'vite.config.ts', 'scripts/prerender.ts', 'package-lock.json'];
if (!existsSync(built) || newest(sources) > statSync(built).mtimeMs) run(['run', 'build']);

const server = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
