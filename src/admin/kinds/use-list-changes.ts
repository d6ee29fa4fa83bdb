/**
 * What every list page of the admin does around a change (the generic list editor, the media library): the
 * item being edited or confirmed, the error and the screen reader's announcement, the forms' unsaved state,
 * focus back on an item's Edit button after its form closes, the route action with Undo offered after an edit
 * or a removal, and restoring a removed item.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import type { ContentListName, HistoryEntry, RemovedItem } from '../../content/backend';
import { useBackend } from '../auth';
import { fill } from '../../lib/fill';
import { errorMessage } from '../use-save-status';
import { ADMIN_WORDS as W } from '../words';
import { say } from './form-model';
import { undoTo, useUndo } from './history';
import type { Value } from './form-model';
import { useRouteAction, type ActionResult } from './use-route-action';

export type ListPayload = (
  { intent: 'add'; value: Value } | { intent: 'update'; id: string; value: Value } | { intent: 'remove'; id: string } | { intent: 'reorder'; ids: string[] }
) & {
  /** The list written, when the page edits more than its own (a service's samples on the Services page); else the page's. */
  list?: ContentListName;
};

/** What the message box after a change can say of an item: its name, and its public page. */
export interface NoticeOptions {
  nameOf?(value: Value): string;
  pageOf?(item: Record<string, unknown>): { href: string; label: string } | undefined;
}

/** Marks an item's row for a moment (admin.css `.item--marked`); false while the row is not drawn yet. */
export function markRow(formId: string, itemId: string): boolean {
  const row = document.getElementById(`${formId}-edit-${itemId}`)?.closest('li');
  if (!row) return false;
  row.classList.remove('item--marked');
  void row.offsetWidth;
  row.classList.add('item--marked');
  const unmark = () => row.classList.remove('item--marked');
  row.addEventListener('animationend', unmark, { once: true });
  setTimeout(unmark, 4000);
  return true;
}

/** `formId` prefixes the Edit buttons' ids (`${formId}-edit-${item id}`). */
export function useListChanges(list: ContentListName, formId: string, notice: NoticeOptions = {}) {
  const backend = useBackend();
  const revalidator = useRevalidator();
  const { call, busy } = useRouteAction<ListPayload>();
  const { offer, offerUndo } = useUndo();
  const [editing, setEditing] = useState<string | undefined>();
  const [confirming, setConfirming] = useState<string | undefined>();
  const [error, setError] = useState('');
  const [announcement, setAnnouncement] = useState('');
  /** Counts the changes: the same words said twice show again. */
  const [serial, setSerial] = useState(0);
  /** The changed item's public page, for the message box's View link. */
  const [view, setView] = useState<{ href: string; label: string } | undefined>();
  /** Says what happened in the message box: counted, so that the same words said again show again. */
  const announce = useCallback((text: string) => {
    setAnnouncement(text);
    setSerial((n) => n + 1);
  }, []);
  const [addDirty, setAddDirty] = useState(false);
  const [editDirty, setEditDirty] = useState(false);
  /** After an edit is saved or cancelled, focus goes back to that item's Edit button. */
  const returnFocus = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (editing || !returnFocus.current) return;
    document.getElementById(`${formId}-edit-${returnFocus.current}`)?.focus();
    returnFocus.current = undefined;
  });
  /** The item a change added or saved: its row is marked once it is drawn (after the list is read again). */
  const toMark = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (toMark.current && markRow(formId, toMark.current)) toMark.current = undefined;
  });

  /** What Undo takes back, in words ("the change to Zori de zi"); without the item's name, the message lower-cased. */
  const whatOf = (intent: 'add' | 'update' | 'remove', name: string | undefined, done: string) =>
    name
      ? fill(say(intent === 'add' ? W.undoWhatAdd : intent === 'update' ? W.undoWhatSave : W.undoWhatRemove), { name })
      : done.replace(/\.$/, '').replace(/^./, (c) => c.toLowerCase());

  /** Undo of an edit restores the version it replaced; of a removal, brings the item back; of an add, removes it again. */
  const offerUndoOf = async (intent: 'update' | 'remove', itemId: string, what: string) => {
    const pick =
      intent === 'update' ? (entries: HistoryEntry[]) => entries[1] : (entries: HistoryEntry[]) => entries.find((e) => e.action !== 'remove' && e.value);
    offerUndo(await undoTo(backend, list, itemId, what, pick));
  };

  /** Runs a change and shows its error, if any; `done` is shown and announced when it succeeds. */
  const change = async (payload: ListPayload, done: string): Promise<ActionResult> => {
    setError('');
    offerUndo(undefined);
    const result = await call({ ...payload, list });
    if (!result.ok) {
      setError(result.message);
      return result;
    }
    const value = payload.intent === 'add' || payload.intent === 'update' ? payload.value : undefined;
    const name = value && notice.nameOf ? notice.nameOf(value) || undefined : undefined;
    announce(done);
    setView(value && notice.pageOf ? notice.pageOf(value) : undefined);
    const itemId = payload.intent === 'add' ? result.id : payload.intent === 'update' ? payload.id : undefined;
    if (itemId && (payload.list ?? list) === list) toMark.current = itemId;
    if (payload.intent === 'update' || payload.intent === 'remove') void offerUndoOf(payload.intent, payload.id, whatOf(payload.intent, name, done));
    if (payload.intent === 'add' && result.id) {
      const added = result.id;
      offerUndo({ what: whatOf('add', name, done), run: () => backend.remove(payload.list ?? list, added) });
    }
    return result;
  };

  /** Brings a removed item back; `done` is announced, `failed` is the error's fallback wording. */
  const restoreRemoved = async (item: RemovedItem, done: string, failed: string) => {
    setError('');
    try {
      await backend.restoreVersion(list, item.id, item.version);
      announce(done);
      revalidator.revalidate();
    } catch (caught) {
      setError(errorMessage(caught, failed));
    }
  };

  return {
    backend,
    revalidator,
    busy,
    offer,
    offerUndo,
    editing,
    setEditing,
    confirming,
    setConfirming,
    error,
    setError,
    announcement,
    announce,
    serial,
    view,
    /** The message box's props (ChangeNotices): what happened, its count, its page, its Undo and the error. */
    notices: { announcement, serial, view, offer, onUndoDone: () => offerUndo(undefined), error },
    addDirty,
    setAddDirty,
    editDirty,
    setEditDirty,
    returnFocus,
    change,
    restoreRemoved,
  };
}

/** What a list's page and its rows share about its changes. */
export type ListChanges = ReturnType<typeof useListChanges>;
