/**
 * The audience's storage (docs/decisions/0026-audience-without-cookies.md): the day's random salt,
 * raw events written in batches, rolled up by day once the day is over, raw events deleted after
 * RAW_DAYS, and the admin's report over the rollups (and today's raw events).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import type { InStatement } from '@libsql/client';
import { AUDIENCE_EVENTS, DEVICES, type AudienceEventType, type AudienceRange, type AudienceReport, type DeviceClass } from '../../src/content/audience';
import { BUSY_TIMEOUT_MS } from '../db/client';
import type { Database } from '../db/database';
import { dayDate, dayNumber } from './counting';
import { TALLY_SOURCES, Tally } from './tally';

/** Raw events are kept this many days (today and the 29 before it), then deleted; rollups stay. */
export const RAW_DAYS = 30;
/** A day's rollup keeps this many referring sources; the rest are summed up as OTHER_SOURCE. */
export const SOURCES_PER_DAY = 100;
export const OTHER_SOURCE = '(other)';
/** The top lists of the report. */
export const TOP = 10;

export interface StoredEvent {
  day: number;
  visitor: number;
  type: AudienceEventType;
  path: string | null;
  lang: string | null;
  source: string | null;
  platform: string | null;
  release: string | null;
  device: DeviceClass;
  /** The sample's id, for sample-play and sample-switch (none otherwise). */
  sample?: string | null;
  /** The show's id, for show-ticket and show-calendar (none otherwise). */
  show?: string | null;
}

export interface AudienceStoreOptions {
  timeZone: string;
  now?: () => number;
  /** Events are written together once this many wait, or after flushMs. */
  batchSize?: number;
  flushMs?: number;
  /** Beyond this many waiting events (the database stalled), new ones are dropped. */
  maxPending?: number;
}

const TYPE = Object.fromEntries(AUDIENCE_EVENTS.map((t, i) => [t, i])) as Record<AudienceEventType, number>;
const DEVICE = Object.fromEntries(DEVICES.map((d, i) => [d, i])) as Record<DeviceClass, number>;
const COLUMNS = 11;

