/** Pieces every list page of the admin shows alike (the generic list editor, the media library). */
import type { RemovedItem } from '../../content/backend';
import { UndoButton, type UndoOffer } from './history';
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

/** What a list's last change says: announced to screen readers, its Undo while offered, and its error. */
export function ChangeNotices(props: { announcement: string; offer: UndoOffer | undefined; onUndoDone(): void; error: string | undefined }) {
  return (
    <>
      <p className="sr-only" role="status" aria-live="polite">
        {props.announcement}
      </p>
      <UndoButton offer={props.offer} onDone={props.onUndoDone} />
      {props.error && (
        <p className="form-error" role="alert">
          {props.error}
        </p>
      )}
    </>
  );
}
