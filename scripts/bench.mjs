// `npm run bench`: installs what the benchmarks need when missing (npm packages, Debian's Chromium,
// nginx as the load test's reference, FFmpeg and GNU time for the audio bench), then runs bench/run.ts with the given arguments.
import { CHROMIUM, ensureDebianPackages, ensureNodeModules, FFMPEG, GNU_TIME, NGINX, run } from './ensure.mjs';

process.chdir(new URL('..', import.meta.url).pathname);
ensureNodeModules();
ensureDebianPackages([CHROMIUM, NGINX, FFMPEG, GNU_TIME]);
process.exit(run('npx', ['tsx', 'bench/run.ts', ...process.argv.slice(2)]));
