/**
 * Load: Scena's server beside nginx, with the same load tool (autocannon), in the same run,
 * loopback only, bounded in time (about 5 minutes), stopping by itself.
 *
 *   npx tsx bench/load.ts                  prints each figure beside its budget; exits 1 if one is missed
 *   LOAD_ROUNDS=5 LOAD_SECONDS=4           rounds per figure (the median is kept) and seconds per run
 *   LOAD_FIXED_CONNECTIONS=20               connections for the fixed-rate runs (budgets.json's by default)
 *
 * What is measured, for the public page (GET /, server-rendered HTML with the current content), a release's
 * page (GET /en/music/<slug>/, the sample's newest release out) and the public content read (GET /api/content):
 *   - throughput at saturation: 200 connections, requests per second;
 *   - p99 latency at a fixed offered rate of 1,000 requests per second.
 * The reference is nginx (Debian's nginx-light), run here as a child with its own prefix and config
 * on a loopback port, serving the very bytes the server sent (the same prerendered HTML and JSON).
 * Both get one process (nginx: one worker) and write one access-log line per request to a file;
 * nginx adds Scena's security headers. A bare node:http server with the same bytes, headers and log
 * line (bench/node-reference.mjs) is measured too, for information: Node's own floor.
 * Budgets (bench/budgets.json, "load"), as ratios to nginx: page throughput >= 0.5 x nginx; p99 at
 * 1,000 req/s <= 2 x nginx. The p99 is computed from autocannon's per-response times (bench/latency.ts).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { quantile, withOmissionCorrection } from './latency';
import { freePort, median, ROOT, type Row } from './lib';
import { paced, type PacedResult } from './paced';

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const ROUNDS = Math.max(1, Number(process.env.LOAD_ROUNDS ?? 5));
const SECONDS = Math.max(1, Number(process.env.LOAD_SECONDS ?? 4));
const BUDGET = (
  JSON.parse(readFileSync(join(ROOT, 'bench/budgets.json'), 'utf8')) as {
    load: { saturationConnections: number; fixedRate: number; fixedConnections: number; minThroughputRatio: number; maxP99Ratio: number };
  }
).load;
const SATURATION_CONNECTIONS = BUDGET.saturationConnections;
const FIXED_RATE = BUDGET.fixedRate;
const FIXED_CONNECTIONS = Math.max(1, Number(process.env.LOAD_FIXED_CONNECTIONS ?? BUDGET.fixedConnections));
const PACED_ROUNDS = Math.min(ROUNDS, 3);
const PACED_SECONDS = 3;

interface Child {
  proc: ChildProcess;
  stop(): Promise<void>;
}

function child(proc: ChildProcess): Child {
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  return {
    proc,
    async stop() {
      if (proc.exitCode === null && proc.signalCode === null) {
        proc.kill('SIGTERM');
        const force = setTimeout(() => proc.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(force);
      }
    },
  };
}

async function waitFor(check: () => boolean | Promise<boolean>, what: string, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not start in ${ms / 1000} s`);
}

const up = (url: string) => () =>
  fetch(url).then(
    (r) => r.ok,
    () => false,
  );

/** The sample catalogue (`npm run admin -- sample`), so the page is rendered with what an artist would have. */
async function seed(dbFile: string): Promise<void> {
  const { openDatabase } = await import('../server/db/client');
  const { loadSample } = await import('../server/maintenance');
  const db = await openDatabase(`file:${dbFile}`);
  await loadSample(db, false);
  db.close();
}

export async function startScena(dir: string): Promise<Child & { origin: string }> {
  const port = await freePort();
  const log = openSync(join(dir, 'server.log'), 'a');
  const proc = spawn(process.execPath, [...(process.env.SCENA_NODE_ARGS?.split(' ').filter(Boolean) ?? []), '--import', 'tsx', 'server/index.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: join(dir, 'scena.db'), LOG_LEVEL: process.env.LOAD_LOG_LEVEL ?? 'info' },
    stdio: ['ignore', log, log],
  });
  const origin = `http://127.0.0.1:${port}`;
  const c = child(proc);
  try {
    await waitFor(up(`${origin}/api/content`), "Scena's server");
  } catch (error) {
    await c.stop();
    throw new Error(`${(error as Error).message}:\n${readFileSync(join(dir, 'server.log'), 'utf8')}`);
  }
  return { ...c, origin };
}

