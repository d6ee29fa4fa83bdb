/**
 * A library item's Delete (an image, a recording, a document): refused here while some content uses it (the server
 * refuses too), the button saying where through its description: the row's "Used in …" line (`usedId`) and why; and
 * the question it asks before (ConfirmDelete), the same in the three libraries.
 */
import { ConfirmRemove } from '../kinds/list-parts';
import { say } from '../kinds/form-model';
import { fill, MEDIA_WORDS as W } from './words';
import type { Words } from '../../content/fields/declare';

export function DeleteUnlessUsed(props: { name: string; usedIn: readonly string[]; usedId: string; inUse: Words; onDelete(): void }) {
  const { name, usedIn, usedId } = props;
  const used = usedIn.length > 0;
  return (
    <>
      <button
        type="button"
        className="button button--small"
        aria-label={fill(say(W.deleteLabel), { name })}
        aria-describedby={used ? `${usedId} ${usedId}-why` : undefined}
        disabled={used}
        onClick={props.onDelete}
      >
        {say(W.delete)}
      </button>
      {used && (
        <span id={`${usedId}-why`} className="item__meta">
          {say(props.inUse)}
        </span>
      )}
    </>
  );
}

/**
 * "Delete “name”?" with Yes, delete and Cancel, in a group named by `group` (the library's words). Yes hands `onDelete`
 * the notice to show once the item is gone ("“name” was deleted").
 */
export function ConfirmDelete(props: { name: string; group: Words; busy: boolean; onDelete(notice: string): void; onCancel(): void }) {
  const { name } = props;
  return (
    <ConfirmRemove
      groupLabel={fill(say(props.group), { name })}
      question={fill(say(W.confirmDelete), { name })}
      yes={say(W.yesDelete)}
      cancel={say(W.cancel)}
      busy={props.busy}
      onYes={() => props.onDelete(fill(say(W.deleted), { name }))}
      onCancel={props.onCancel}
    />
  );
}
