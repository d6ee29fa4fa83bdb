/**
 * The first-run checklist on the dashboard (issue 22, docs/decisions/0032): it ticks itself from the content (the
 * contact e-mail, the portrait, a published release) and, on Scena's server, from the server's state (booking e-mails,
 * a backup this week, the first password changed). Each line links where it is done; a finished list folds into
 * "Set-up complete", which the admin can open again. On Firebase the server's three lines do not apply and are not shown.
 * Each line can be hidden (issue 33, docs/decisions/0047): kept in this browser (localStorage, as the admin's language),
 * one button shows them again; once every line left in sight is done, the list folds as a complete one does.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { ContentAdmin, SetupStatus } from '../../content/backend';
import { KINDS } from '../../content/kinds';
import { useBackend } from '../auth';
import { draftsOf } from '../kinds/publishing';
import { say } from '../kinds/form-model';
import { imageName, picturesWithoutDescription, readImageOwners, readLibrary, type UndescribedPicture } from '../media/library';
import { fill } from '../media/words';
import { ADMIN_WORDS as W, tCount } from '../words';
import { readStored, removeStored, writeStored } from '../../preferences/storage';

export interface Step {
  key: 'email' | 'portrait' | 'release' | 'bookingMail' | 'backup' | 'password' | 'fansList' | 'descriptions';
  done: boolean;
  /** What the line names in particular (the pictures without a description). */
  detail?: string;
  /** Where it is done in the admin, or undefined when it is done outside it (the server's settings). */
  to?: string;
}

/** What the checklist knows: the settings, the releases and, on Scena's server, its own state. */
export interface SetupFacts {
  settings: Record<string, unknown> | undefined;
  releases: Record<string, unknown>[];
  server: SetupStatus | undefined;
  /** The pictures in use without a description in some language (picturesWithoutDescription). */
  undescribed?: UndescribedPicture[];
}

const filled = (v: unknown) => typeof v === 'string' && v.trim() !== '';

/** The steps, ticked from the facts; the server's three only where the server answers them. */
export function setupSteps(facts: SetupFacts): Step[] {
  const releases = KINDS.find((k) => k.name === 'releases')!;
  const drafts = draftsOf(releases);
  const steps: Step[] = [
    // Each opens its page at the field, focused (kind-form.tsx reads the hash).
    { key: 'email', done: filled(facts.settings?.email), to: '/admin/settings#email' },
    { key: 'portrait', done: filled(facts.settings?.portrait), to: '/admin/settings#portrait' },
    { key: 'release', done: facts.releases.some((r) => !drafts || r[drafts.field] === drafts.published), to: '/admin/releases' },
  ];
  // A line while a picture on the site lacks a description (issue 33): which ones, and where they are used.
  if (facts.undescribed?.length) steps.push({ key: 'descriptions', done: false, to: '/admin/media', detail: undescribedWords(facts.undescribed) });
  if (facts.server) {
    steps.push(
      { key: 'bookingMail', done: facts.server.bookingMail },
      { key: 'backup', done: facts.server.backupThisWeek },
      { key: 'password', done: facts.server.passwordChanged, to: '/admin/account' },
    );
    // The own list (issue 28): offered once mail is set up (or the Kit form chosen on purpose).
    if (facts.server.fansList !== undefined) steps.push({ key: 'fansList', done: facts.server.fansList, to: '/admin/fans' });
  }
  return steps;
}

/** "cover.png (Releases › “Zori de zi” › Cover); portrait.jpg (Settings › Portrait) and 2 more". */
function undescribedWords(pictures: UndescribedPicture[], most = 3): string {
  const named = pictures
    .slice(0, most)
    .map(({ item, places }) => `${imageName(item)} (${places.join(', ')})`)
    .join('; ');
  const more = pictures.length - most;
  return fill(say(W.stepDescriptionsHow), { list: more > 0 ? fill(say(W.andMore), { names: named, n: more }) : named });
}

/** Where this browser keeps the lines the admin hid: their keys, as JSON. */
export const HIDDEN_KEY = 'scena.admin.checklist.hidden';
const STEP_KEYS: readonly Step['key'][] = ['email', 'portrait', 'release', 'bookingMail', 'backup', 'password', 'fansList', 'descriptions'];

/** The hidden lines as stored: anything unreadable or unknown is left out (a line is shown rather than lost). */
export function parseHidden(stored: string | null | undefined): Set<Step['key']> {
  try {
    const value: unknown = JSON.parse(stored ?? '[]');
    return new Set(Array.isArray(value) ? value.filter((key): key is Step['key'] => STEP_KEYS.includes(key as Step['key'])) : []);
  } catch {
    return new Set();
  }
}

/** What this browser keeps hidden (storage refused, a privacy setting: nothing hidden; not kept: hidden until the page is left). */
const readHidden = (): Set<Step['key']> => parseHidden(readStored(HIDDEN_KEY));

function storeHidden(hidden: Set<Step['key']>) {
  if (hidden.size === 0) removeStored(HIDDEN_KEY);
  else writeStored(HIDDEN_KEY, JSON.stringify([...hidden]));
}

/** What the checklist shows: the lines not hidden, how many are, and whether it folds (every line in sight done). */
export function shownSteps(steps: Step[], hidden: Set<Step['key']>): { shown: Step[]; hiddenCount: number; folds: boolean } {
  const shown = steps.filter((step) => !hidden.has(step.key));
  return { shown, hiddenCount: steps.length - shown.length, folds: shown.every((step) => step.done) };
}

