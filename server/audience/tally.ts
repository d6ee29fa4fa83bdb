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

export class Tally {
  /** Events tallied. */
  count = 0;
  readonly pages = new Map<string, PageFigures>();
  readonly sources = new Map<string, Set<number>>();
  readonly platforms = new Map<string, number>();
  readonly releases = new Map<string, { views: number; clicks: number; plays: number }>();
  readonly devices = new Map<number, DeviceFigures>();

  constructor(readonly day: number) {}

  add(e: Pick<StoredEvent, 'visitor' | 'type' | 'path' | 'lang' | 'source' | 'platform' | 'release' | 'device'>): void {
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
        if (!source) this.sources.set(e.source, (source = new Set()));
        source.add(e.visitor);
      }
    }
    if (e.type === 'click' && e.platform !== null) this.platforms.set(e.platform, (this.platforms.get(e.platform) ?? 0) + 1);
    if (e.release !== null && (e.type === 'view' || e.type === 'click' || e.type === 'play')) {
      let release = this.releases.get(e.release);
      if (!release) this.releases.set(e.release, (release = { views: 0, clicks: 0, plays: 0 }));
      release[e.type === 'view' ? 'views' : e.type === 'click' ? 'clicks' : 'plays']++;
    }
  }

  /** Each list as JSON rows, for the report's queries to read beside the rollups (json_each). */
  json() {
    return {
      pages: JSON.stringify([...this.pages.values()].map((p) => [p.path, p.lang, p.views, p.visitors.size])),
      sources: JSON.stringify([...this.sources].map(([source, visitors]) => [source, visitors.size])),
      platforms: JSON.stringify([...this.platforms]),
      releases: JSON.stringify([...this.releases].map(([slug, r]) => [slug, r.views, r.clicks, r.plays])),
    };
  }
}
