/**
 * Fan numbers' bench (bench/budgets.json `audience`; `npm run bench -- --only=audience`, or
 * `npx tsx bench/audience.ts`):
 * 1. Ingestion beside the page, in the same run: Scena's server (bench/audience-server.ts, the sample
 *    catalogue) on loopback; autocannon alternates GET / and POST /api/event (a beacon's text/plain
 *    view), `rounds` × `seconds` each at `connections`; medians. Every 204 must be a stored event.
 * 2. Bytes per million events: 30 days at `visitsPerDay` written through the store's own batches
 *    (server/audience/store.ts) into a fresh database file, measured as the pages in use before and after
 *    (raw); then rolled up day by day (rollups' bytes per million events and per day).
 * 3. The report over a year: the 30 rolled-up days copied back to fill 365 days of rollups, today's raw
 *    events at a full day's count, and GET /api/admin/audience's queries (store.report) for 7, 30 and 365
 *    days, `reportRuns` each; the median against `maxReportMs`.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { AUDIENCE_RANGES, type AudienceEventType, type DeviceClass } from '../src/content/audience';
import { audienceStore, RAW_DAYS, type StoredEvent } from '../server/audience/store';
import { openDatabase, type Database } from '../server/db/client';
import { freePort, median, ROOT, round, type Row } from './lib';

interface Budget {
  ingest: { seconds: number; rounds: number; connections: number; minEventsPerSecond: number };
  visitsPerDay: number;
  reportRuns: number;
  maxReportMs: number;
  maxRawMBPerMillion: number;
}
const BUDGET = (JSON.parse(readFileSync(join(ROOT, 'bench/budgets.json'), 'utf8')) as { audience: Budget }).audience;
const ZONE = 'Europe/Bucharest';
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

type Log = (message: string) => void;

// ---- 1. ingestion beside the page ------------------------------------------------------------------

async function startServer(dir: string): Promise<{ origin: string; stop(): Promise<void> }> {
  const { openDatabase: open } = await import('../server/db/client');
  const { loadSample } = await import('../server/maintenance');
  const db = await open(`file:${join(dir, 'scena.db')}`);
  await loadSample(db, false);
  db.close();
  const port = await freePort();
  const log = openSync(join(dir, 'server.log'), 'a');
  const proc = spawn(process.execPath, ['--import', 'tsx', 'bench/audience-server.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATABASE_URL: join(dir, 'scena.db'), LOG_LEVEL: process.env.LOAD_LOG_LEVEL ?? 'info' },
    stdio: ['ignore', log, log],
  });
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (proc.exitCode === null && proc.signalCode === null) {
      proc.kill('SIGTERM');
      const force = setTimeout(() => proc.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(force);
    }
  };
  for (let waited = 0; ; waited += 100) {
    const ok = await fetch(`${origin}/en/`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (waited > 30_000 || proc.exitCode !== null) {
      await stop();
      throw new Error(`the audience bench's server did not start:\n${readFileSync(join(dir, 'server.log'), 'utf8')}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { origin, stop };
}

function cannon(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => autocannon(options, (error, result) => (error ? reject(error as Error) : resolve(result))));
}

export async function ingestion(log: Log): Promise<Row[]> {
  const dir = mkdtempSync(join(tmpdir(), 'scena-audience-bench-'));
  const server = await startServer(dir);
  const { seconds, rounds, connections } = BUDGET.ingest;
  const page = { url: `${server.origin}/`, headers: { 'user-agent': CHROME, 'accept-encoding': 'br' } };
  const event = {
    url: `${server.origin}/api/event`,
    method: 'POST' as const,
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'sec-fetch-site': 'same-origin', origin: server.origin, 'user-agent': CHROME },
    body: JSON.stringify({ t: 'view', p: '/en/?utm_source=instagram', r: 'https://www.instagram.com/', l: 'en' }),
  };
  const pageRps: number[] = [];
  const eventRps: number[] = [];
  let answered = 0;
  let bad = 0;
  try {
    // Warm-up: JIT, the page cache, the day's salt.
    await cannon({ ...page, connections, duration: 1 });
    answered += (await cannon({ ...event, connections, duration: 1 }))['2xx'];
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 ? (['event', 'page'] as const) : (['page', 'event'] as const);
      for (const what of order) {
        const result = await cannon({ ...(what === 'page' ? page : event), connections, duration: seconds });
        bad += result.errors + result.timeouts + result.non2xx;
        (what === 'page' ? pageRps : eventRps).push(result.requests.average);
        if (what === 'event') answered += result['2xx'];
        log(`  ${what}: ${Math.round(result.requests.average)} req/s (${result.non2xx} non-2xx, ${result.errors} errors)`);
      }
    }
  } finally {
    await server.stop();
  }
  // Every 204 is a stored event (the server wrote its waiting events as it closed).
  const db = await openDatabase(`file:${join(dir, 'scena.db')}`);
  const stored = Number((await db.client.execute('SELECT count(*) AS n FROM audience_events')).rows[0]!.n);
  db.close();
  rmSync(dir, { recursive: true, force: true });
  const events = median(eventRps);
  const pages = median(pageRps);
  return [
    {
      name: 'Audience: event ingestion (POST /api/event)',
      value: Math.round(events),
      budget: `≥ ${BUDGET.ingest.minEventsPerSecond}`,
      unit: 'req/s',
      pass: events >= BUDGET.ingest.minEventsPerSecond && bad === 0 && stored >= answered,
      note: `median of ${rounds} × ${seconds} s at ${connections} connections, alternating with the page; ${round(events / pages, 2)} × the page's ${Math.round(pages)} req/s; ${stored} stored of ${answered} answered 204${bad ? `; ${bad} bad answers` : ''}`,
    },
    {
      name: 'Audience: the page in the same run (GET /)',
      value: Math.round(pages),
      budget: '—',
      unit: 'req/s',
      pass: true,
      note: `runs: ${pageRps.map(Math.round).join(', ')} (events: ${eventRps.map(Math.round).join(', ')})`,
    },
  ];
}

// ---- 2. bytes per million events, 3. the report over a year ----------------------------------------

/** A small deterministic random source, so two runs write the same events. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const RELEASES = Array.from({ length: 25 }, (_, i) => `release-number-${i + 1}`);
const PLATFORMS = ['spotify', 'appleMusic', 'youtube', 'youtubeMusic', 'deezer', 'tidal', 'amazonMusic', 'soundcloud', 'bandcamp', 'instagram'];
const SOURCES = [
  ...['instagram', 'tiktok', 'newsletter', 'facebook'],
  ...Array.from({ length: 140 }, (_, i) => `blog-${i}.example.com`),
  ...['instagram.com', 'l.instagram.com', 'google.com', 'youtube.com', 'open.spotify.com', 't.co'],
];
const pick = <T>(rnd: () => number, list: readonly T[], skew = 1) => list[Math.floor(rnd() ** skew * list.length)]!;

/**
 * A day of visits: each visitor views 1–4 pages (a home page or a release's), comes from a source one
 * time in three, clicks a platform one time in three, starts a player one time in twenty, and so on:
 * about 3.3 events a visit.
 */
