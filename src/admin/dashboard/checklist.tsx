/**
 * The first-run checklist on the dashboard (issue 22, docs/decisions/0032): it ticks itself from the content (the
 * contact e-mail, the portrait, a published release) and, on Scena's server, from the server's state (booking e-mails,
 * a backup this week, the first password changed). Each line links where it is done; a finished list folds into
 * "Set-up complete", which the admin can open again. On Firebase the server's three lines do not apply and are not shown.
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { ContentAdmin, SetupStatus } from '../../content/backend';
import { KINDS } from '../../content/kinds';
import { useBackend } from '../auth';
import { draftsOf } from '../kinds/publishing';
import { say } from '../kinds/form-model';
import { fill } from '../media/words';
import { ADMIN_WORDS as W } from '../words';

export interface Step {
  key: 'email' | 'portrait' | 'release' | 'bookingMail' | 'backup' | 'password' | 'fansList';
  done: boolean;
  /** Where it is done in the admin, or undefined when it is done outside it (the server's settings). */
  to?: string;
}

/** What the checklist knows: the settings, the releases and, on Scena's server, its own state. */
export interface SetupFacts {
  settings: Record<string, unknown> | undefined;
  releases: Record<string, unknown>[];
  server: SetupStatus | undefined;
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

const LABELS = {
  email: W.stepEmail,
  portrait: W.stepPortrait,
  release: W.stepRelease,
  bookingMail: W.stepBookingMail,
  backup: W.stepBackup,
  password: W.stepPassword,
  fansList: W.stepFansList,
} as const;
const HOW: Partial<Record<Step['key'], (typeof W)[keyof typeof W]>> = {
  bookingMail: W.stepBookingMailHow,
  backup: W.stepBackupHow,
  fansList: W.stepFansListHow,
};

async function readFacts(backend: ContentAdmin): Promise<SetupFacts> {
  const [settings, releases, server] = await Promise.all([backend.read('settings'), backend.list('releases'), backend.setupStatus?.()]);
  return { settings: settings as Record<string, unknown> | undefined, releases, server };
}

function Steps(props: { steps: Step[] }) {
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

  if (facts === undefined) return null;
  if (facts === 'error') return <p className="notice">{say(W.checklistFailed)}</p>;
  const steps = setupSteps(facts);
  const done = steps.filter((s) => s.done).length;
  if (done === steps.length) {
    return (
      // Named by its summary, as the open list is by its heading (a details is a group without a name of its own).
      <details className="checklist checklist--complete" aria-labelledby="checklist-complete">
        <summary id="checklist-complete">{say(W.setupComplete)}</summary>
        <Steps steps={steps} />
      </details>
    );
  }
  return (
    <section className="checklist" aria-labelledby="checklist-title">
      <h2 id="checklist-title">{say(W.checklistTitle)}</h2>
      <p className="checklist__progress">{fill(say(W.checklistProgress), { done, total: steps.length })}</p>
      <Steps steps={steps} />
    </section>
  );
}
