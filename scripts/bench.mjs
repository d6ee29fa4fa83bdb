// `npm run bench`: installs what the benchmarks need when missing (npm packages, Debian's Chromium,
// and nginx as the load test's reference), then runs bench/run.ts with the given arguments.
import { CHROMIUM, ensureDebianPackages, ensureNodeModules, NGINX, run } from './ensure.mjs';

process.chdir(new URL('..', import.meta.url).pathname);
ensureNodeModules();
ensureDebianPackages([CHROMIUM, NGINX]);
process.exit(run('npx', ['tsx', 'bench/run.ts', ...process.argv.slice(2)]));
