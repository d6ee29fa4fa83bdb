/**
 * The fans (/admin/fans, issue 28, docs/decisions/0035 "The list"): whether the page takes sign-ups (and, when not, why
 * and how), the list in numbers, sign-ups per week, the people (newest first, a filter box, each row a thumb's height:
 * address, language, since when, from where, letters received), erase a person for good, export the confirmed as CSV,
 * and import a Kit or Mailchimp export after a preview. Scena's server only (Firebase keeps the Kit form).
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { FanSummary, FansAdmin, FansReport, ImportReport } from '../../content/fans';
import { useBackend } from '../auth';
import { adminLocale } from '../language';
import { wordError } from '../problem-words';
import { Notice } from '../kinds/list-parts';
import { t, tCount } from '../words';

const day = (ms: number) => new Date(ms).toLocaleDateString(adminLocale(), { day: 'numeric', month: 'short', year: 'numeric' });
const figure = (n: number) => new Intl.NumberFormat(adminLocale()).format(n);

const STATUS_WORDS = {
  confirmed: 'fansConfirmed',
  waiting: 'fansWaiting',
  unsubscribed: 'fansUnsubscribed',
  bounced: 'fansBounced',
} as const;

export function FansPage() {
  const backend = useBackend();
  if (!backend.fans) return <h1>{t('fansTitle')}</h1>;
  return <Fans fans={backend.fans} />;
}

function Fans(props: { fans: FansAdmin }) {
  const { fans } = props;
  const [query, setQuery] = useState('');
  const [report, setReport] = useState<FansReport | 'error' | undefined>();
  const [reload, setReload] = useState(0);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    let live = true;
    // A filter typed quickly asks once, when the typing pauses.
    const timer = setTimeout(() => {
      fans.read(query).then(
        (r) => live && setReport(r),
        () => live && setReport('error'),
      );
    }, 200);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [fans, query, reload]);

  return (
    <>
      <h1>{t('fansTitle')}</h1>
      <Notice message={announcement} serial={reload} />
      {report === 'error' ? (
        <p className="form-error" role="alert">
          {t('fansUnreadable')}
        </p>
      ) : report === undefined ? null : (
        <>
          <p className={report.offered ? 'notice' : 'notice notice--warning'}>
            {report.offered ? t('fansOffered') : report.mail ? t('fansKitChosen') : t('fansMailOff')}
          </p>
          <Numbers report={report} />
          <section aria-labelledby="fans-people" className="fans-people">
            <h2 id="fans-people" className="sr-only">
              {t('fansTitle')}
            </h2>
            <div className="fans-bar">
              <label htmlFor="fans-filter">{t('fansFilter')}</label>
              <input id="fans-filter" type="search" value={query} maxLength={254} autoComplete="off" onChange={(e) => setQuery(e.target.value)} />
              <p className="fans-bar__count" aria-live="polite">
                {tCount('fansShown', report.total)}
                {report.total > report.rows.length ? ` (${t('fansShownOf', { shown: figure(report.rows.length) })})` : ''}
              </p>
              {report.counts.confirmed > 0 && (
                <a className="button button--secondary button--small" href={fans.csvUrl} download>
                  {t('fansExport')}
                </a>
              )}
            </div>
            <People
              rows={report.rows}
              fans={fans}
              onErased={(email) => {
                setAnnouncement(t('fansErased', { email }));
                setReload((n) => n + 1);
              }}
            />
          </section>
          <Import
            fans={fans}
            onImported={(n) => {
              setAnnouncement(tCount('fansImportDone', n));
              setReload((r) => r + 1);
            }}
          />
        </>
      )}
    </>
  );
}

function Numbers(props: { report: FansReport }) {
  const { counts, weeks } = props.report;
  const top = Math.max(1, ...weeks.map((w) => w.count));
  return (
    <section aria-labelledby="fans-numbers" className="fans-numbers">
      <h2 id="fans-numbers">{t('fansCounts')}</h2>
      <dl className="fans-counts">
        {(Object.keys(STATUS_WORDS) as (keyof typeof STATUS_WORDS)[]).map((status) => (
          <div key={status}>
            <dt>{t(STATUS_WORDS[status])}</dt>
            <dd>{figure(counts[status])}</dd>
          </div>
        ))}
      </dl>
      <h3 id="fans-weeks">{t('fansWeeks')}</h3>
      <ol className="fans-weeks" aria-labelledby="fans-weeks">
        {weeks.map((week) => (
          <li key={week.start}>
            <span className="fans-weeks__when">{t('fansWeekOf', { date: day(Date.parse(`${week.start}T00:00:00Z`)) })}</span>
            <span className="fans-weeks__bar" aria-hidden="true">
              <span style={{ inlineSize: `${(week.count / top) * 100}%` }} />
            </span>
            <span className="fans-weeks__count">{figure(week.count)}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

function People(props: { rows: FanSummary[]; fans: FansAdmin; onErased(email: string): void }) {
  const [asking, setAsking] = useState<number | undefined>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  if (props.rows.length === 0) return <p>{t('fansNone')}</p>;
  const erase = async (fan: FanSummary) => {
    setBusy(true);
    setError('');
    try {
      await props.fans.erase(fan.id);
      setAsking(undefined);
      props.onErased(fan.email);
    } catch (caught) {
      setError(wordError(caught, t('fansEraseFailed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <ul className="fans-list">
        {props.rows.map((fan) => (
          <li key={fan.id} className="fans-row">
            <div className="fans-row__text">
              <span className="fans-row__email">{fan.email}</span>
              <span className="fans-row__meta">
                {/* Short, so a row stays a thumb's height on a phone: the status only when not confirmed. */}
                {[
                  ...(fan.status === 'confirmed' ? [] : [t(STATUS_WORDS[fan.status])]),
                  <abbr key="lang" title={t(fan.lang === 'ro' ? 'fansLangRo' : 'fansLangEn')}>
                    {fan.lang.toUpperCase()}
                  </abbr>,
                  t('fansSince', { date: day(fan.signedUpAt) }),
                  fan.source === 'form' ? t('fansFromForm') : t('fansFromImport', { from: fan.sourceDetail }),
                  tCount('fansLetters', fan.letters),
                ].flatMap((part, i) => (i === 0 ? [part] : [' · ', part]))}
              </span>
            </div>
            {asking === fan.id ? (
              <div className="actions" role="group" aria-label={t('fansErase')}>
                <span>{t('fansEraseConfirm', { email: fan.email })}</span>
                <button type="button" className="button button--danger" autoFocus disabled={busy} onClick={() => void erase(fan)}>
                  {t('fansEraseYes')}
                </button>
                <button type="button" className="button button--secondary" onClick={() => setAsking(undefined)}>
                  {t('fansImportCancel')}
                </button>
              </div>
            ) : (
              <button
                type="button"
                className="button button--secondary button--small"
                aria-label={`${t('fansErase')}: ${fan.email}`}
                onClick={() => setAsking(fan.id)}
              >
                {t('fansErase')}
              </button>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

function Import(props: { fans: FansAdmin; onImported(n: number): void }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | undefined>();
  const [preview, setPreview] = useState<ImportReport | undefined>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');

  const run = async (commit: boolean) => {
    if (!file) return;
    setBusy(true);
    setError('');
    setDone('');
    try {
      const report = await props.fans.importCsv(file, commit);
      if (commit) {
        setPreview(undefined);
        setFile(undefined);
        if (input.current) input.current.value = '';
        setDone(tCount('fansImportDone', report.imported));
        props.onImported(report.imported);
      } else setPreview(report);
    } catch (caught) {
      setError(wordError(caught, t('fansImportFailed')));
    } finally {
      setBusy(false);
    }
  };
  const check = (event: FormEvent) => {
    event.preventDefault();
    void run(false);
  };
  const origin = (o: ImportReport['origin']) => (o === 'kit' ? 'Kit' : o === 'mailchimp' ? 'Mailchimp' : 'CSV');

  return (
    <section aria-labelledby={`${id}-title`} className="fans-import">
      <h2 id={`${id}-title`}>{t('fansImportTitle')}</h2>
      <p id={`${id}-help`}>{t('fansImportHelp')}</p>
      <form onSubmit={check} aria-busy={busy || undefined}>
        {/* The label is the visible button (in the admin's language, not the browser's); the input stays for the keyboard. */}
        <div className="fans-import__choose">
          <label htmlFor={`${id}-file`} className="button button--secondary">
            {t('fansImportFile')}
          </label>
          <input
            ref={input}
            id={`${id}-file`}
            className="dropzone__input"
            type="file"
            accept=".csv,text/csv"
            aria-describedby={`${id}-help`}
            onChange={(e) => {
              setFile(e.target.files?.[0]);
              setPreview(undefined);
              setDone('');
            }}
          />
          {file && <span className="fans-import__name">{file.name}</span>}
        </div>
        <button type="submit" className="button button--secondary" disabled={!file || busy}>
          {busy && !preview ? t('fansImportChecking') : t('fansImportCheck')}
        </button>
      </form>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {done && (
        <p className="notice" role="status">
          {done}
        </p>
      )}
      {preview && (
        <div className="fans-preview" role="status">
          <h3>{t('fansImportPreview', { from: origin(preview.origin), rows: figure(preview.rows) })}</h3>
          <dl className="fans-counts">
            <div>
              <dt>{t('fansImportNew')}</dt>
              <dd>{figure(preview.new)}</dd>
            </div>
            <div>
              <dt>{t('fansImportExisting')}</dt>
              <dd>{figure(preview.existing)}</dd>
            </div>
            <div>
              <dt>{t('fansImportErased')}</dt>
              <dd>{figure(preview.erased)}</dd>
            </div>
            <div>
              <dt>{t('fansImportNotSubscribed')}</dt>
              <dd>{figure(preview.notSubscribed)}</dd>
            </div>
            {preview.repeated > 0 && (
              <div>
                <dt>{t('fansImportRepeated')}</dt>
                <dd>{figure(preview.repeated)}</dd>
              </div>
            )}
            <div>
              <dt>{t('fansImportInvalid')}</dt>
              <dd>{figure(preview.invalid.count)}</dd>
            </div>
          </dl>
          {preview.invalid.shown.length > 0 && (
            <ul className="fans-invalid">
              {preview.invalid.shown.map((row) => (
                <li key={row.line}>{t('fansImportLine', { line: row.line, value: row.value || '""' })}</li>
              ))}
            </ul>
          )}
          <div className="actions">
            <button type="button" className="button button--primary" disabled={busy || preview.new === 0} onClick={() => void run(true)}>
              {tCount('fansImportDo', preview.new)}
            </button>
            <button type="button" className="button button--secondary" onClick={() => setPreview(undefined)}>
              {t('fansImportCancel')}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
