/** Pieces every list page of the admin shows alike (the generic list editor, the media library). */
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { RemovedItem } from '../../content/backend';
import { ADMIN_WORDS as W } from '../words';
import { say } from './form-model';
import { useUndoRun, type UndoOffer } from './history';
import { adminLocale } from './summaries';

/** "Remove “X”?" with its Yes (focused) and Cancel, as one labelled group in place of the item's actions. */
export function ConfirmRemove(props: { groupLabel: string; question: string; yes: string; cancel: string; busy: boolean; onYes(): void; onCancel(): void }) {
  return (
    <div className="actions" role="group" aria-label={props.groupLabel}>
      <span>{props.question}</span>
      <button type="button" className="button button--danger" autoFocus disabled={props.busy} onClick={props.onYes}>
        {props.yes}
      </button>
      <button type="button" className="button button--secondary" onClick={props.onCancel}>
        {props.cancel}
      </button>
    </div>
  );
}

/** The removed items that can still be restored, each with when it was removed and its Restore button. */
export function RemovedItems(props: {
  id: string;
  title: string;
  items: RemovedItem[];
  nameOf(item: RemovedItem): string;
  removedAt(when: string): string;
  restore: string;
  restoreLabel(name: string): string;
  busy: boolean;
  onRestore(item: RemovedItem): void;
  /** Its heading's level: 2 on a page, deeper inside an item (a service's removed samples). */
  level?: 2 | 3 | 4;
}) {
  if (props.items.length === 0) return null;
  const Heading = `h${props.level ?? 2}` as const;
  return (
    <section aria-labelledby={`${props.id}-removed`}>
      <Heading id={`${props.id}-removed`}>{props.title}</Heading>
      <ul className="items">
        {props.items.map((item) => {
          const name = props.nameOf(item);
          return (
            <li key={`${item.id}-${item.version}`} className="item">
              <div className="item__text">
                <span className="item__title">{name}</span>
                <span className="item__meta">
                  {props.removedAt(new Date(item.at).toLocaleString(adminLocale(), { dateStyle: 'medium', timeStyle: 'short' }))}
                </span>
              </div>
              <div className="actions">
                <button
                  type="button"
                  className="button button--small"
                  disabled={props.busy}
                  aria-label={props.restoreLabel(name)}
                  onClick={() => props.onRestore(item)}
                >
                  {props.restore}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * What a list's last change says, where the artist looks (issue 33, decision 0050): a message box fixed to the screen
 * (at the top on a phone, at the foot on a wider screen) naming the item and what happened, with View page when the
 * item has one, Undo while it is offered, and Close. It stays until the next change replaces it, Close, or leaving the
 * page: no stopwatch. The message is also the live region screen readers hear; the error stays by the list, as before.
 */
export function ChangeNotices(props: {
  announcement: string;
  offer: UndoOffer | undefined;
  onUndoDone(): void;
  error: string | undefined;
  /** The changed item's public page ("View the page"). */
  view?: { href: string; label: string } | undefined;
  /** Counts the changes, so that the same words said twice show again. */
  serial?: number;
}) {
  return (
    <>
      <Notice message={props.announcement} serial={props.serial ?? 0} view={props.view} offer={props.offer} onUndoDone={props.onUndoDone} />
      {props.error && (
        <p className="form-error" role="alert">
          {props.error}
        </p>
      )}
    </>
  );
}

/** Which message box shows: the one whose change came last (a service's samples and the services list share the page). */
let latest: symbol | undefined;
const watchers = new Set<() => void>();
const claim = (owner: symbol | undefined) => {
  latest = owner;
  for (const watch of watchers) watch();
};
const watchLatest = (watch: () => void) => {
  watchers.add(watch);
  return () => watchers.delete(watch);
};

/** The message box (see ChangeNotices); a singleton's form uses it alone. */
export function Notice(props: {
  message: string;
  serial: number;
  view?: { href: string; label: string } | undefined;
  offer?: UndoOffer | undefined;
  onUndoDone?(): void;
  /** The page announces the change already (a singleton's Save button says "Saved"): the box is not read out again. */
  quiet?: boolean;
}) {
  const [owner] = useState(() => Symbol('notice'));
  const current = useSyncExternalStore(
    watchLatest,
    () => latest === owner,
    () => false,
  );
  const [closed, setClosed] = useState(false);
  const { state: undo, run: runUndo, reset: resetUndo } = useUndoRun();
  useEffect(() => {
    if (!props.message) return;
    setClosed(false);
    resetUndo();
    claim(owner);
  }, [props.message, props.serial, owner, resetUndo]);
  // Leaving the page takes the message with it.
  useEffect(() => () => void (latest === owner && claim(undefined)), [owner]);
  const text = undo.message || props.message;
  const shown = current && !closed && Boolean(text);
  const { offer } = props;
  return (
    // Empty, it is only the live region, out of sight (base.css .sr-only).
    <div className={shown ? 'change-notice' : 'sr-only'}>
      <p
        className={`change-notice__text${undo.ok ? '' : ' change-notice__text--error'}`}
        {...(props.quiet && !undo.message ? {} : { role: 'status', 'aria-live': 'polite' as const })}
      >
        {shown ? text : ''}
      </p>
      {shown && (
        <div className="change-notice__actions">
          {props.view && !undo.message && (
            <a className="button button--small button--secondary" href={props.view.href} target="_blank" rel="noopener">
              {props.view.label}
              <span className="sr-only"> {say(W.opensNewTab)}</span>
            </a>
          )}
          {offer && (
            <button type="button" className="button button--small button--secondary" disabled={undo.busy} onClick={() => runUndo(offer, props.onUndoDone)}>
              {say(W.undo)}
            </button>
          )}
          <button type="button" className="button button--small change-notice__close" aria-label={say(W.closeMessage)} onClick={() => setClosed(true)}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
      )}
    </div>
  );
}