/** Scena's own headers (its security headers), which the references send too, as a deployment would. */
function ownHeaders(headers: Headers): [string, string][] {
  const perResponse = new Set([
    'content-length',
    'content-type',
    'content-encoding',
    'date',
    'connection',
    'keep-alive',
    'cache-control',
    'etag',
    'vary',
    'transfer-encoding',
  ]);
  return [...headers].filter(([name]) => !perResponse.has(name));
}

function nginxHeaders(headers: Headers): string {
  return ownHeaders(headers)
    .map(([name, value]) => `add_header ${name} "${value.replace(/["\\]/g, '')}" always;`)
    .join('\n    ');
}

/** A page served at its own path beside the home page: a release's page. */
interface ExtraPage {
  path: string;
  body: Buffer;
}

async function startNginx(dir: string, page: Buffer, content: Buffer, release: ExtraPage, extraHeaders = ''): Promise<Child & { origin: string }> {
  const port = await freePort();
  const root = join(dir, 'nginx-root');
  mkdirSync(join(root, 'api'), { recursive: true });
  writeFileSync(join(root, 'index.html'), page);
  writeFileSync(join(root, 'api', 'content'), content);
  writeFileSync(join(root, 'release.html'), release.body);
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, 'nginx-tmp', sub), { recursive: true });
  const conf = join(dir, 'nginx.conf');
  const asRoot = process.getuid?.() === 0;
  writeFileSync(
    conf,
    `${asRoot ? 'user root;\n' : ''}worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;
events { worker_connections 4096; }
http {
  access_log ${dir}/nginx-access.log;
  client_body_temp_path ${dir}/nginx-tmp/body;
  proxy_temp_path ${dir}/nginx-tmp/proxy;
  fastcgi_temp_path ${dir}/nginx-tmp/fastcgi;
  keepalive_requests 1000000;
  keepalive_timeout 75s;
  server {
    listen 127.0.0.1:${port};
    root ${root};
    location = /api/content { default_type application/json; add_header cache-control no-cache; ${extraHeaders} }
    location = / { default_type text/html; add_header cache-control no-cache; ${extraHeaders} try_files /index.html =404; }
    location = ${release.path} { default_type text/html; add_header cache-control no-cache; ${extraHeaders} try_files /release.html =404; }
  }
}
`,
  );
  const proc = spawn(NGINX, ['-p', dir, '-c', conf, '-e', join(dir, 'nginx-error.log')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  proc.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const origin = `http://127.0.0.1:${port}`;
  const c = child(proc);
  try {
    await waitFor(async () => proc.exitCode === null && (await up(`${origin}/`)()), 'nginx', 10_000);
  } catch (error) {
    await c.stop();
    throw new Error(`${(error as Error).message}: ${err}`);
  }
  return { ...c, origin };
}

/** bench/node-reference.mjs: a bare node:http server with the same bytes, headers and log line. */
async function startNodeReference(dir: string, page: Buffer, content: Buffer, release: ExtraPage, headers: Headers): Promise<Child & { origin: string }> {
  const port = await freePort();
  const root = join(dir, 'node-reference');
  mkdirSync(root, { recursive: true });
  writeFileSync(join(root, 'page'), page);
  writeFileSync(join(root, 'content'), content);
  writeFileSync(join(root, 'release'), release.body);
  writeFileSync(join(root, 'release-path'), release.path);
  writeFileSync(join(root, 'headers.json'), JSON.stringify(Object.fromEntries(ownHeaders(headers))));
  const proc = spawn(process.execPath, [join(ROOT, 'bench/node-reference.mjs'), String(port), root], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  const origin = `http://127.0.0.1:${port}`;
  const c = child(proc);
  try {
    await waitFor(up(`${origin}/`), 'the Node reference', 10_000);
  } catch (error) {
    await c.stop();
    throw error;
  }
  return { ...c, origin };
}

/** Throughput at saturation. */
interface Saturation {
  rps: number;
  /** Errors, time-outs and answers that are not 2xx. */
  bad: number;
}

/** Latency at the fixed rate. */
interface FixedRate {
  /**
   * p99 in milliseconds, from autocannon's own per-response times, corrected for coordinated
   * omission at the interval the rate means (bench/latency.ts says why not autocannon's).
   */
  p99: number;
  /** autocannon's own p99 (whole milliseconds, corrected at a 1 ms interval), for comparison. */
  autocannonP99: number;
  /** CPU time the server used per answered request during the run, microseconds. */
  cpuUs: number;
  bad: number;
}

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100;

/** CPU time (user + system, every thread) a process has used so far, milliseconds, from /proc/<pid>/stat. */
function cpuTimeMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS; // utime and stime, in clock ticks
}

function cannon(options: autocannon.Options, onResponse?: (status: number, ms: number) => void): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) => (error ? reject(error as Error) : resolve(result)));
    if (onResponse) instance.on('response', (_client, status, _bytes, ms) => onResponse(status, ms));
  });
}

