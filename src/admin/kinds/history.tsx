/**
 * History and undo, the same for every kind (docs/decisions/0019, 0032): the versions of a singleton or of a list item,
 * each with what it changed as before → after in the admin's words (a long text as a word diff, an image as its
 * thumbnail, a link as a link, a choice by its words), "Restore" that says which fields will change and asks once,
 * then Undo; the items removed from a list; and the Undo offered after a change, until the next one or leaving the page.
 */
import { useCallback, useState, type ReactNode } from 'react';
import { useRevalidator } from 'react-router';
import { diffWords } from 'diff';
import type { ContentAdmin, ContentKindName, HistoryEntry } from '../../content/backend';
import type { Kind } from '../../content/fields/declare';
import type { MediaItem } from '../../content/model';
import { useBackend } from '../auth';
import { useMediaLibrary, Thumb, imageName } from '../media/library';
import { fill } from '../media/words';
import { errorMessage } from '../use-save-status';
import { ADMIN_WORDS as W } from '../words';
import { adminLanguage } from '../language';
import { blocksOf, say, valueAt, wordsOf, type Input, type Value } from './form-model';
import { adminLocale, wallTime } from './summaries';

const ACTIONS = { create: W.actionCreate, update: W.actionUpdate, remove: W.actionRemove, restore: W.actionRestore } as const;

