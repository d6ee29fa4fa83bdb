/**
 * The fan numbers (issue 16): visitors and page views over 7 / 30 / 365 days (chart and table), top pages and
 * referrers, clicks per platform, each release's views, clicks and plays, devices and the other events, and the CSV
 * export. Counted by Scena's own server only (src/audience/track.ts, docs/decisions/0026); other backends get a line
 * saying why there are no numbers. Their own page, Visitors (/admin/visitors, ./visitors-page.tsx); the dashboard
 * shows the period's two totals and the way there (VisitorsGlance; issue 33, docs/decisions/0047).
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AUDIENCE_RANGES, type AudienceRange, type AudienceReport } from '../../content/audience';
import type { BackendKind } from '../../content/backend';
import type { Release } from '../../content/model';
import { PLATFORMS } from '../../content/platforms';
import { en } from '../../i18n/en';
import { useAdmin, useBackend } from '../auth';
import { say, type Item } from '../kinds/form-model';
import { optionWords, showSummary, textOf } from '../kinds/summaries';
import { errorMessage } from '../use-save-status';
import { ADMIN_WORDS } from '../words';
import { AudienceChart } from './chart';
import { ro } from '../../i18n/ro';
import { adminLanguage, adminLocale } from '../language';
import { t, tCount } from '../words';
import { ShowsNumbers } from './shows-numbers';
import { pageName } from './page-names';
import { NumbersTable as Table } from './numbers-table';

type State = { state: 'loading' } | { state: 'error'; message: string } | { state: 'done'; report: AudienceReport };

const count = (n: number) => new Intl.NumberFormat(adminLocale()).format(n);

/** Why a backend has no numbers. */
export function noNumbersReason(kind: BackendKind): string {
  return kind === 'firebase' ? t('noNumbersFirebase') : t('noNumbersNone');
}

/** A platform's or a link's name: "Spotify", "YouTube", "Instagram" …; the key itself for one Scena does not know. */
export function platformName(key: string): string {
  if (key in PLATFORMS) return PLATFORMS[key as keyof typeof PLATFORMS].label;
  const social = `social.${key}`;
  const words = adminLanguage() === 'ro' ? ro : en;
  if (social in words) return words[social as keyof typeof words];
  // A link page's own link (issue 31), by its icon: "Website", "Facebook" (else the key itself).
  return optionWords('links', 'icon', key);
}

const deviceName = (device: string) => (device === 'phone' ? t('phones') : device === 'tablet' ? t('tablets') : device === 'desktop' ? t('computers') : device);