function* dayOfVisits(day: number, visits: number, rnd: () => number): Generator<StoredEvent> {
  const devices: DeviceClass[] = ['phone', 'phone', 'desktop', 'tablet'];
  for (let v = 0; v < visits; v++) {
    const visitor = Math.floor(rnd() * 2 ** 48);
    const device = pick(rnd, devices);
    const base = { day, visitor, device, path: null, lang: null, source: null, platform: null, release: null };
    const source = rnd() < 0.33 ? pick(rnd, SOURCES, 2) : null;
    const views = 1 + Math.floor(rnd() * 4);
    for (let i = 0; i < views; i++) {
      const lang = rnd() < 0.6 ? 'ro' : 'en';
      const release = rnd() < 0.5 ? pick(rnd, RELEASES, 2) : null;
      const path = release ? `/${lang}/${lang === 'ro' ? 'muzica' : 'music'}/${release}/` : rnd() < 0.3 ? '/' : `/${lang}/`;
      yield { ...base, type: 'view', path, lang, source: i === 0 ? source : null, release };
    }
    const extra = (type: AudienceEventType, fields: Partial<StoredEvent> = {}) => ({ ...base, type, ...fields });
    if (rnd() < 0.33) yield extra('click', { platform: pick(rnd, PLATFORMS, 2), release: rnd() < 0.6 ? pick(rnd, RELEASES, 2) : null });
    if (rnd() < 0.05) yield extra('play', { platform: rnd() < 0.7 ? 'spotify' : 'youtube', release: pick(rnd, RELEASES, 2) });
    if (rnd() < 0.3) yield extra('newsletter-loaded');
    if (rnd() < 0.01) yield extra('newsletter-failed');
    if (rnd() < 0.002) yield extra('booking');
  }
}