const LABELS = {
  email: W.stepEmail,
  portrait: W.stepPortrait,
  release: W.stepRelease,
  bookingMail: W.stepBookingMail,
  backup: W.stepBackup,
  password: W.stepPassword,
  fansList: W.stepFansList,
  descriptions: W.stepDescriptions,
} as const;
const HOW: Partial<Record<Step['key'], (typeof W)[keyof typeof W]>> = {
  bookingMail: W.stepBookingMailHow,
  backup: W.stepBackupHow,
  fansList: W.stepFansListHow,
};

async function readFacts(backend: ContentAdmin): Promise<SetupFacts> {
  const [server, media, owners] = await Promise.all([
    backend.setupStatus?.(),
    readLibrary(backend),
    // The places are a reminder's detail: without them (a read refused), no line rather than no checklist.
    readImageOwners(backend).catch(() => undefined),
  ]);
  // The settings and the releases are among the images' owners (a portrait, covers): read apart only when those were not.
  const [settings, releases] =
    owners && 'settings' in owners && 'releases' in owners
      ? [owners.settings, owners.releases as Record<string, unknown>[]]
      : await Promise.all([backend.read('settings'), backend.list('releases')]);
  return { settings: settings as Record<string, unknown> | undefined, releases, server, undescribed: picturesWithoutDescription(media, owners ?? {}) };
}

/** The lines; each with its Hide while the list is open (a folded list has nothing left to hide). */
function Steps(props: { steps: Step[]; onHide?(key: Step['key']): void }) {
  return (
    <ol className="checklist__steps">
      {props.steps.map((step) => {
        const label = say(LABELS[step.key]);
        const how = HOW[step.key];
        return (
          <li key={step.key} className={`checklist__step${step.done ? ' checklist__step--done' : ''}`}>
            <span className="checklist__mark" aria-hidden="true">
              {step.done ? '✓' : '○'}
            </span>
            <span>
              {step.to ? <Link to={step.to}>{label}</Link> : <span className="checklist__label">{label}</span>}
              <span className="sr-only">: {say(step.done ? W.stepDone : W.stepToDo)}</span>
              {!step.done && how && <span className="checklist__how">{say(how as { en: string; ro: string })}</span>}
              {!step.done && step.detail && <span className="checklist__how">{step.detail}</span>}
              {/* Under the line's words, small: the words keep the list's whole width (a phone). */}
              {props.onHide && (
                <button
                  type="button"
                  className="checklist__hide"
                  aria-label={fill(say(W.checklistHideStep), { step: label })}
                  onClick={() => props.onHide?.(step.key)}
                >
                  {say(W.checklistHide)}
                </button>
              )}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

export function Checklist() {
  const backend = useBackend();
  const [facts, setFacts] = useState<SetupFacts | 'error' | undefined>();
  const [hidden, setHidden] = useState(readHidden);
  // Where the focus goes once a line (and its Hide) is gone: the next line's Hide, else the list's heading (its summary
  // once folded); once the hidden lines are back, the heading. Undefined: nowhere (nothing was just changed).
  const focusNext = useRef<number | 'title' | undefined>(undefined);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let live = true;
    readFacts(backend).then(
      (f) => live && setFacts(f),
      () => live && setFacts('error'),
    );
    return () => {
      live = false;
    };
  }, [backend]);
  useEffect(() => {
    const next = focusNext.current;
    if (next === undefined) return;
    focusNext.current = undefined;
    const hides = box.current?.querySelectorAll<HTMLElement>('.checklist__hide') ?? [];
    const target =
      typeof next === 'number' && hides.length > 0 ? hides[Math.min(next, hides.length - 1)] : box.current?.querySelector<HTMLElement>('.checklist__title');
    target?.focus();
  });
  const change = useCallback((next: Set<Step['key']>, focus: number | 'title') => {
    storeHidden(next);
    focusNext.current = focus;
    setHidden(next);
  }, []);

  if (facts === undefined) return null;
  if (facts === 'error') return <p className="notice">{say(W.checklistFailed)}</p>;
  const steps = setupSteps(facts);
  const done = steps.filter((s) => s.done).length;
  const { shown, hiddenCount, folds } = shownSteps(steps, hidden);
  const hide = (key: Step['key']) =>
    change(
      new Set([...hidden, key]),
      shown.findIndex((step) => step.key === key),
    );
  const showAgain =
    hiddenCount > 0 ? (
      <p className="checklist__again">
        <button type="button" className="button button--secondary button--small" onClick={() => change(new Set(), 'title')}>
          {tCount('checklistShowHidden', hiddenCount)}
        </button>
      </p>
    ) : null;
  if (folds) {
    const summary = done === steps.length ? say(W.setupComplete) : fill(say(W.checklistRestHidden), { done, total: steps.length });
    return (
      <div ref={box}>
        {/* Named by its summary, as the open list is by its heading (a details is a group without a name of its own). */}
        <details className="checklist checklist--complete" aria-labelledby="checklist-complete">
          <summary id="checklist-complete" className="checklist__title">
            {summary}
          </summary>
          {shown.length > 0 && <Steps steps={shown} />}
          {showAgain}
        </details>
      </div>
    );
  }
  return (
    <div ref={box}>
      <section className="checklist" aria-labelledby="checklist-title">
        <h2 id="checklist-title" className="checklist__title" tabIndex={-1}>
          {say(W.checklistTitle)}
        </h2>
        <p className="checklist__progress">{fill(say(W.checklistProgress), { done, total: steps.length })}</p>
        <Steps steps={shown} onHide={hide} />
        {showAgain}
      </section>
    </div>
  );
}
