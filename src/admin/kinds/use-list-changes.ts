/**
 * What every list page of the admin does around a change (the generic list editor, the media library): the
 * item being edited or confirmed, the error and the screen reader's announcement, the forms' unsaved state,
 * focus back on an item's Edit button after its form closes, the route action with Undo offered after an edit
 * or a removal, and restoring a removed item.
 */
import { useEffect, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import type { ContentListName, HistoryEntry, RemovedItem } from '../../content/backend';
import { useBackend } from '../auth';
import { errorMessage } from '../use-save-status';
import { undoTo, useUndo } from './history';
import type { Value } from './form-model';
import { useRouteAction, type ActionResult } from './use-route-action';

export type ListPayload = (
  { intent: 'add'; value: Value } | { intent: 'update'; id: string; value: Value } | { intent: 'remove'; id: string } | { intent: 'reorder'; ids: string[] }
) & {
  /** The list written, when the page edits more than its own (a service's samples on the Services page); else the page's. */
  list?: ContentListName;
};

/** `formId` prefixes the Edit buttons' ids (`${formId}-edit-${item id}`). */
export function useListChanges(list: ContentListName, formId: string) {
  const backend = useBackend();
  const revalidator = useRevalidator();
  const { call, busy } = useRouteAction<ListPayload>();
  const { offer, offerUndo } = useUndo();
  const [editing, setEditing] = useState<string | undefined>();
  const [confirming, setConfirming] = useState<string | undefined>();
  const [error, setError] = useState('');
  const [announcement, setAnnouncement] = useState('');
  const [addDirty, setAddDirty] = useState(false);
  const [editDirty, setEditDirty] = useState(false);
  /** After an edit is saved or cancelled, focus goes back to that item's Edit button. */
  const returnFocus = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (editing || !returnFocus.current) return;
    document.getElementById(`${formId}-edit-${returnFocus.current}`)?.focus();
    returnFocus.current = undefined;
  });

  /** Undo of an edit restores the version it replaced; of a removal, brings the item back. */
  const offerUndoOf = async (intent: 'update' | 'remove', itemId: string, done: string) => {
    const what = done.replace(/\.$/, '').replace(/^./, (c) => c.toLowerCase());
    const pick =
      intent === 'update' ? (entries: HistoryEntry[]) => entries[1] : (entries: HistoryEntry[]) => entries.find((e) => e.action !== 'remove' && e.value);
    offerUndo(await undoTo(backend, list, itemId, what, pick));
  };

  /** Runs a change and shows its error, if any; `done` is announced when it succeeds. */
  const change = async (payload: ListPayload, done: string): Promise<ActionResult> => {
    setError('');
    offerUndo(undefined);
    const result = await call({ ...payload, list });
    if (result.ok) setAnnouncement(done);
    else setError(result.message);
    if (result.ok && (payload.intent === 'update' || payload.intent === 'remove')) void offerUndoOf(payload.intent, payload.id, done);
    return result;
  };

  /** Brings a removed item back; `done` is announced, `failed` is the error's fallback wording. */
  const restoreRemoved = async (item: RemovedItem, done: string, failed: string) => {
    setError('');
    try {
      await backend.restoreVersion(list, item.id, item.version);
      setAnnouncement(done);
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
    setAnnouncement,
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