export function audienceStore(db: Database, options: AudienceStoreOptions) {
  const now = options.now ?? Date.now;
  const batchSize = options.batchSize ?? 200;
  const flushMs = options.flushMs ?? 250;
  const maxPending = options.maxPending ?? 20_000;
  let salt: { day: number; value: Uint8Array } | undefined;
  let saltLoading: Promise<Uint8Array | undefined> | undefined;
  let pending: StoredEvent[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();
  let dropped = 0;
  let tally: Tally | undefined;
  /** A salt was deleted but the WAL that held it could not be emptied yet. */
  let walToEmpty = false;

  const today = () => dayNumber(now(), options.timeZone);

  /**
   * The salt of `day`, made at random the first time it is asked for; the previous day's is deleted in
   * the same transaction (secure_delete zeroes it in the file: server/db/client.ts), then the WAL that
   * still held it is emptied. Several servers on one database agree: the first one's salt is kept. A
   * day older than the newest salt gets none (its events are not counted): a past salt is never remade.
   */
  async function loadSalt(day: number): Promise<Uint8Array | undefined> {
    const results = await db.client.batch(
      [
        {
          sql: 'INSERT INTO audience_salt (day, salt) SELECT ?1, ?2 WHERE NOT EXISTS (SELECT 1 FROM audience_salt WHERE day >= ?1)',
          args: [day, randomBytes(32)],
        },
        { sql: 'DELETE FROM audience_salt WHERE day < ?', args: [day] },
        { sql: 'SELECT salt FROM audience_salt WHERE day = ?', args: [day] },
      ],
      'write',
    );
    if (results[1]!.rowsAffected > 0) await emptyWal();
    const row = results[2]!.rows[0];
    return row ? new Uint8Array(row.salt as ArrayBuffer) : undefined;
  }

  /** The WAL keeps old pages (a deleted salt) until a checkpoint: TRUNCATE writes them back and empties it. */
  async function emptyWal() {
    const file = db.file;
    if (!file) return;
    // Without waiting: a checkpoint waits for readers in other processes (the CLI, another server) up to the
    // busy timeout, and every event would wait behind it. When one is reading, the WAL stays, and the
    // periodic job tries again (walToEmpty). One script: nothing else runs on the connection in between.
    await db.client.executeMultiple(`PRAGMA busy_timeout=0; PRAGMA wal_checkpoint(TRUNCATE); PRAGMA busy_timeout=${BUSY_TIMEOUT_MS};`);
    walToEmpty = existsSync(`${file}-wal`) && statSync(`${file}-wal`).size > 0;
  }

  async function saltFor(day: number): Promise<Uint8Array | undefined> {
    if (salt?.day === day) return salt.value;
    saltLoading ??= loadSalt(day).finally(() => (saltLoading = undefined));
    const value = await saltLoading;
    if (value) salt = { day, value };
    return salt?.day === day ? value : undefined;
  }

  function insert(events: StoredEvent[]): InStatement {
    return {
      sql: `INSERT INTO audience_events (day, visitor, type, path, lang, source, platform, release, device, sample, show) VALUES ${events
        .map(() => `(${new Array(COLUMNS).fill('?').join(',')})`)
        .join(',')}`,
      args: events.flatMap((e) => [
        e.day,
        e.visitor,
        TYPE[e.type],
        e.path,
        e.lang,
        e.source,
        e.platform,
        e.release,
        DEVICE[e.device],
        e.sample ?? null,
        e.show ?? null,
      ]),
    };
  }

  /** Writes what waits, one transaction (one fsync) for up to batchSize events at a time. */
  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const batch = pending;
    pending = [];
    if (!batch.length) return writing;
    const statements: InStatement[] = [];
    for (let i = 0; i < batch.length; i += batchSize) statements.push(insert(batch.slice(i, i + batchSize)));
    // A failed write loses its batch only: the chain goes on for the next ones.
    const done = writing.then(() => db.write(statements));
    writing = done.catch(() => {});
    return done;
  }

  async function dayNumbers(sql: string, args: number[]): Promise<number | undefined> {
    const v = (await db.client.execute({ sql, args })).rows[0]?.d;
    return v === null || v === undefined ? undefined : Number(v);
  }

  /** One day's rollups from its raw events, in one transaction. */
  async function rollUp(day: number) {
    const views = TYPE.view;
    await db.write([
      {
        sql: `INSERT INTO audience_daily (day, visitors, views, clicks, plays, booking, newsletter_loaded, newsletter_failed)
              SELECT ?1, count(DISTINCT visitor), count(*) FILTER (WHERE type = ${views}), count(*) FILTER (WHERE type = ${TYPE.click}),
                count(*) FILTER (WHERE type = ${TYPE.play}), count(*) FILTER (WHERE type = ${TYPE.booking}),
                count(*) FILTER (WHERE type = ${TYPE['newsletter-loaded']}), count(*) FILTER (WHERE type = ${TYPE['newsletter-failed']})
              FROM audience_events WHERE day = ?1`,
        args: [day],
      },
      {
        sql: `INSERT INTO audience_pages (day, path, lang, views, visitors)
              SELECT ?1, path, lang, count(*), count(DISTINCT visitor) FROM audience_events WHERE day = ?1 AND type = ${views} GROUP BY path, lang`,
        args: [day],
      },
      {
        // The day's SOURCES_PER_DAY sources with the most visitors, and the rest as one.
        sql: `WITH s AS (SELECT source, count(DISTINCT visitor) AS visitors FROM audience_events
                WHERE day = ?1 AND type = ${views} AND source IS NOT NULL GROUP BY source),
              ranked AS (SELECT source, visitors, row_number() OVER (ORDER BY visitors DESC, source) AS n FROM s)
              INSERT INTO audience_sources (day, source, visitors)
              SELECT ?1, source, visitors FROM ranked WHERE n <= ?2
              UNION ALL SELECT ?1, '${OTHER_SOURCE}', sum(visitors) FROM ranked WHERE n > ?2 HAVING count(*) > 0`,
        args: [day, SOURCES_PER_DAY],
      },
      {
        sql: `INSERT INTO audience_platforms (day, platform, clicks)
              SELECT ?1, platform, count(*) FROM audience_events WHERE day = ?1 AND type = ${TYPE.click} AND platform IS NOT NULL GROUP BY platform`,
        args: [day],
      },
      {
        sql: `INSERT INTO audience_releases (day, slug, views, clicks, plays)
              SELECT ?1, release, count(*) FILTER (WHERE type = ${views}), count(*) FILTER (WHERE type = ${TYPE.click}),
                count(*) FILTER (WHERE type = ${TYPE.play})
              FROM audience_events WHERE day = ?1 AND release IS NOT NULL AND type IN (${views}, ${TYPE.click}, ${TYPE.play}) GROUP BY release`,
        args: [day],
      },
      {
        sql: `INSERT INTO audience_samples (day, sample, plays, switches)
              SELECT ?1, sample, count(*) FILTER (WHERE type = ${TYPE['sample-play']}), count(*) FILTER (WHERE type = ${TYPE['sample-switch']})
              FROM audience_events WHERE day = ?1 AND sample IS NOT NULL AND type IN (${TYPE['sample-play']}, ${TYPE['sample-switch']}) GROUP BY sample`,
        args: [day],
      },
      {
        sql: `INSERT INTO audience_shows (day, show, tickets, calendars)
              SELECT ?1, show, count(*) FILTER (WHERE type = ${TYPE['show-ticket']}), count(*) FILTER (WHERE type = ${TYPE['show-calendar']})
              FROM audience_events WHERE day = ?1 AND show IS NOT NULL AND type IN (${TYPE['show-ticket']}, ${TYPE['show-calendar']}) GROUP BY show`,
        args: [day],
      },
      {
        sql: `INSERT INTO audience_devices (day, device, visitors)
              SELECT ?1, device, count(DISTINCT visitor) FROM audience_events WHERE day = ?1 GROUP BY device`,
        args: [day],
      },
    ]);
  }

  /**
   * Writes what waits, then rolls up every finished day that is not yet: the report reads the rollups.
   * One at a time in this process (a report and the periodic job would roll up the same day twice).
   */
  let rolling: Promise<number[]> | undefined;
  function rollUpFinished(current: number): Promise<number[]> {
    rolling ??= rollUpAll(current).finally(() => (rolling = undefined));
    return rolling;
  }
  async function rollUpAll(current: number): Promise<number[]> {
    await flush();
    const rolledUp: number[] = [];
    for (;;) {
      // The next finished day with raw events and no rollup: each found through the index, not a scan.
      const day = await dayNumbers('SELECT min(day) AS d FROM audience_events WHERE day < ? AND day > coalesce((SELECT max(day) FROM audience_daily), -1)', [
        current,
      ]);
      if (day === undefined) return rolledUp;
      await rollUp(day);
      rolledUp.push(day);
    }
  }

  /**
   * Today's tally, made again from the day's aggregates unless it holds exactly as many events as the database
   * has for today (after writing what waits).
   */
  async function todayTally(current: number): Promise<Tally> {
    const stored = n((await db.client.execute({ sql: 'SELECT count(*) AS n FROM audience_events WHERE day = ?', args: [current] })).rows[0]!.n);
    if (tally?.day === current && tally.count === stored) return tally;
    // One read transaction: the parts agree with each other whatever is written meanwhile.
    const T = TODAY(current);
    const [devices, counts, pages, sources, platforms, releases, samples, shows] = await db.client.batch(
      [
        `SELECT device, group_concat(DISTINCT visitor) AS visitors FROM ${T} GROUP BY device`,
        `SELECT device, type, count(*) AS n FROM ${T} GROUP BY device, type`,
        `SELECT path, lang, count(*) AS views, group_concat(DISTINCT visitor) AS visitors FROM ${T} AND type = ${TYPE.view} GROUP BY path, lang`,
        `SELECT source, group_concat(DISTINCT visitor) AS visitors FROM audience_events WHERE day = ${current} AND type = ${TYPE.view} AND source IS NOT NULL GROUP BY source
           ORDER BY count(DISTINCT visitor) DESC LIMIT ${TALLY_SOURCES}`,
        `SELECT platform, count(*) AS clicks FROM audience_events WHERE day = ${current} AND type = ${TYPE.click} AND platform IS NOT NULL GROUP BY platform`,
        `SELECT release AS slug, count(*) FILTER (WHERE type = ${TYPE.view}) AS views, count(*) FILTER (WHERE type = ${TYPE.click}) AS clicks,
           count(*) FILTER (WHERE type = ${TYPE.play}) AS plays FROM ${T} AND release IS NOT NULL AND type IN (${TYPE.view}, ${TYPE.click}, ${TYPE.play}) GROUP BY release`,
        `SELECT sample, count(*) FILTER (WHERE type = ${TYPE['sample-play']}) AS plays, count(*) FILTER (WHERE type = ${TYPE['sample-switch']}) AS switches
           FROM ${T} AND sample IS NOT NULL AND type IN (${TYPE['sample-play']}, ${TYPE['sample-switch']}) GROUP BY sample`,
        `SELECT show, count(*) FILTER (WHERE type = ${TYPE['show-ticket']}) AS tickets, count(*) FILTER (WHERE type = ${TYPE['show-calendar']}) AS calendars
           FROM ${T} AND show IS NOT NULL AND type IN (${TYPE['show-ticket']}, ${TYPE['show-calendar']}) GROUP BY show`,
      ],
      'read',
    );
    const fresh = Tally.restore(current, {
      devices: devices!.rows,
      counts: counts!.rows,
      pages: pages!.rows,
      sources: sources!.rows,
      platforms: platforms!.rows,
      releases: releases!.rows,
      samples: samples!.rows,
      shows: shows!.rows,
    });
    tally = fresh;
    return fresh;
  }

  return {
    today,
    /** Counts one event (already judged countable): it is written with the next batch. False when dropped. */
    async record(event: Omit<StoredEvent, 'day' | 'visitor'>, visitor: (salt: Uint8Array) => number): Promise<boolean> {
      const day = today();
      const daySalt = await saltFor(day);
      if (!daySalt) return false;
      if (pending.length >= maxPending) {
        dropped++;
        return false;
      }
      const stored = { ...event, day, visitor: visitor(daySalt) };
      pending.push(stored);
      if (tally?.day === day) tally.add(stored);
      if (pending.length >= batchSize) void flush().catch(() => {});
      else if (!timer) {
        timer = setTimeout(() => void flush().catch(() => {}), flushMs);
        timer.unref();
      }
      return true;
    },
    /** The events of `day` stored or waiting to be. */
    async countDay(day: number): Promise<number> {
      const rs = await db.client.execute({ sql: 'SELECT count(*) AS n FROM audience_events WHERE day = ?', args: [day] });
      return n(rs.rows[0]!.n) + pending.filter((e) => e.day === day).length;
    },
    /** Writes every waiting event (tests, the report, and the app's close). */
    flush,
    /** Today's tally's size (tests): how many events and distinct sources it holds in memory. */
    tallied: () => (tally ? { day: tally.day, events: tally.count, sources: tally.sources.size } : undefined),
    /** Events dropped because too many waited to be written. */
    dropped: () => dropped,
    /**
     * The periodic job: rolls up every finished day not rolled up yet, deletes raw events older than
     * RAW_DAYS (only of rolled-up days), and makes the new day's salt (deleting yesterday's) even when
     * no one visits.
     */
    async maintain(): Promise<{ rolledUp: number[]; deleted: number }> {
      const current = today();
      const rolledUp = await rollUpFinished(current);
      const removed = await db.client.execute({
        sql: 'DELETE FROM audience_events WHERE day <= ? AND day <= (SELECT coalesce(max(day), -1) FROM audience_daily)',
        args: [current - RAW_DAYS],
      });
      await saltFor(current);
      if (walToEmpty) await emptyWal();
      return { rolledUp, deleted: removed.rowsAffected };
    },
    /** The admin's numbers over the last `range` days, today included (GET /api/admin/audience). */
    async report(range: AudienceRange): Promise<AudienceReport> {
      const current = today();
      await rollUpFinished(current);
      return (await figures(db, current, range, options.timeZone, await todayTally(current))).report;
    },
    /** The same days as CSV, one line per day (zeros included), for a spreadsheet. */
    async csv(range: AudienceRange): Promise<string> {
      const current = today();
      await rollUpFinished(current);
      return csv(await figures(db, current, range, options.timeZone, await todayTally(current)));
    },
  };
}
export type AudienceStore = ReturnType<typeof audienceStore>;

