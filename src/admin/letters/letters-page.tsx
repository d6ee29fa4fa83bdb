/**
 * Letters to the fans (/admin/letters, „Scrisori”; Scena's server only; docs/decisions/0035-fans-by-email.md):
 * the letters with how each is doing, and one letter's page: its subject and words in both languages in the small safe
 * format, cards to insert (a release, a show, a service), the preview as a subscriber sees it (either language, a
 * phone's or a desktop's width), a test to the admin's own address, and Send now (asked once, naming how many people)
 * or at a date and time of the artist's day; cancel while it is being sent.
 */
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams, type RouteObject } from 'react-router';
import type { ContentAdmin } from '../../content/backend';
import type { LetterProblem, LettersApi, LetterView, LetterWords } from '../../content/letters';
import { RELEASE_ZONE } from '../../content/release-cycle';
import { useBackend } from '../auth';
import { adminLanguage, adminLocale } from '../language';
import { wordError } from '../problem-words';
import { t, tCount } from '../words';

const EMPTY: LetterWords = { subject_en: '', subject_ro: '', body_en: '', body_ro: '' };

export function lettersRoutes(backend: ContentAdmin | undefined): RouteObject[] {
  const api = backend?.letters;
  return [
    { path: 'letters', element: <LettersList api={api} /> },
    { path: 'letters/:id', element: <LetterPage api={api} /> },
  ];
}

const when = (iso: string) => (iso ? new Date(iso).toLocaleString(adminLocale(), { dateStyle: 'medium', timeStyle: 'short', timeZone: RELEASE_ZONE }) : '');

const STATUS_WORDS = {
  draft: 'letterDraft',
  scheduled: 'letterScheduled',
  sending: 'letterSending',
  sent: 'letterSent',
  cancelled: 'letterCancelled',
} as const;

/** How a letter is doing, in a line: sent, retrying, bounced, left after it, uncertain, skipped, waiting. */
function Counts({ letter }: { letter: LetterView }) {
  const c = letter.counts;
  const parts = [
    c.queued + c.sending ? tCount('lettersQueued', c.queued + c.sending) : '',
    c.sent ? tCount('lettersDelivered', c.sent) : '',
    c.retrying ? tCount('lettersRetrying', c.retrying) : '',
    c.bounced ? tCount('lettersBounced', c.bounced) : '',
    c.left ? tCount('lettersLeft', c.left) : '',
    c.uncertain ? tCount('lettersUncertain', c.uncertain) : '',
    c.skipped ? tCount('lettersSkipped', c.skipped) : '',
    c.cancelled ? tCount('lettersNotSent', c.cancelled) : '',
  ].filter(Boolean);
  return parts.length ? <p className="item__meta">{parts.join(' · ')}</p> : null;
}

function NoServer() {
  return (
    <>
      <h1>{t('navLetters')}</h1>
      <p className="notice">{t('lettersServerOnly')}</p>
    </>
  );
}