const when = (iso: string) =>
  new Date(iso).toLocaleString(adminLocale(), { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** One field that differs between two values: its input, how it reads ("Hero title, English") and both values. */
export interface FieldChange {
  input: Input;
  name: string;
  before: unknown;
  after: unknown;
}

const blank = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
const same = (a: unknown, b: unknown) => (blank(a) && blank(b)) || JSON.stringify(a) === JSON.stringify(b);

/** The inputs whose values differ between two versions of an item, in the declaration's order. */
export function fieldChanges(kind: Kind, before: Value | null | undefined, after: Value | null | undefined): FieldChange[] {
  return blocksOf(kind).flatMap((block) =>
    block.inputs
      .filter((input) => !same(valueAt(before ?? {}, input.name), valueAt(after ?? {}, input.name)))
      .map((input) => ({
        input,
        name: block.group === 'links' ? `${block.label}: ${input.label}` : input.errorName,
        before: valueAt(before ?? {}, input.name),
        after: valueAt(after ?? {}, input.name),
      })),
  );
}

/** A long text's change word by word: what stayed, what went and what came, with a few words around each change. */
export function wordDiff(before: string, after: string): { text: string; change?: 'added' | 'removed' }[] {
  const parts = diffWords(before, after);
  return parts.map((part, i) => {
    if (part.added) return { text: part.value, change: 'added' as const };
    if (part.removed) return { text: part.value, change: 'removed' as const };
    // An unchanged stretch keeps six words next to each change, the rest as "…".
    const words = part.value.split(/(\s+)/);
    const keep = 12;
    if (words.length <= keep * 2 + 1) return { text: part.value };
    const head = i > 0 ? words.slice(0, keep).join('') : '';
    const tail = i < parts.length - 1 ? words.slice(-keep).join('') : '';
    return { text: `${head}${head || tail ? ' … ' : '…'}${tail}` };
  });
}

/** Whether a word diff keeps at least a third of the longer text's letters (else both texts are shown whole). */
export function mostlyKept(parts: { text: string; change?: 'added' | 'removed' }[], before: string, after: string): boolean {
  const letters = (text: string) => text.replace(/[\s\p{P}…]/gu, '').length;
  const kept = parts.filter((p) => !p.change).reduce((n, p) => n + letters(p.text), 0);
  return kept >= Math.max(letters(before), letters(after)) / 3;
}

/** A long text cut at a word near 300 characters. */
const shortened = (text: string) => (text.length > 300 ? `${text.slice(0, 300).replace(/\s+\S*$/, '')} …` : text);

/** A value as the admin reads it (no field names, no ids): a choice's words, a date in the admin's language, a number. */
function plainValue(kind: Kind, change: FieldChange, value: unknown): string {
  if (blank(value)) return say(W.empty);
  const { input } = change;
  const options = wordsOf(kind).fields[input.name]?.options;
  switch (input.field.type) {
    case 'choice':
      return options?.[String(value)] ? say(options[String(value)]!) : String(value);
    case 'choices':
      return (value as unknown[]).map((v) => (options?.[String(v)] ? say(options[String(v)]!) : String(v))).join(', ');
    case 'dateTime':
      return wallTime(value, { time: 'unless-midnight' }) || String(value);
    case 'wholeNumber':
    case 'decimal':
      return new Intl.NumberFormat(adminLocale()).format(Number(value));
    default:
      return String(value);
  }
}

function ImageValue(props: { id: unknown; library: MediaItem[] | undefined }) {
  if (blank(props.id)) return <span>{say(W.noImage)}</span>;
  const image = props.library?.find((i) => i.id === props.id);
  if (!image) return <span>{say(W.unknownImage)}</span>;
  const alt = String(image[`alt_${adminLanguage()}`] ?? '').trim() || imageName(image);
  return (
    <span className="history__image">
      <Thumb item={image} />
      <span className="sr-only">{alt}</span>
    </span>
  );
}

function LinkValue(props: { href: unknown }) {
  if (blank(props.href)) return <span>{say(W.empty)}</span>;
  const href = String(props.href);
  return /^https:\/\//.test(href) ? (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {href.replace(/^https:\/\//, '')}
    </a>
  ) : (
    <span>{href}</span>
  );
}

/** One field's before → after. */
export function ChangeView(props: { kind: Kind; change: FieldChange; library: MediaItem[] | undefined }) {
  const { kind, change, library } = props;
  const type = change.input.field.type;
  const arrow = <span aria-hidden="true"> → </span>;
  const pair = (before: ReactNode, after: ReactNode) => (
    <>
      <span className="history__before">
        <span className="sr-only">{say(W.wordsRemoved)}: </span>
        {before}
      </span>
      {arrow}
      <span className="history__after">
        <span className="sr-only">{say(W.wordsAdded)}: </span>
        {after}
      </span>
    </>
  );
  if (type === 'image') return pair(<ImageValue id={change.before} library={library} />, <ImageValue id={change.after} library={library} />);
  if (type === 'link' || type === 'links') return pair(<LinkValue href={change.before} />, <LinkValue href={change.after} />);
  if (type === 'longText' && !blank(change.before) && !blank(change.after)) {
    const parts = wordDiff(String(change.before), String(change.after));
    // A text mostly rewritten reads better as the old one and the new one than as a word diff.
    if (!mostlyKept(parts, String(change.before), String(change.after))) return pair(shortened(String(change.before)), shortened(String(change.after)));
    return (
      <span className="history__words">
        {parts.map((part, i) =>
          part.change === 'removed' ? (
            <del key={i}>
              <span className="sr-only">[{say(W.wordsRemoved)}: </span>
              {part.text}
              <span className="sr-only">]</span>
            </del>
          ) : part.change === 'added' ? (
            <ins key={i}>
              <span className="sr-only">[{say(W.wordsAdded)}: </span>
              {part.text}
              <span className="sr-only">]</span>
            </ins>
          ) : (
            <span key={i}>{part.text}</span>
          ),
        )}
      </span>
    );
  }
  if (['audioSource', 'imageSource', 'waveform', 'placeholder', 'itemRef', 'instant'].includes(type)) return null;
  return pair(plainValue(kind, change, change.before), plainValue(kind, change, change.after));
}

/** What one version did, field by field against the version before it (`previous`: undefined when that is no longer kept). */
function VersionChanges(props: { kind: Kind; entry: HistoryEntry; previous: HistoryEntry | undefined; oldest: boolean; library: MediaItem[] | undefined }) {
  const { kind, entry, previous } = props;
  if (entry.action === 'remove') return <p className="history__note">{say(W.wasRemoved)}</p>;
  if (!previous || previous.value === null) {
    if (entry.action === 'create' || (props.oldest && entry.changed.length === 0)) return <p className="history__note">{say(W.firstVersion)}</p>;
    if (previous?.value === null) return null;
    const names = fieldChanges(kind, {}, entry.value).filter((c) => entry.changed.includes(c.input.name));
    return names.length ? <p className="history__note">{fill(say(W.earlierGone), { fields: names.map((c) => c.name).join(', ') })}</p> : null;
  }
  const changes = fieldChanges(kind, previous.value, entry.value);
  if (changes.length === 0) return null;
  return (
    <dl className="history__changes" aria-label={fill(say(W.changesOf), { n: entry.version })}>
      {changes.map((change) => (
        <div key={change.input.name}>
          <dt>{change.name}</dt>
          <dd>
            <ChangeView kind={kind} change={change} library={props.library} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The versions of a singleton (no id) or of a list item, each but the current one restorable. */
export function HistoryPanel(props: { kind: Kind; id?: string; label: string }) {
  const backend = useBackend();
  const revalidator = useRevalidator();
  const library = useMediaLibrary();
  const [entries, setEntries] = useState<HistoryEntry[] | undefined>();
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<number | undefined>();
  const { offer, offerUndo } = useUndo();
  const kind = props.kind.name as ContentKindName;

  const load = useCallback(async () => {
    try {
      setEntries(await backend.history(kind, props.id));
      setError('');
    } catch (caught) {
      setError(errorMessage(caught, say(W.historyFailed)));
    }
  }, [backend, kind, props.id]);

  const restore = async (version: number) => {
    const current = entries?.[0];
    setBusy(true);
    setStatus('');
    setConfirming(undefined);
    try {
      await backend.restoreVersion(kind, props.id, version);
      setStatus(fill(say(W.restoredVersion), { n: version }));
      // Undo restores what was current before: itself a new version, as every restore is.
      if (current?.value) {
        offerUndo({ what: fill(say(W.undoRestoreOf), { n: version }), run: () => backend.restoreVersion(kind, props.id, current.version) });
      }
      await load();
      revalidator.revalidate();
    } catch (caught) {
      setError(errorMessage(caught, say(W.restoreFailed)));
    } finally {
      setBusy(false);
    }
  };

  const label = props.label;
  return (
    <details className="history" onToggle={(event) => (event.currentTarget.open ? void load() : undefined)}>
      <summary>{fill(say(W.historyOf), { name: label })}</summary>
      <p className="history__status" role="status">
        {status}
      </p>
      <UndoButton
        offer={offer}
        autoFocus
        onDone={() => {
          offerUndo(undefined);
          // The Undo's own message says what happened now.
          setStatus('');
          void load();
        }}
      />
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {entries === undefined ? (
        !error && <p>{say(W.historyLoading)}</p>
      ) : entries.length === 0 ? (
        <p>{say(W.historyEmpty)}</p>
      ) : (
        <ol className="history__list" aria-label={fill(say(W.versionsOf), { name: label })}>
          {entries.map((entry, index) => {
            const previous = entries[index + 1];
            const willChange = index > 0 && entry.value !== null ? fieldChanges(props.kind, entries[0]!.value, entry.value) : [];
            return (
              <li key={entry.version} className="history__entry">
                <p className="history__head">
                  <strong>{fill(say(W.versionN), { n: entry.version })}</strong> · {say(ACTIONS[entry.action])} {when(entry.at)}
                  {index === 0 && ` ${say(W.current)}`}
                </p>
                <VersionChanges kind={props.kind} entry={entry} previous={previous} oldest={index === entries.length - 1} library={library} />
                {index > 0 &&
                  entry.value !== null &&
                  (confirming === entry.version ? (
                    <div className="history__confirm" role="group" aria-label={fill(say(W.confirmRestoreGroup), { n: entry.version })}>
                      {willChange.length ? (
                        <>
                          <p>{fill(say(W.confirmRestore), { n: entry.version })}</p>
                          <ul>
                            {willChange.map((c) => (
                              <li key={c.input.name}>{c.name}</li>
                            ))}
                          </ul>
                        </>
                      ) : (
                        <p>{fill(say(W.sameAsNow), { n: entry.version })}</p>
                      )}
                      <div className="actions">
                        {willChange.length > 0 && (
                          <button type="button" className="button button--primary" autoFocus disabled={busy} onClick={() => restore(entry.version)}>
                            {say(W.yesRestore)}
                          </button>
                        )}
                        <button type="button" className="button button--secondary" autoFocus={willChange.length === 0} onClick={() => setConfirming(undefined)}>
                          {say(W.cancel)}
                        </button>
                      </div>
                    </div>
                  ) : (
                    <button type="button" className="button button--small" disabled={busy} onClick={() => setConfirming(entry.version)}>
                      {fill(say(W.restoreVersion), { n: entry.version })}
                    </button>
                  ))}
              </li>
            );
          })}
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

/**
 * The Undo offered after a change; it restores what the change replaced. No stopwatch (issue 33): it stays until the
 * next change replaces it or the admin leaves the page.
 */
export function useUndo() {
  const [offer, setOffer] = useState<UndoOffer | undefined>();
  const offerUndo = useCallback((next: UndoOffer | undefined) => setOffer(next), []);
  return { offer, offerUndo };
}

export function UndoButton(props: { offer: UndoOffer | undefined; onDone(): void; autoFocus?: boolean }) {
  const revalidator = useRevalidator();
  const [state, setState] = useState<{ busy: boolean; message: string; ok: boolean }>({ busy: false, message: '', ok: true });
  const { offer } = props;
  return (
    <div className="undo">
      {offer && (
        <button
          type="button"
          className="button button--secondary button--small"
          autoFocus={props.autoFocus}
          disabled={state.busy}
          onClick={async () => {
            setState({ busy: true, message: '', ok: true });
            try {
              await offer.run();
              setState({ busy: false, message: fill(say(W.undone), { what: offer.what }), ok: true });
              props.onDone();
              revalidator.revalidate();
            } catch (caught) {
              setState({ busy: false, message: errorMessage(caught, say(W.undoFailed)), ok: false });
            }
          }}
        >
          {say(W.undo)}
        </button>
      )}
      <p className={`undo__message${state.ok ? '' : ' undo__message--error'}`} role="status">
        {state.message}
      </p>
    </div>
  );
}