/**
 * Today's raw events: from the first row of today on, in rowid order. Rows are appended in time order,
 * so this is one sequential run of the table instead of a look-up in it for each index entry (measured
 * 2026-11-24 on 32,000 events: about half the time); `+day` keeps the planner on that run.
 */
const TODAY = (today: number) => `audience_events WHERE rowid >= (SELECT min(rowid) FROM audience_events WHERE day = ${today}) AND +day = ${today}`;

/** Each finished day's rollup rows, and today's figures (the tally's, as JSON), as one table. */
const RANGE = {
  pages: `SELECT path, lang, views, visitors FROM audience_pages WHERE day BETWEEN :start AND :today - 1
    UNION ALL SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3 FROM json_each(:pages)`,
  sources: `SELECT source, visitors FROM audience_sources WHERE day BETWEEN :start AND :today - 1
    UNION ALL SELECT value ->> 0, value ->> 1 FROM json_each(:sources)`,
  platforms: `SELECT platform, clicks FROM audience_platforms WHERE day BETWEEN :start AND :today - 1
    UNION ALL SELECT value ->> 0, value ->> 1 FROM json_each(:platforms)`,
  releases: `SELECT slug, views, clicks, plays FROM audience_releases WHERE day BETWEEN :start AND :today - 1
    UNION ALL SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3 FROM json_each(:releases)`,
  samples: `SELECT sample, plays, switches FROM audience_samples WHERE day BETWEEN :start AND :today - 1
    UNION ALL SELECT value ->> 0, value ->> 1, value ->> 2 FROM json_each(:samples)`,
  shows: `SELECT show, tickets, calendars FROM audience_shows WHERE day BETWEEN :start AND :today - 1
    UNION ALL SELECT value ->> 0, value ->> 1, value ->> 2 FROM json_each(:shows)`,
};

