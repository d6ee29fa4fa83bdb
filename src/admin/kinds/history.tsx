/**
 * History and undo, the same for every kind (docs/decisions/0019): the versions of a singleton or of a list
 * item with "Restore", the items removed from a list, and the Undo offered for a few seconds after a change.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import type { ContentAdmin, ContentKindName, HistoryEntry } from '../../content/backend';
import type { Kind } from '../../content/fields/declare';
import { useBackend } from '../auth';
import { errorMessage } from '../use-save-status';
import { inputsOf } from './form-model';

/** How long Undo is offered after a change. */
const UNDO_MS = 10_000;

const ACTIONS: Record<HistoryEntry['action'], string> = { create: 'Added', update: 'Saved', remove: 'Removed', restore: 'Restored' };

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** "Hero title, Romanian" for "heroTitle_ro": the words a message beside the field uses. */
function useFieldNames(kind: Kind) {
  return useMemo(() => {
    const names = new Map(inputsOf(kind).map((input) => [input.name, input.errorName]));
    return (path: string) => names.get(path) ?? path;
  }, [kind]);
}

/** The versions of a singleton (no id) or of a list item, each but the current one restorable. */
export function HistoryPanel(props: { kind: Kind; id?: string; label: string }) {
  const backend = useBackend();
  const revalidator = useRevalidator();
  const fieldName = useFieldNames(props.kind);
  const [entries, setEntries] = useState<HistoryEntry[] | undefined>();
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const kind = props.kind.name as ContentKindName;

  const load = useCallback(async () => {
    try {
      setEntries(await backend.history(kind, props.id));
      setError('');
    } catch (caught) {
      setError(errorMessage(caught, 'The history could not be loaded.'));
    }
  }, [backend, kind, props.id]);

  const restore = async (version: number) => {
    setBusy(true);
    setStatus('');
    try {
      await backend.restoreVersion(kind, props.id, version);
      setStatus(`Restored version ${version}.`);
      await load();
      revalidator.revalidate();
    } catch (caught) {
      setError(errorMessage(caught, 'The version could not be restored.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <details className="history" onToggle={(event) => (event.currentTarget.open ? void load() : undefined)}>
      <summary>History of {props.label}</summary>
      <p className="sr-only" role="status">
        {status}
      </p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {entries === undefined ? (
        !error && <p>Loading…</p>
      ) : entries.length === 0 ? (
        <p>No saved versions yet.</p>
      ) : (
        <ol className="history__list" aria-label={`Versions of ${props.label}, newest first`}>
          {entries.map((entry, index) => (
            <li key={entry.version} className="history__entry">
              <span>
                <strong>Version {entry.version}</strong> · {ACTIONS[entry.action]} {when(entry.at)}
                {entry.changed.length > 0 && <> · changed: {entry.changed.map(fieldName).join('; ')}</>}
                {index === 0 && ' (current)'}
              </span>
              {index > 0 && entry.value !== null && (
                <button type="button" className="button button--small" disabled={busy} onClick={() => restore(entry.version)}>
                  Restore version {entry.version}
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}

/**
 * The Undo of a change: restore the version `pick` chooses from the item's history (the one the change
 * replaced), or none when there is nothing to go back to.
 */
export async function undoTo(
  backend: ContentAdmin,
  kind: ContentKindName,
  id: string | undefined,
  what: string,
  pick: (entries: HistoryEntry[]) => HistoryEntry | undefined,
): Promise<UndoOffer | undefined> {
  const target = pick(await backend.history(kind, id).catch(() => []));
  return target?.value ? { what, run: () => backend.restoreVersion(kind, id, target.version) } : undefined;
}

export interface UndoOffer {
  /** What Undo takes back ("the save of Settings"). */
  what: string;
  run(): Promise<void>;
}

/** An Undo button shown for UNDO_MS after a change; it restores what the change replaced. */
export function useUndo() {
  const [offer, setOffer] = useState<UndoOffer | undefined>();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const offerUndo = useCallback((next: UndoOffer | undefined) => {
    clearTimeout(timer.current);
    setOffer(next);
    if (next) timer.current = setTimeout(() => setOffer(undefined), UNDO_MS);
  }, []);
  return { offer, offerUndo };
}

export function UndoButton(props: { offer: UndoOffer | undefined; onDone(): void }) {
  const revalidator = useRevalidator();
  const [state, setState] = useState<{ busy: boolean; message: string; ok: boolean }>({ busy: false, message: '', ok: true });
  const { offer } = props;
  return (
    <div className="undo">
      {offer && (
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={state.busy}
          onClick={async () => {
            setState({ busy: true, message: '', ok: true });
            try {
              await offer.run();
              setState({ busy: false, message: `Undone: ${offer.what}.`, ok: true });
              props.onDone();
              revalidator.revalidate();
            } catch (caught) {
              setState({ busy: false, message: errorMessage(caught, 'Undo failed'), ok: false });
            }
          }}
        >
          Undo
        </button>
      )}
      <p className={`undo__message${state.ok ? '' : ' undo__message--error'}`} role="status">
        {state.message}
      </p>
    </div>
  );
}