const badOf = (result: autocannon.Result) => result.errors + result.timeouts + result.non2xx;

async function saturation(url: string, seconds = SECONDS, connections = SATURATION_CONNECTIONS): Promise<Saturation> {
  const result = await cannon({ url, connections, duration: seconds });
  return { rps: result.requests.average, bad: badOf(result) };
}

/** FIXED_RATE requests per second over FIXED_CONNECTIONS; `pid` is the process whose CPU time is counted. */
async function fixedRate(url: string, pid: number, seconds = SECONDS): Promise<FixedRate> {
  // autocannon lowers the connections to the rate when the rate is smaller, then shares the rate out.
  const connections = Math.min(FIXED_CONNECTIONS, FIXED_RATE);
  const latencies: number[] = [];
  // The run is one second longer, and the requests sent in that first second are left out of the
  // p99: it is autocannon's own warm-up (opening its connections, compiling its request and
  // response code), which shows as 20–35 ms on the first requests to nginx as to Scena.
  const start = performance.now();
  const cpuBefore = cpuTimeMs(pid);
  const result = await cannon({ url, connections, overallRate: FIXED_RATE, duration: seconds + 1 }, (status, ms) => {
    if (status >= 200 && status < 300 && performance.now() - ms - start >= 1000) latencies.push(ms);
  });
  const p99 = quantile(withOmissionCorrection(latencies, 1000 / (FIXED_RATE / connections)), 0.99);
  const cpuUs = Math.round(((cpuTimeMs(pid) - cpuBefore) * 1000) / Math.max(1, result.requests.total));
  return { p99: Math.round(p99 * 100) / 100, autocannonP99: result.latency.p99, cpuUs, bad: badOf(result) };
}

/** The first release page the home page links to (the discography's first tile). */
function releasePathOf(page: Buffer): string {
  const path = /href="(\/en\/music\/[a-z0-9-]+\/)"/.exec(page.toString('utf8'))?.[1];
  if (!path) throw new Error('the server-rendered page links to no release page');
  return path;
}