const n = (v: unknown) => Number(v ?? 0);
const DAILY_COLUMNS = ['visitors', 'views', 'clicks', 'plays', 'booking', 'newsletter_loaded', 'newsletter_failed'] as const;
type Daily = Record<(typeof DAILY_COLUMNS)[number], number>;

/** The report, and each day's figures (the CSV's lines). */
async function figures(
  db: Database,
  today: number,
  range: AudienceRange,
  timeZone: string,
  tally: Tally,
): Promise<{ report: AudienceReport; daily: Map<number, Daily> }> {
  const args = { start: today - range + 1, today, ...tally.json() };
  // Each statement gets the arguments it names.
  const used = (sql: string) => Object.fromEntries(Object.entries(args).filter(([k]) => sql.includes(`:${k}`)));
  const read = (sql: string) => db.client.execute({ sql, args: used(sql) }).then((r) => r.rows);
  const [rolled, rolledDevices, pages, sources, platforms, releases, samples, shows] = await Promise.all([
    read(`SELECT day, ${DAILY_COLUMNS.join(', ')} FROM audience_daily WHERE day BETWEEN :start AND :today - 1`),
    read('SELECT device, sum(visitors) AS visitors FROM audience_devices WHERE day BETWEEN :start AND :today - 1 GROUP BY device'),
    read(
      `SELECT path, lang, sum(views) AS views, sum(visitors) AS visitors FROM (${RANGE.pages}) GROUP BY path, lang ORDER BY views DESC, path, lang LIMIT ${TOP}`,
    ),
    read(
      `SELECT source, sum(visitors) AS visitors FROM (${RANGE.sources}) WHERE source <> '${OTHER_SOURCE}' GROUP BY source ORDER BY visitors DESC, source LIMIT ${TOP}`,
    ),
    read(`SELECT platform, sum(clicks) AS clicks FROM (${RANGE.platforms}) GROUP BY platform ORDER BY clicks DESC, platform`),
    read(
      `SELECT slug, sum(views) AS views, sum(clicks) AS clicks, sum(plays) AS plays FROM (${RANGE.releases}) GROUP BY slug ORDER BY views DESC, clicks DESC, slug`,
    ),
    read(`SELECT sample, sum(plays) AS plays, sum(switches) AS switches FROM (${RANGE.samples}) GROUP BY sample ORDER BY plays DESC, switches DESC, sample`),
    read(`SELECT show, sum(tickets) AS tickets, sum(calendars) AS calendars FROM (${RANGE.shows}) GROUP BY show ORDER BY tickets DESC, calendars DESC, show`),
  ]);
  // Today by device: a visitor's hash includes its User-Agent, which gives its device, so each visitor
  // has one device and the day's visitors are the sum of the devices'.
  const todayDevices = [...tally.devices].map(([device, d]) => ({
    device,
    visitors: d.visitors.size,
    views: d.counts.view,
    clicks: d.counts.click,
    plays: d.counts.play,
    booking: d.counts.booking,
    newsletter_loaded: d.counts['newsletter-loaded'],
    newsletter_failed: d.counts['newsletter-failed'],
  }));
  const daily = new Map<number, Daily>();
  for (const r of rolled) daily.set(n(r.day), Object.fromEntries(DAILY_COLUMNS.map((c) => [c, n(r[c])])) as Daily);
  if (todayDevices.length) daily.set(today, Object.fromEntries(DAILY_COLUMNS.map((c) => [c, todayDevices.reduce((sum, r) => sum + n(r[c]), 0)])) as Daily);
  const devices = new Map<number, number>();
  for (const r of [...rolledDevices, ...todayDevices]) devices.set(n(r.device), (devices.get(n(r.device)) ?? 0) + n(r.visitors));
  const sum = (key: keyof Daily) => [...daily.values()].reduce((total, d) => total + d[key], 0);
  const report: AudienceReport = {
    range,
    timeZone,
    days: Array.from({ length: range }, (_, i) => {
      const day = today - range + 1 + i;
      const d = daily.get(day);
      return { date: dayDate(day), visitors: d?.visitors ?? 0, views: d?.views ?? 0 };
    }),
    totals: { visitors: sum('visitors'), views: sum('views') },
    pages: pages.map((r) => ({ path: String(r.path), lang: String(r.lang), views: n(r.views), visitors: n(r.visitors) })),
    referrers: sources.map((r) => ({ source: String(r.source), visitors: n(r.visitors) })),
    platforms: platforms.map((r) => ({ platform: String(r.platform), clicks: n(r.clicks) })),
    releases: releases.map((r) => ({ slug: String(r.slug), views: n(r.views), clicks: n(r.clicks), plays: n(r.plays) })),
    samples: samples.map((r) => ({ sample: String(r.sample), plays: n(r.plays), switches: n(r.switches) })),
    shows: shows.map((r) => ({ show: String(r.show), tickets: n(r.tickets), calendars: n(r.calendars) })),
    devices: [...devices].sort(([a, x], [b, y]) => y - x || a - b).map(([device, visitors]) => ({ device: DEVICES[device]!, visitors })),
    events: { booking: sum('booking'), newsletterLoaded: sum('newsletter_loaded'), newsletterFailed: sum('newsletter_failed'), plays: sum('plays') },
  };
  return { report, daily };
}

const CSV_COLUMNS = ['date', 'visitors', 'views', 'platform_clicks', 'plays', 'booking_requests', 'newsletter_loaded', 'newsletter_failed'] as const;

/** The report's days as CSV, one line per day (zeros included), for a spreadsheet. */
function csv({ report, daily }: { report: AudienceReport; daily: Map<number, Daily> }): string {
  const first = Math.round(Date.parse(report.days[0]!.date) / 86_400_000);
  const lines = report.days.map((d, i) => {
    const r = daily.get(first + i);
    return [d.date, d.visitors, d.views, r?.clicks ?? 0, r?.plays ?? 0, r?.booking ?? 0, r?.newsletter_loaded ?? 0, r?.newsletter_failed ?? 0].join(',');
  });
  return `${CSV_COLUMNS.join(',')}\r\n${lines.map((l) => `${l}\r\n`).join('')}`;
}