/** The numbers, whole: the Visitors page's content (its heading is the page's). */
export function VisitorNumbers() {
  const { admin } = useAdmin();
  const backend = useBackend();
  const [params, setParams] = useSearchParams();
  // The period is the page's own state (a radio follows the click at once), kept in the address for a reload.
  const [days, setDays] = useState<AudienceRange>(() => {
    const asked = Number(params.get('days'));
    return (AUDIENCE_RANGES as readonly number[]).includes(asked) ? (asked as AudienceRange) : 30;
  });
  const [state, setState] = useState<State>({ state: 'loading' });
  const [titles, setTitles] = useState<Map<string, string>>(new Map());
  const [showNames, setShowNames] = useState<Map<string, string>>(new Map());
  const [sampleNames, setSampleNames] = useState<Map<string, string>>(new Map());
  // Letters to the fans by their source name (`letter-<id>`: src/admin/letters), shown by subject.
  const [letterNames, setLetterNames] = useState<Map<string, string>>(new Map());
  const [attempt, setAttempt] = useState(0);
  const id = useId();

  useEffect(() => {
    if (!backend.audience) return;
    let live = true;
    setState({ state: 'loading' });
    backend.audience(days).then(
      (report) => live && setState({ state: 'done', report }),
      (error: unknown) => live && setState({ state: 'error', message: errorMessage(error, t('numbersUnreadable')) }),
    );
    return () => {
      live = false;
    };
  }, [backend, days, attempt]);

  // The releases' titles, by slug (a release removed since keeps its address as its name).
  useEffect(() => {
    if (!backend.audience) return;
    let live = true;
    backend.list('releases').then(
      (releases: Release[]) => live && setTitles(new Map(releases.filter((r) => r.slug).map((r) => [r.slug, r.title]))),
      () => {},
    );
    // The shows by slug, named as the Shows list names them ("Form Space, Cluj-Napoca"), for their pages.
    backend.list('shows').then(
      (shows: Item[]) => live && setShowNames(new Map(shows.filter((s) => s.slug).map((s) => [String(s.slug), showSummary(s).title]))),
      () => {},
    );
    // The samples by id, each named with its service ("Mix demo (Mixing)").
    Promise.all([backend.list('samples'), backend.list('services')]).then(
      ([samples, services]) => live && setSampleNames(sampleNamesOf(samples, services)),
      () => {},
    );
    backend.letters?.overview().then(
      ({ letters }) =>
        live &&
        setLetterNames(
          new Map(letters.map((l) => [`letter-${l.id}`, t('sourceLetter', { subject: (adminLanguage() === 'ro' ? l.subject_ro : l.subject_en) || l.id })])),
        ),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [backend]);

  const choose = useCallback(
    (value: AudienceRange) => {
      setDays(value);
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('days', String(value));
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [setParams],
  );

  if (!backend.audience) return <p className="notice">{noNumbersReason(admin.kind)}</p>;

  const period = tCount('lastNDays', days);
  return (
    <div className="audience" aria-busy={state.state === 'loading'}>
      <p className="field__hint">{t('audienceHint')}</p>
      <fieldset className="period">
        <legend>{t('period')}</legend>
        {AUDIENCE_RANGES.map((value) => (
          <label key={value} className="period__choice">
            <input type="radio" name={`${id}-days`} value={value} checked={days === value} onChange={() => choose(value)} />
            {tCount('nDays', value)}
          </label>
        ))}
      </fieldset>

      {state.state === 'loading' ? (
        <p role="status" className="audience__status">
          {t('loadingNumbers')}
        </p>
      ) : state.state === 'error' ? (
        <div role="alert" className="audience__status">
          <p className="form-error">{t('numbersFailed', { message: state.message })}</p>
          <button type="button" className="button button--small" onClick={() => setAttempt((a) => a + 1)}>
            {t('tryAgain')}
          </button>
        </div>
      ) : (
        <Report report={state.report} period={period} titles={titles} showNames={showNames} sampleNames={sampleNames} letterNames={letterNames} />
      )}

      {backend.audienceCsvUrl && (
        <p>
          <a className="button button--small" href={backend.audienceCsvUrl(days)} download>
            {t('downloadCsv', { period })}
          </a>
        </p>
      )}
    </div>
  );
}

/**
 * The dashboard's glance at the numbers: the last 30 days' visitors and page views, and the way to the Visitors page
 * (the whole report was 1,100 px down a phone's dashboard). Where nothing is counted, why.
 */
export function VisitorsGlance() {
  const { admin } = useAdmin();
  const backend = useBackend();
  const [state, setState] = useState<State>({ state: 'loading' });
  const id = useId();
  useEffect(() => {
    if (!backend.audience) return;
    let live = true;
    backend.audience(30).then(
      (report) => live && setState({ state: 'done', report }),
      (error: unknown) => live && setState({ state: 'error', message: errorMessage(error, t('numbersUnreadable')) }),
    );
    return () => {
      live = false;
    };
  }, [backend]);
  return (
    <section className="glance glance--visitors" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('navVisitors')}</h2>
      {!backend.audience ? (
        <p>{noNumbersReason(admin.kind)}</p>
      ) : (
        <>
          {state.state === 'loading' ? (
            <p>{t('loadingNumbers')}</p>
          ) : state.state === 'error' ? (
            <p className="form-error">{t('numbersFailed', { message: state.message })}</p>
          ) : (
            <>
              <p>{t('visitorsGlancePeriod', { period: tCount('lastNDays', 30) })}</p>
              <dl className="totals totals--glance">
                <div>
                  <dt>{t('visitors')}</dt>
                  <dd data-glance="visitors">{count(state.report.totals.visitors)}</dd>
                </div>
                <div>
                  <dt>{t('pageViews')}</dt>
                  <dd data-glance="views">{count(state.report.totals.views)}</dd>
                </div>
              </dl>
            </>
          )}
          <p>
            <Link to="/admin/visitors">{t('visitorsGlanceLink')}</Link>
          </p>
        </>
      )}
    </section>
  );
}

/** Each sample's name for the numbers: its title and its service, "Mix demo (Mixing)". */
export function sampleNamesOf(samples: Item[], services: Item[]): Map<string, string> {
  return new Map(
    samples.map((sample) => {
      const service = services.find((s) => s.id === sample.service);
      const title = textOf(sample, 'title') || say(ADMIN_WORDS.untitled);
      return [sample.id, service ? `${title} (${textOf(service, 'title') || say(ADMIN_WORDS.untitled)})` : title];
    }),
  );
}

function Report({
  report,
  period,
  titles,
  showNames = new Map(),
  sampleNames,
  letterNames = new Map(),
}: {
  report: AudienceReport;
  period: string;
  titles: Map<string, string>;
  /** The shows' names by slug, for their pages among the top pages. */
  showNames?: Map<string, string>;
  sampleNames: Map<string, string>;
  /** The letters' sources (`letter-<id>`) by subject. */
  letterNames?: Map<string, string>;
}) {
  const { totals, events } = report;
  return (
    <>
      <dl className="totals">
        <div>
          <dt>{t('visitors')}</dt>
          <dd data-total="visitors">{count(totals.visitors)}</dd>
        </div>
        <div>
          <dt>{t('pageViews')}</dt>
          <dd data-total="views">{count(totals.views)}</dd>
        </div>
      </dl>
      <p className="field__hint">{t('visitorsHint')}</p>
      <AudienceChart days={report.days} period={period} />

      <div className="audience__grid">
        <Table
          title={t('topPages')}
          empty={t('noPageViews')}
          head={[t('pageColumn'), t('languageColumn'), t('viewsColumn'), t('visitors')]}
          text={2}
          rows={report.pages.map((p) => [
            // The page by its name, its address under it (the address alone when the content names it no more).
            <a key="path" href={p.path} target="_blank" rel="noopener">
              {pageName(p.path, { releases: titles, shows: showNames }) ?? ''}
              <span className="audience__path">{p.path}</span>
            </a>,
            p.lang === 'ro' ? t('romanian') : p.lang === 'en' ? t('english') : p.lang,
            count(p.views),
            count(p.visitors),
          ])}
        />
        <Table
          title={t('topReferrers')}
          empty={t('noReferrers')}
          head={[t('sourceColumn'), t('visitors')]}
          rows={report.referrers.map((r) => [letterNames.get(r.source) ?? sourceName(r.source), count(r.visitors)])}
        />
        <Table
          title={t('platformClicksTitle')}
          empty={t('noPlatformClicks')}
          head={[t('platformColumn'), t('clicksColumn')]}
          rows={report.platforms.map((p) => [platformName(p.platform), count(p.clicks)])}
        />
        <Table
          title={t('releasesTable')}
          empty={t('noReleaseNumbers')}
          head={[t('releaseColumn'), t('pageViews'), t('platformClicksColumn'), t('playerStartsColumn')]}
          rows={report.releases.map((r) => [titles.get(r.slug) ?? r.slug, count(r.views), count(r.clicks), count(r.plays)])}
        />
        {/* Only once a sample was played: most sites have none. */}
        {report.samples && report.samples.length > 0 && (
          <Table
            title={say(ADMIN_WORDS.samplesTable)}
            head={[say(ADMIN_WORDS.sampleColumn), say(ADMIN_WORDS.playsColumn), say(ADMIN_WORDS.switchesColumn)]}
            rows={report.samples.map((s) => [sampleNames.get(s.sample) ?? say(ADMIN_WORDS.removedSample), count(s.plays), count(s.switches)])}
          />
        )}
        <ShowsNumbers shows={report.shows} />
        <Table
          title={t('devices')}
          empty={t('noVisitors')}
          head={[t('deviceColumn'), t('visitors')]}
          rows={report.devices.map((d) => [deviceName(d.device), count(d.visitors)])}
        />
        <Table
          title={t('otherEvents')}
          head={[t('eventColumn'), t('countColumn')]}
          rows={[
            [t('playersStarted'), count(events.plays)],
            [t('bookingsSent'), count(events.booking)],
            [t('newsletterLoaded'), count(events.newsletterLoaded)],
            [t('newsletterFailed'), count(events.newsletterFailed)],
          ]}
        />
      </div>
    </>
  );
}

/** The sources the server names itself (server/audience/counting.ts): a QR code, an app's own browser. Others: a host. */
const NAMED_SOURCES = { qr: 'sourceQr', instagram: 'sourceInstagram', tiktok: 'sourceTiktok', facebook: 'sourceFacebook' } as const;

function sourceName(source: string): string {
  const key = NAMED_SOURCES[source as keyof typeof NAMED_SOURCES];
  return key ? t(key) : source;
}