export async function runLoadBench(): Promise<Row[]> {
  if (!existsSync(NGINX)) throw new Error(`nginx is not installed at ${NGINX} (Debian package nginx-light)`);
  if (!existsSync(join(ROOT, 'dist/server/template.html'))) {
    const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build failed');
  }
  const dir = mkdtempSync(join(tmpdir(), 'scena-load-'));
  const started: Child[] = [];
  try {
    await seed(join(dir, 'scena.db'));
    const scena = await startScena(dir);
    started.push(scena);
    // nginx serves exactly what the server sends (no Accept-Encoding on either side: identity bytes).
    const pageResponse = await fetch(`${scena.origin}/`);
    const page = Buffer.from(await pageResponse.arrayBuffer());
    const content = Buffer.from(await (await fetch(`${scena.origin}/api/content`)).arrayBuffer());
    if (!page.includes('Music from the night city')) throw new Error('the server-rendered page does not hold the seeded content');
    // A release's page: the sample's newest release out (its cover, platform buttons, JSON-LD).
    const releasePath = releasePathOf(page);
    const releaseResponse = await fetch(`${scena.origin}${releasePath}`);
    if (releaseResponse.status !== 200) throw new Error(`${releasePath} answered ${releaseResponse.status}`);
    const release = { path: releasePath, body: Buffer.from(await releaseResponse.arrayBuffer()) };
    // nginx also sends Scena's security headers, as a real deployment would: the load tool parses
    // about 1 KB more per response from either server.
    const nginx = await startNginx(dir, page, content, release, nginxHeaders(pageResponse.headers));
    started.push(nginx);
    const bare = await startNodeReference(dir, page, content, release, pageResponse.headers);
    started.push(bare);

    const targets = [
      { name: 'public page', path: '/' },
      { name: 'release page', path: releasePath },
      { name: 'public content read', path: '/api/content' },
    ];
    const saturated: Record<string, { scena: Saturation[]; nginx: Saturation[] }> = {};
    const fixed: Record<string, { scena: FixedRate[]; nginx: FixedRate[] }> = {};
    const pacedRuns: Record<string, { scena: PacedResult[]; nginx: PacedResult[] }> = {};
    const nodeFloor: Record<string, FixedRate[]> = {};
    const origins = { scena: scena.origin, nginx: nginx.origin, bare: bare.origin };
    // The processes that do the work: Scena's server, nginx's one worker, the bare Node server.
    const nginxWorker = Number(readFileSync(`/proc/${nginx.proc.pid}/task/${nginx.proc.pid}/children`, 'utf8').trim().split(/\s+/)[0]);
    const pids = { scena: scena.proc.pid!, nginx: nginxWorker, bare: bare.proc.pid! };
    for (const { path } of targets) {
      // Warm-up: JIT, caches, connections, and the heap's growth to its working size (the first
      // seconds of load see the old generation grow and the few full collections that come with it).
      for (const who of ['scena', 'nginx', 'bare'] as const) {
        await saturation(origins[who] + path, 2, 50);
        await fixedRate(origins[who] + path, pids[who], 2);
      }
    }
    for (let round = 0; round < ROUNDS; round++) {
      // Alternate who goes first, so drift in the machine's load falls on both.
      const order = round % 2 ? (['nginx', 'scena'] as const) : (['scena', 'nginx'] as const);
      for (const { name, path } of targets) {
        saturated[name] ??= { scena: [], nginx: [] };
        fixed[name] ??= { scena: [], nginx: [] };
        for (const who of order) saturated[name][who].push(await saturation(origins[who] + path));
        for (const who of order) fixed[name][who].push(await fixedRate(origins[who] + path, pids[who]));
        // For information, in the first rounds: the bare Node server at the fixed rate, and a truly
        // fixed offered rate (bench/paced.ts) on Scena and nginx.
        if (round < PACED_ROUNDS) {
          (nodeFloor[name] ??= []).push(await fixedRate(bare.origin + path, pids.bare));
          for (const who of order) {
            const result = await paced({ url: origins[who] + path, rate: FIXED_RATE, seconds: PACED_SECONDS });
            (pacedRuns[name] ??= { scena: [], nginx: [] })[who].push(result);
          }
        }
      }
    }

    const rows: Row[] = [];
    const med = <T>(runs: T[], pick: (r: T) => number) => median(runs.map(pick));
    for (const { name } of targets) {
      const sat = saturated[name]!;
      const fix = fixed[name]!;
      const bad = [...sat.scena, ...fix.scena].reduce((n, r) => n + r.bad, 0);
      const sRps = Math.round(med(sat.scena, (r) => r.rps));
      const nRps = Math.round(med(sat.nginx, (r) => r.rps));
      const sP99 = med(fix.scena, (r) => r.p99);
      const nP99 = med(fix.nginx, (r) => r.p99);
      const rpsBudget = name !== 'public content read' ? Math.round(nRps * BUDGET.minThroughputRatio) : undefined;
      // Below 1 ms, differences are the scheduler's: a p99 under 1 ms counts as 1 ms for the ratio.
      const p99Budget = Math.round(Math.max(nP99, 1) * BUDGET.maxP99Ratio * 100) / 100;
      rows.push(
        {
          name: `Load: ${name}, req/s at ${SATURATION_CONNECTIONS} connections (Scena)`,
          value: sRps,
          budget: rpsBudget === undefined ? '—' : `>= ${rpsBudget}`,
          unit: 'req/s',
          pass: (rpsBudget === undefined || sRps >= rpsBudget) && bad === 0,
          note: `nginx ${nRps} req/s; ratio ${(sRps / nRps).toFixed(2)}${bad ? `; ${bad} errors or non-2xx` : ''}`,
        },
        { name: `Load: ${name}, req/s at ${SATURATION_CONNECTIONS} connections (nginx reference)`, value: nRps, budget: '—', unit: 'req/s', pass: true },
        {
          name: `Load: ${name}, p99 at ${FIXED_RATE} req/s (Scena)`,
          value: sP99,
          budget: `<= ${p99Budget}`,
          unit: 'ms',
          pass: sP99 <= p99Budget,
          note: `nginx p99 ${nP99} ms; runs ${fix.scena.map((r) => r.p99).join(', ')} vs ${fix.nginx.map((r) => r.p99).join(', ')}; autocannon's own p99 (1 ms correction) ${med(fix.scena, (r) => r.autocannonP99)} vs ${med(fix.nginx, (r) => r.autocannonP99)} ms`,
        },
        { name: `Load: ${name}, p99 at ${FIXED_RATE} req/s (nginx reference)`, value: nP99, budget: '—', unit: 'ms', pass: true },
      );
      const floor = nodeFloor[name];
      if (floor)
        rows.push({
          name: `Load: ${name}, p99 at ${FIXED_RATE} req/s (bare node:http reference)`,
          value: med(floor, (r) => r.p99),
          budget: '—',
          unit: 'ms',
          pass: true,
          note: `runs ${floor.map((r) => r.p99).join(', ')}; the same bytes, headers and log line from a plain node:http server (bench/node-reference.mjs)`,
        });
      // What each server spends per request decides how long a burst's 20 requests queue.
      const cpu = (runs: FixedRate[]) => med(runs, (r) => r.cpuUs);
      rows.push({
        name: `Load: ${name}, CPU per request at ${FIXED_RATE} req/s (Scena; information)`,
        value: cpu(fix.scena),
        budget: '—',
        unit: 'µs',
        pass: true,
        note: `nginx ${cpu(fix.nginx)} µs${floor ? `, bare node:http ${cpu(floor)} µs` : ''}; user + system time of the server process, all threads, from /proc`,
      });
      const even = pacedRuns[name];
      if (even) {
        const p = (runs: PacedResult[], pick: (r: PacedResult) => number) => Math.round(median(runs.map(pick)) * 100) / 100;
        const evenBad = [...even.scena, ...even.nginx].reduce((n, r) => n + r.bad + (r.sent - r.answered), 0);
        rows.push({
          name: `Load: ${name}, p99 at ${FIXED_RATE} req/s evenly paced (Scena; information)`,
          value: p(even.scena, (r) => r.p99),
          budget: '—',
          unit: 'ms',
          pass: evenBad === 0,
          note: `nginx p99 ${p(even.nginx, (r) => r.p99)} ms; p50 ${p(even.scena, (r) => r.p50)} vs ${p(even.nginx, (r) => r.p50)} ms; medians of ${even.scena.length}${evenBad ? `; ${evenBad} errors` : ''}`,
        });
      }
    }
    return rows;
  } finally {
    for (const c of started.reverse()) await c.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rows = await runLoadBench();
  const width = Math.max(...rows.map((r) => r.name.length));
  for (const r of rows) {
    console.log(
      `${r.pass ? 'PASS' : 'FAIL'}  ${r.name.padEnd(width)}  ${String(r.value).padStart(8)} ${r.unit.padEnd(6)} budget ${String(r.budget).padEnd(10)}${r.note ? `  (${r.note})` : ''}`,
    );
  }
  process.exitCode = rows.every((r) => r.pass) ? 0 : 1;
}