/** Bytes of the database's pages in use (the file less its free pages), after a checkpoint. */
async function usedBytes(db: Database): Promise<number> {
  await db.client.execute('PRAGMA wal_checkpoint(TRUNCATE)');
  const one = async (pragma: string) => Number(Object.values((await db.client.execute(`PRAGMA ${pragma}`)).rows[0]!)[0]);
  return ((await one('page_count')) - (await one('freelist_count'))) * (await one('page_size'));
}

const ROLLUP_TABLES = ['audience_daily', 'audience_pages', 'audience_sources', 'audience_platforms', 'audience_releases', 'audience_devices'];

export async function storage(log: Log): Promise<Row[]> {
  const dir = mkdtempSync(join(tmpdir(), 'scena-audience-bytes-'));
  const db = await openDatabase(`file:${join(dir, 'scena.db')}`);
  try {
    const rnd = random(16);
    // 30 days ending today; the clock moves through them as the events are written.
    const clock = { now: Date.now() - RAW_DAYS * 86_400_000 };
    const store = audienceStore(db, { timeZone: ZONE, now: () => clock.now });
    const before = await usedBytes(db);
    let events = 0;
    const started = performance.now();
    for (let d = 0; d < RAW_DAYS; d++) {
      const day = store.today();
      for (const event of dayOfVisits(day, BUDGET.visitsPerDay, rnd)) {
        const { visitor, day: _day, ...rest } = event;
        await store.record(rest, () => visitor);
        events++;
      }
      await store.flush();
      clock.now += 86_400_000;
    }
    const writeSeconds = (performance.now() - started) / 1000;
    const raw = await usedBytes(db);
    // The report rolls up every finished day first (and, unlike the periodic job, deletes nothing).
    const rollStart = performance.now();
    await store.report(7);
    const rolledUp = (await db.client.execute('SELECT day FROM audience_daily')).rows.map((r) => Number(r.day));
    const rollMs = (performance.now() - rollStart) / rolledUp.length;
    const afterRollup = await usedBytes(db);
    const rawPerMillion = ((raw - before) / events) * 1e6;
    const rollupPerDay = (afterRollup - raw) / rolledUp.length;
    log(
      `  ${events} events over ${RAW_DAYS} days written in ${round(writeSeconds, 1)} s through the store's batches; ${rolledUp.length} days rolled up (${round(rollMs, 1)} ms a day)`,
    );

    // A year: the rolled-up days copied back over 365 days; today's raw events a full day's worth.
    const today = store.today();
    const firstRolled = Math.min(...rolledUp);
    const statements = [];
    // Each copy covers [firstRolled - shift, firstRolled - shift + RAW_DAYS - 1]; until the year is full.
    for (let shift = RAW_DAYS; firstRolled - shift + RAW_DAYS - 1 >= today - 365; shift += RAW_DAYS) {
      for (const table of ROLLUP_TABLES) {
        const columns = (await db.client.execute(`SELECT name FROM pragma_table_info('${table}')`)).rows.map((r) => String(r.name));
        const list = columns.join(', ');
        statements.push({
          sql: `INSERT OR IGNORE INTO ${table} (${list}) SELECT ${columns.map((c) => (c === 'day' ? 'day - ?' : c)).join(', ')} FROM ${table} WHERE day BETWEEN ? AND ?`,
          args: [shift, firstRolled, firstRolled + RAW_DAYS - 1],
        });
      }
    }
    await db.write(statements);
    let todayEvents = 0;
    for (const event of dayOfVisits(today, BUDGET.visitsPerDay, rnd)) {
      const { visitor, day: _day, ...rest } = event;
      await store.record(rest, () => visitor);
      todayEvents++;
    }
    await store.flush();
    const days = Number((await db.client.execute({ sql: 'SELECT count(*) AS n FROM audience_daily WHERE day > ?', args: [today - 366] })).rows[0]!.n);
    // The first report of a server that has just started makes today's tally from the raw events.
    const cold = audienceStore(db, { timeZone: ZONE, now: () => clock.now });
    const coldStart = performance.now();
    const coldCpu0 = process.cpuUsage();
    await cold.report(365);
    const coldCpu1 = process.cpuUsage(coldCpu0);
    const coldMs = performance.now() - coldStart;
    const coldCpuMs = (coldCpu1.user + coldCpu1.system) / 1000;
    const timings: Record<number, number[]> = {};
    const cpu: Record<number, number[]> = {};
    for (let run = 0; run < BUDGET.reportRuns; run++) {
      for (const range of AUDIENCE_RANGES) {
        const t0 = performance.now();
        const c0 = process.cpuUsage();
        const report = await store.report(range);
        const c1 = process.cpuUsage(c0);
        (timings[range] ??= []).push(performance.now() - t0);
        (cpu[range] ??= []).push((c1.user + c1.system) / 1000);
        if (report.days.length !== range || report.days.at(-1)!.views === 0) throw new Error(`the ${range}-day report is wrong`);
      }
    }
    const medians = AUDIENCE_RANGES.map((range) => median(timings[range]!));
    const cpuMedians = AUDIENCE_RANGES.map((range) => median(cpu[range]!));
    const worst = Math.max(...medians);
    log(
      `  report medians: ${AUDIENCE_RANGES.map((r, i) => `${r} days ${round(medians[i]!, 1)} ms (CPU ${round(cpuMedians[i]!, 1)})`).join(', ')}; a fresh server's first: ${Math.round(coldMs)} ms (CPU ${Math.round(coldCpuMs)}; ${days} days of rollups, ${todayEvents} raw events today)`,
    );
    return [
      {
        name: 'Audience: the report over a year (slowest range)',
        value: round(worst, 1),
        budget: `≤ ${BUDGET.maxReportMs}`,
        unit: 'ms',
        pass: worst <= BUDGET.maxReportMs && days >= 365,
        note: `median of ${BUDGET.reportRuns}: ${AUDIENCE_RANGES.map((r, i) => `${r} d ${round(medians[i]!, 1)} ms (CPU ${round(cpuMedians[i]!, 1)})`).join(', ')}; ${days} days of rollups at ${BUDGET.visitsPerDay} visits a day and today's ${todayEvents} raw events; a fresh server's first report (today's tally made from the database): ${Math.round(coldMs)} ms (CPU ${Math.round(coldCpuMs)})`,
      },
      {
        name: 'Audience: raw events, bytes per million',
        value: round(rawPerMillion / 1e6, 1),
        budget: `≤ ${BUDGET.maxRawMBPerMillion}`,
        unit: 'MB',
        pass: rawPerMillion / 1e6 <= BUDGET.maxRawMBPerMillion,
        note: `${events} events (${RAW_DAYS} days × ${BUDGET.visitsPerDay} visits): ${round((raw - before) / 1e6, 1)} MB, ${Math.round((raw - before) / events)} bytes an event with its index; kept ${RAW_DAYS} days`,
      },
      {
        name: 'Audience: rollups, bytes per million events',
        value: round((((afterRollup - raw) / events) * 1e6) / 1e6, 2),
        budget: '—',
        unit: 'MB',
        pass: true,
        note: `${Math.round(rollupPerDay)} bytes a day at ${BUDGET.visitsPerDay} visits (${round((rollupPerDay * 365) / 1e6, 2)} MB a year), kept forever`,
      },
    ];
  } finally {
    db.close();
    if (process.env.AUDIENCE_BENCH_KEEP) console.log(`kept ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

export async function runAudienceBench(log: Log = console.log): Promise<Row[]> {
  log('Audience: ingestion beside the page…');
  const rows = await ingestion(log);
  log('Audience: bytes per million events and the report over a year…');
  rows.push(...(await storage(log)));
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const row of await runAudienceBench())
    console.log(`${row.name}: ${row.value} ${row.unit} (budget ${row.budget}) ${row.pass ? 'PASS' : 'FAIL'} — ${row.note ?? ''}`);
}
