/**
 * Today's figures, kept in memory as the events are recorded, so that the report does not count a whole
 * day of raw events again each time it is read (docs/decisions/0026-audience-without-cookies.md: at
 * 10,000 visits a day that was about 60 ms of the report's CPU). The same figures the day's rollup makes
 * from the raw events, with the same meaning. The report trusts it only while it has tallied exactly the
 * events the database holds for today; otherwise (a restart, another server writing to the same database,
 * a batch that failed) it is made again from the raw events.
 */
import { AUDIENCE_EVENTS, DEVICES } from '../../src/content/audience';
import type { StoredEvent } from './store';

interface PageFigures {
  path: string;
  lang: string;
  views: number;
  visitors: Set<number>;
}
interface DeviceFigures {
  visitors: Set<number>;
  counts: Record<(typeof AUDIENCE_EVENTS)[number], number>;
}

type Row = Record<string, unknown>;

/** Today's sources kept in memory at most (the report shows 10; a day's rollup keeps 100). */
export const TALLY_SOURCES = 1_000;
/** What restore() reads: the rows of the queries in store.ts todayTally, by name. */
export interface TallyParts {
  devices: Row[];
  counts: Row[];
  pages: Row[];
  sources: Row[];
  platforms: Row[];
  releases: Row[];
  samples: Row[];
  shows?: Row[];
}

export class Tally {
  /** Events tallied. */
  count = 0;
  readonly pages = new Map<string, PageFigures>();
  readonly sources = new Map<string, Set<number>>();
  readonly platforms = new Map<string, number>();
  readonly releases = new Map<string, { views: number; clicks: number; plays: number }>();
  readonly samples = new Map<string, { plays: number; switches: number }>();
  readonly shows = new Map<string, { tickets: number; calendars: number }>();
  readonly devices = new Map<number, DeviceFigures>();

  constructor(readonly day: number) {}

  add(e: Pick<StoredEvent, 'visitor' | 'type' | 'path' | 'lang' | 'source' | 'platform' | 'release' | 'device' | 'sample' | 'show'>): void {
    this.count++;
    const device = DEVICES.indexOf(e.device);
    let d = this.devices.get(device);
    if (!d) this.devices.set(device, (d = { visitors: new Set(), counts: Object.fromEntries(AUDIENCE_EVENTS.map((t) => [t, 0])) as DeviceFigures['counts'] }));
    d.visitors.add(e.visitor);
    d.counts[e.type]++;
    if (e.type === 'view' && e.path !== null && e.lang !== null) {
      const key = `${e.path}\n${e.lang}`;
      let page = this.pages.get(key);
      if (!page) this.pages.set(key, (page = { path: e.path, lang: e.lang, views: 0, visitors: new Set() }));
      page.views++;
      page.visitors.add(e.visitor);
      if (e.source !== null) {
        let source = this.sources.get(e.source);
        // Sources are whatever referrers and utm_source values visitors bring: bounded here, as the day's
        // rollup bounds them (a flood of made-up ones cannot grow the server's memory past this).
        if (!source && this.sources.size < TALLY_SOURCES) this.sources.set(e.source, (source = new Set()));
        source?.add(e.visitor);
      }
    }
    if (e.type === 'click' && e.platform !== null) this.platforms.set(e.platform, (this.platforms.get(e.platform) ?? 0) + 1);
    if (e.release !== null && (e.type === 'view' || e.type === 'click' || e.type === 'play')) {
      let release = this.releases.get(e.release);
      if (!release) this.releases.set(e.release, (release = { views: 0, clicks: 0, plays: 0 }));
      release[e.type === 'view' ? 'views' : e.type === 'click' ? 'clicks' : 'plays']++;
    }
    if (e.sample && (e.type === 'sample-play' || e.type === 'sample-switch')) {
      let sample = this.samples.get(e.sample);
      if (!sample) this.samples.set(e.sample, (sample = { plays: 0, switches: 0 }));
      sample[e.type === 'sample-play' ? 'plays' : 'switches']++;
    }
    if (e.show && (e.type === 'show-ticket' || e.type === 'show-calendar')) {
      let show = this.shows.get(e.show);
      if (!show) this.shows.set(e.show, (show = { tickets: 0, calendars: 0 }));
      show[e.type === 'show-ticket' ? 'tickets' : 'calendars']++;
    }
  }

  /**
   * A tally made from the database's aggregates of one day (store.ts todayTally): the counts, and each
   * visitor set as the distinct visitors' list (group_concat), far cheaper than a row per event.
   */
  static restore(day: number, parts: TallyParts): Tally {
    const tally = new Tally(day);
    const ids = (list: unknown) => new Set(list === null || list === undefined || list === '' ? [] : String(list).split(',').map(Number));
    for (const r of parts.devices) {
      const counts = Object.fromEntries(AUDIENCE_EVENTS.map((t) => [t, 0])) as DeviceFigures['counts'];
      tally.devices.set(Number(r.device), { visitors: ids(r.visitors), counts });
    }
    for (const r of parts.counts) {
      tally.devices.get(Number(r.device))!.counts[AUDIENCE_EVENTS[Number(r.type)]!] = Number(r.n);
      tally.count += Number(r.n);
    }
    for (const r of parts.pages) {
      const [path, lang] = [String(r.path), String(r.lang)];
      tally.pages.set(`${path}\n${lang}`, { path, lang, views: Number(r.views), visitors: ids(r.visitors) });
    }
    for (const r of parts.sources) tally.sources.set(String(r.source), ids(r.visitors));
    for (const r of parts.platforms) tally.platforms.set(String(r.platform), Number(r.clicks));
    for (const r of parts.releases) tally.releases.set(String(r.slug), { views: Number(r.views), clicks: Number(r.clicks), plays: Number(r.plays) });
    for (const r of parts.samples ?? []) tally.samples.set(String(r.sample), { plays: Number(r.plays), switches: Number(r.switches) });
    for (const r of parts.shows ?? []) tally.shows.set(String(r.show), { tickets: Number(r.tickets), calendars: Number(r.calendars) });
    return tally;
  }

  /** Each list as JSON rows, for the report's queries to read beside the rollups (json_each). */
  json() {
    return {
      pages: JSON.stringify([...this.pages.values()].map((p) => [p.path, p.lang, p.views, p.visitors.size])),
      sources: JSON.stringify([...this.sources].map(([source, visitors]) => [source, visitors.size])),
      platforms: JSON.stringify([...this.platforms]),
      releases: JSON.stringify([...this.releases].map(([slug, r]) => [slug, r.views, r.clicks, r.plays])),
      samples: JSON.stringify([...this.samples].map(([sample, r]) => [sample, r.plays, r.switches])),
      shows: JSON.stringify([...this.shows].map(([show, r]) => [show, r.tickets, r.calendars])),
    };
  }
}