function LettersList({ api }: { api: LettersApi | undefined }) {
  const [data, setData] = useState<Awaited<ReturnType<LettersApi['overview']>>>();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  useEffect(() => {
    if (!api) return;
    let live = true;
    api.overview().then(
      (d) => live && setData(d),
      (e: unknown) => live && setError(wordError(e, t('lettersUnreadable'))),
    );
    return () => {
      live = false;
    };
  }, [api]);
  if (!api) return <NoServer />;
  const create = async () => {
    setBusy(true);
    try {
      const { letter } = await api.create(EMPTY);
      navigate(`/admin/letters/${letter.id}`);
    } catch (e) {
      setError(wordError(e, t('lettersUnreadable')));
      setBusy(false);
    }
  };
  const subject = (l: LetterView) => (adminLanguage() === 'ro' ? l.subject_ro || l.subject_en : l.subject_en || l.subject_ro) || t('letterNoSubject');
  return (
    <>
      <h1>{t('navLetters')}</h1>
      <p>{t('lettersIntro')}</p>
      {data && !data.mail.configured && <p className="notice notice--error">{t('lettersNoMail')}</p>}
      {data && <p>{tCount('lettersPeople', data.confirmed)}</p>}
      <button type="button" className="button button--primary" onClick={() => void create()} disabled={busy}>
        {t('letterNew')}
      </button>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {data &&
        (data.letters.length ? (
          <ul className="items letters-list">
            {data.letters.map((l) => (
              <li key={l.id} className="item">
                <div className="item__text">
                  <Link className="item__title" to={`/admin/letters/${l.id}`}>
                    {subject(l)}
                  </Link>
                  <p className="item__meta">
                    <span className="badge">{t(STATUS_WORDS[l.status])}</span> {l.status === 'scheduled' && l.sendAt ? when(l.sendAt) : ''}
                    {l.status === 'scheduled' && l.release && !l.sendAt ? t('letterOnReleaseDay') : ''}
                    {l.finishedAt ? when(l.finishedAt) : ''}
                  </p>
                  <Counts letter={l} />
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p>{t('lettersNone')}</p>
        ))}
    </>
  );
}

type Card = { value: string; label: string };

/** The cards that can go in a letter: the site's releases, shows and services, by name. */
function useCards(): Card[] {
  const backend = useBackend();
  const [cards, setCards] = useState<Card[]>([]);
  useEffect(() => {
    let live = true;
    const ro = adminLanguage() === 'ro';
    Promise.all([backend.list('releases'), backend.list('shows'), backend.list('services')]).then(
      ([releases, shows, services]) =>
        live &&
        setCards([
          ...releases.filter((r) => r.status !== 'draft').map((r) => ({ value: `[[release:${r.id}]]`, label: `${t('cardRelease')}: ${r.title}` })),
          ...shows
            .filter((s) => s.status === 'published')
            .map((s) => ({ value: `[[show:${s.id}]]`, label: `${t('cardShow')}: ${s.venue}, ${s.city} (${s.start.slice(0, 10)})` })),
          ...services.map((s) => ({ value: `[[service:${s.id}]]`, label: `${t('cardService')}: ${ro ? s.title_ro : s.title_en}` })),
        ]),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [backend]);
  return cards;
}

type Status = { kind: 'idle' } | { kind: 'busy' } | { kind: 'done'; ok: boolean; message: string };

function LetterPage({ api }: { api: LettersApi | undefined }) {
  const { id = '' } = useParams();
  const uid = useId();
  const navigate = useNavigate();
  const [letter, setLetter] = useState<LetterView>();
  const [problems, setProblems] = useState<LetterProblem[]>([]);
  const [words, setWords] = useState<LetterWords>(EMPTY);
  const [people, setPeople] = useState<number>();
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [asking, setAsking] = useState(false);
  const [at, setAt] = useState('');
  const [previewLang, setPreviewLang] = useState<'en' | 'ro'>(adminLanguage());
  const [wide, setWide] = useState(false);
  const [card, setCard] = useState('');
  const [dirty, setDirty] = useState(false);
  const cards = useCards();
  const yes = useRef<HTMLButtonElement>(null);

  const load = useCallback(async () => {
    if (!api) return;
    try {
      const [one, overview] = await Promise.all([api.get(id), api.overview()]);
      setLetter(one.letter);
      setProblems(one.problems);
      setWords({ subject_en: one.letter.subject_en, subject_ro: one.letter.subject_ro, body_en: one.letter.body_en, body_ro: one.letter.body_ro });
      setPeople(overview.confirmed);
      setDirty(false);
    } catch (e) {
      setStatus({ kind: 'done', ok: false, message: wordError(e, t('lettersUnreadable')) });
    }
  }, [api, id]);
  useEffect(() => void load(), [load]);
  // While it is being sent, its numbers follow.
  useEffect(() => {
    if (letter?.status !== 'sending' || !api) return;
    const timer = setInterval(
      () =>
        void api.get(id).then(
          (one) => setLetter(one.letter),
          () => undefined,
        ),
      3000,
    );
    return () => clearInterval(timer);
  }, [letter?.status, api, id]);
  useEffect(() => {
    if (asking) yes.current?.focus();
  }, [asking]);

  if (!api) return <NoServer />;
  if (!letter) {
    return (
      <>
        <h1>{t('navLetters')}</h1>
        <p role="status">{status.kind === 'done' ? status.message : t('loading')}</p>
      </>
    );
  }
  const editable = letter.status === 'draft' || letter.status === 'scheduled';
  const act = async (work: () => Promise<string>) => {
    setStatus({ kind: 'busy' });
    try {
      const message = await work();
      await load();
      setStatus({ kind: 'done', ok: true, message });
    } catch (e) {
      await load().catch(() => undefined);
      setStatus({ kind: 'done', ok: false, message: wordError(e, t('letterFailed')) });
    }
  };
  const save = async (event?: FormEvent) => {
    event?.preventDefault();
    await act(async () => {
      const one = await api.save(id, words);
      setProblems(one.problems);
      return t('letterSaved');
    });
  };
  /** Saves first when the words changed, then does `work`. */
  const afterSave = (work: () => Promise<string>) =>
    act(async () => {
      if (dirty) await api.save(id, words);
      return work();
    });
  const set = (key: keyof LetterWords, value: string) => {
    setWords({ ...words, [key]: value });
    setDirty(true);
  };
  const insertCard = () => {
    if (!card) return;
    setWords({ ...words, body_en: `${words.body_en.trimEnd()}\n\n${card}\n`, body_ro: `${words.body_ro.trimEnd()}\n\n${card}\n` });
    setDirty(true);
  };
  const problemsOf = (field: keyof LetterWords) => problems.filter((p) => p.field === field);
  const field = (key: keyof LetterWords, label: string, long: boolean) => {
    const own = problemsOf(key);
    const hint = long ? `${uid}-${key}-hint` : undefined;
    const errors = own.length ? `${uid}-${key}-errors` : undefined;
    return (
      <div className="field">
        <label htmlFor={`${uid}-${key}`}>{label}</label>
        {long && (
          <p id={hint} className="field__hint">
            {t('letterFormatHelp')}
          </p>
        )}
        {long ? (
          <textarea
            id={`${uid}-${key}`}
            rows={12}
            value={words[key]}
            readOnly={!editable}
            aria-invalid={own.length > 0}
            aria-describedby={[hint, errors].filter(Boolean).join(' ') || undefined}
            onChange={(e) => set(key, e.target.value)}
          />
        ) : (
          <input
            id={`${uid}-${key}`}
            value={words[key]}
            readOnly={!editable}
            maxLength={200}
            aria-invalid={own.length > 0}
            aria-describedby={errors}
            onChange={(e) => set(key, e.target.value)}
          />
        )}
        {own.length > 0 && (
          <ul id={errors} className="form-error">
            {own.map((p, i) => (
              <li key={i}>{adminLanguage() === 'ro' ? p.ro : p.en}</li>
            ))}
          </ul>
        )}
      </div>
    );
  };
  const sendable = problems.length === 0 && !dirty;
  const title = (adminLanguage() === 'ro' ? letter.subject_ro || letter.subject_en : letter.subject_en || letter.subject_ro) || t('letterNoSubject');
  return (
    <>
      <p>
        <Link to="/admin/letters">{t('lettersBack')}</Link>
      </p>
      <h1>{title}</h1>
      <p>
        <span className="badge">{t(STATUS_WORDS[letter.status])}</span>{' '}
        {letter.status === 'scheduled' && letter.sendAt ? t('letterGoesAt', { when: when(letter.sendAt) }) : ''}
        {letter.status === 'scheduled' && letter.release && !letter.sendAt ? t('letterOnReleaseDay') : ''}
      </p>
      <Counts letter={letter} />
      <form className="form form--wide" noValidate onSubmit={(e) => void save(e)}>
        {field('subject_en', t('letterSubjectEn'), false)}
        {field('body_en', t('letterBodyEn'), true)}
        {field('subject_ro', t('letterSubjectRo'), false)}
        {field('body_ro', t('letterBodyRo'), true)}
        {editable && (
          <div className="picker">
            <label htmlFor={`${uid}-card`}>{t('letterCard')}</label>
            <select id={`${uid}-card`} value={card} onChange={(e) => setCard(e.target.value)}>
              <option value="">{t('letterCardChoose')}</option>
              {cards.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </select>
            <button type="button" className="button button--secondary" onClick={insertCard} disabled={!card}>
              {t('letterCardInsert')}
            </button>
          </div>
        )}
        {editable && (
          <div className="save">
            <button type="submit" className="button button--primary" disabled={status.kind === 'busy'}>
              {t('letterSave')}
            </button>
          </div>
        )}
      </form>

      <section aria-labelledby={`${uid}-preview`} className="letter-preview">
        <h2 id={`${uid}-preview`}>{t('letterPreview')}</h2>
        {dirty && <p className="field__hint">{t('letterPreviewSaved')}</p>}
        <div className="letter-preview__choices">
          <button type="button" className="button button--small" aria-pressed={previewLang === 'en'} onClick={() => setPreviewLang('en')}>
            {t('english')}
          </button>
          <button type="button" className="button button--small" aria-pressed={previewLang === 'ro'} onClick={() => setPreviewLang('ro')}>
            {t('romanian')}
          </button>
          <button type="button" className="button button--small" aria-pressed={!wide} onClick={() => setWide(false)}>
            {t('letterPhone')}
          </button>
          <button type="button" className="button button--small" aria-pressed={wide} onClick={() => setWide(true)}>
            {t('letterDesktop')}
          </button>
        </div>
        <iframe
          className={`letter-preview__frame${wide ? ' letter-preview__frame--wide' : ''}`}
          title={t('letterPreviewTitle', { lang: previewLang === 'ro' ? t('romanian') : t('english') })}
          src={api.previewUrl(id, previewLang, letter.updatedAt)}
          sandbox=""
        />
      </section>

      <section aria-labelledby={`${uid}-send`}>
        <h2 id={`${uid}-send`}>{t('letterSendTitle')}</h2>
        {!sendable && editable && <p className="field__hint">{dirty ? t('letterSaveFirst') : t('letterFixFirst')}</p>}
        {editable && (
          <div className="actions">
            <button
              type="button"
              className="button button--secondary"
              disabled={status.kind === 'busy' || problems.length > 0}
              onClick={() =>
                void afterSave(async () => {
                  const r = await api.test(id);
                  if (!r.ok) throw new Error(t('letterTestRefused', { error: r.error ?? '' }));
                  return t('letterTestSent', { to: r.to });
                })
              }
            >
              {t('letterTest')}
            </button>
            <button type="button" className="button button--primary" disabled={status.kind === 'busy' || !sendable} onClick={() => setAsking(true)}>
              {t('letterSendNow')}
            </button>
          </div>
        )}
        {asking && (
          <div className="confirm" role="alertdialog" aria-labelledby={`${uid}-ask`}>
            <p id={`${uid}-ask`}>{tCount('letterAsk', people ?? 0)}</p>
            <div className="actions">
              <button
                ref={yes}
                type="button"
                className="button button--primary"
                onClick={() => {
                  setAsking(false);
                  void act(async () => tCount('letterQueued', (await api.sendNow(id, people ?? 0)).queued));
                }}
              >
                {t('letterYesSend')}
              </button>
              <button type="button" className="button button--secondary" onClick={() => setAsking(false)}>
                {t('letterNo')}
              </button>
            </div>
          </div>
        )}
        {editable && !letter.release && (
          <div className="form field">
            <label htmlFor={`${uid}-at`}>{t('letterAt', { zone: RELEASE_ZONE })}</label>
            <input id={`${uid}-at`} type="datetime-local" value={at} onChange={(e) => setAt(e.target.value)} />
            <div className="actions">
              <button
                type="button"
                className="button button--secondary"
                disabled={!at || !sendable || status.kind === 'busy'}
                onClick={() =>
                  void act(async () => {
                    await api.schedule(id, at.slice(0, 16));
                    return t('letterScheduledOk');
                  })
                }
              >
                {t('letterSchedule')}
              </button>
            </div>
          </div>
        )}
        <div className="actions">
          {letter.status === 'scheduled' && (
            <button
              type="button"
              className="button button--secondary"
              onClick={() =>
                void act(async () => {
                  await api.unschedule(id);
                  return t('letterUnscheduled');
                })
              }
            >
              {t('letterUnschedule')}
            </button>
          )}
          {letter.status === 'sending' && (
            <button
              type="button"
              className="button button--danger"
              onClick={() =>
                void act(async () => {
                  await api.cancel(id);
                  return t('letterCancelledOk');
                })
              }
            >
              {t('letterCancel')}
            </button>
          )}
          {(letter.status === 'draft' || letter.status === 'cancelled') && (
            <button
              type="button"
              className="button button--danger"
              onClick={() =>
                void act(async () => {
                  await api.remove(id);
                  navigate('/admin/letters');
                  return '';
                })
              }
            >
              {t('letterDelete')}
            </button>
          )}
        </div>
        <p className={`save__message${status.kind === 'done' && !status.ok ? ' save__message--error' : ''}`} role="status">
          {status.kind === 'done' ? status.message : ''}
        </p>
      </section>
    </>
  );
}
