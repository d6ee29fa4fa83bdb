/**
 * History and undo, the same for every kind (docs/decisions/0019, 0032, 0046): the versions of a singleton or of a list
 * item, each listing the values it held as the admin's rows read them (an image as its thumbnail and name, a reference
 * by its name, a date in the admin's language, a long text shortened), the fields it changed marked with their value
 * before; "Restore" that asks once, saying for each field that will change what it holds now → what it will hold, then
 * Undo; the items removed from a list; and the Undo offered after a change, until the next one or leaving the page.
 */
import { useCallback, useState } from 'react';
import { useLoaderData, useRevalidator } from 'react-router';
import { diffWords } from 'diff';
import type { ContentAdmin, ContentKindName, HistoryEntry } from '../../content/backend';
import type { Kind } from '../../content/fields/declare';
import { KINDS } from '../../content/kinds';
import type { MediaItem } from '../../content/model';
import { countryName } from '../../content/places';
import { useBackend } from '../auth';
import { useMediaLibrary, Thumb, imageName } from '../media/library';
import { fill } from '../media/words';
import { errorMessage } from '../use-save-status';
import { ADMIN_WORDS as W } from '../words';
import { blocksOf, say, valueAt, wordsOf, type Input, type Item, type Value } from './form-model';
import { refLabel } from './options';
import { adminLocale, formatDuration, plural, wallTime } from './summaries';

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

/** How an input reads in a version ("Hero title, English", "Listen on: Spotify"). */
const inputsNamed = (kind: Kind) =>
  blocksOf(kind).flatMap((block) =>
    block.inputs.map((input) => ({ input, name: block.group === 'links' ? `${block.label}: ${input.label}` : input.errorName })),
  );

/** The inputs whose values differ between two versions of an item, in the declaration's order. */
export function fieldChanges(kind: Kind, before: Value | null | undefined, after: Value | null | undefined): FieldChange[] {
  return inputsNamed(kind)
    .filter(({ input }) => !same(valueAt(before ?? {}, input.name), valueAt(after ?? {}, input.name)))
    .map(({ input, name }) => ({ input, name, before: valueAt(before ?? {}, input.name), after: valueAt(after ?? {}, input.name) }));
}

/** What the backend keeps for itself (a file's address, a preview, a waveform): never the admin's to read in a version. */
const MACHINE_FIELDS = new Set(['fileSource', 'imageSource', 'placeholder', 'waveform']);

/** One field of a version: the value it held and, when this version changed it, `before` (absent when no longer kept). */
export interface HeldValue {
  input: Input;
  name: string;
  value: unknown;
  changed: boolean;
  before?: unknown;
}

/**
 * What a version held, field by field in the declaration's order: every field with a value, and every field it emptied.
 * Against `previous` (the version before it, when kept) each field it changed is marked with its value before; the first
 * version, and an item brought back after its removal, mark none; with the version before no longer kept, the fields the
 * version names as changed are marked without their earlier values.
 */
export function heldValues(kind: Kind, entry: HistoryEntry, previous: HistoryEntry | undefined, oldest: boolean): HeldValue[] {
  if (!entry.value) return [];
  const first = entry.action === 'create' || (oldest && !previous && entry.changed.length === 0) || previous?.value === null;
  return inputsNamed(kind)
    .filter(({ input }) => !MACHINE_FIELDS.has(input.field.type))
    .flatMap(({ input, name }) => {
      const value = valueAt(entry.value!, input.name);
      if (first) return blank(value) ? [] : [{ input, name, value, changed: false }];
      if (previous?.value) {
        const before = valueAt(previous.value, input.name);
        const changed = !same(before, value);
        return blank(value) && !changed ? [] : [{ input, name, value, changed, ...(changed && { before }) }];
      }
      const changed = entry.changed.includes(input.name);
      return blank(value) && !changed ? [] : [{ input, name, value, changed }];
    });
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

/** A long text cut at a word near `most` characters (300: a changed one; a value that stayed, shorter). */
const shortened = (text: string, most = 300) => (text.length > most ? `${text.slice(0, most).replace(/\s+\S*$/, '')} …` : text);

/** What a value is read with: its kind, the media library (images) and the lists its references point at (loader data). */
export interface Reading {
  kind: Kind;
  library: MediaItem[] | undefined;
  refs?: Record<string, Value[]>;
}

/** Another list's item by its name as that list reads it ("Ora albastră", "mix-final.wav · 3:12 · Ready"). */
function refValue(reading: Reading, list: string, id: unknown): string {
  const item = reading.refs?.[list]?.find((i) => i.id === id) as Item | undefined;
  const kind = KINDS.find((k) => k.name === list) as Kind | undefined;
  if (item) return refLabel(list, kind, item);
  return fill(say(W.unknownItem), { list: kind ? say(wordsOf(kind).label) : list });
}

/** A value as the admin reads it (no field names, no ids): a choice's words, a date in the admin's language, a number. */
function plainValue(reading: Reading, input: Input, value: unknown): string {
  if (blank(value)) return say(W.empty);
  const options = wordsOf(reading.kind).fields[input.name]?.options;
  const field = input.field;
  switch (field.type) {
    case 'choice':
      return options?.[String(value)] ? say(options[String(value)]!) : String(value);
    case 'choices':
      return (value as unknown[]).map((v) => (options?.[String(v)] ? say(options[String(v)]!) : String(v))).join(', ');
    case 'dateTime':
      return wallTime(value, { time: 'unless-midnight' }) || String(value);
    case 'day':
      return wallTime(value) || String(value);
    case 'instant':
      return when(String(value));
    case 'country':
      return countryName(String(value), adminLocale());
    case 'itemRef':
      return refValue(reading, field.list, value);
    case 'wholeNumber':
      // An audio file's length, as its row says it ("3:12").
      if (input.name === 'durationMs') return formatDuration(Number(value));
      return new Intl.NumberFormat(adminLocale()).format(Number(value));
    case 'decimal':
      return new Intl.NumberFormat(adminLocale()).format(Number(value));
    default:
      return String(value);
  }
}

/** An image as the admin's rows show it: its thumbnail and its name. */
function ImageValue(props: { id: unknown; library: MediaItem[] | undefined }) {
  if (blank(props.id)) return <span>{say(W.noImage)}</span>;
  const image = props.library?.find((i) => i.id === props.id);
  if (!image) return <span>{say(W.unknownImage)}</span>;
  return (
    <span className="history__image">
      <Thumb item={image} />
      <span>{imageName(image)}</span>
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

/**
 * One value as the admin reads it; a long text shortened near `most` characters. A text of one language (a title's
 * English) says so (`lang`), for a screen reader to speak it in its language.
 */
function ValueView(props: { reading: Reading; input: Input; value: unknown; most?: number }) {
  const { reading, input, value } = props;
  const type = input.field.type;
  if (type === 'image') return <ImageValue id={value} library={reading.library} />;
  if (type === 'link' || type === 'links') return <LinkValue href={value} />;
  if (input.language && !blank(value)) return <span lang={input.language}>{shortened(String(value), type === 'longText' ? props.most : Infinity)}</span>;
  if (type === 'longText' && !blank(value)) return <>{shortened(String(value), props.most)}</>;
  return <>{plainValue(reading, input, value)}</>;
}

/** A long text's change as words that went (struck) and words that came, among the words around them. */
function WordsView(props: { parts: { text: string; change?: 'added' | 'removed' }[]; lang: string | undefined }) {
  const { lang } = props;
  return (
    <span className="history__words">
      {props.parts.map((part, i) =>
        part.change === 'removed' ? (
          <del key={i}>
            <span className="sr-only">[{say(W.wordsRemoved)}: </span>
            <span lang={lang}>{part.text}</span>
            <span className="sr-only">]</span>
          </del>
        ) : part.change === 'added' ? (
          <ins key={i}>
            <span className="sr-only">[{say(W.wordsAdded)}: </span>
            <span lang={lang}>{part.text}</span>
            <span className="sr-only">]</span>
          </ins>
        ) : (
          <span key={i} lang={lang}>
            {part.text}
          </span>
        ),
      )}
    </span>
  );
}

/** A long text's change as a word diff, when it kept enough of the text for one to read well; else undefined. */
function wordsChanged(input: Input, before: unknown, after: unknown) {
  if (input.field.type !== 'longText' || blank(before) || blank(after)) return undefined;
  const parts = wordDiff(String(before), String(after));
  // A text mostly rewritten reads better as the old one and the new one than as a word diff.
  return mostlyKept(parts, String(before), String(after)) ? parts : undefined;
}

/**
 * One field's before → after, as the question before a restore says it: what it holds now → what it will hold (read
 * aloud with "now" and "after restoring"); a long text lightly changed as its words that go and come.
 */
export function ChangeView(props: { kind: Kind; change: FieldChange; library: MediaItem[] | undefined; refs?: Record<string, Value[]> }) {
  const { change } = props;
  const reading: Reading = { kind: props.kind, library: props.library, refs: props.refs };
  const parts = wordsChanged(change.input, change.before, change.after);
  if (parts) return <WordsView parts={parts} lang={change.input.language} />;
  return (
    <>
      <span className="history__before">
        <span className="sr-only">{say(W.valueNow)}: </span>
        <ValueView reading={reading} input={change.input} value={change.before} />
      </span>
      <span aria-hidden="true"> → </span>
      <span className="history__after">
        <span className="sr-only">{say(W.valueRestored)}: </span>
        <ValueView reading={reading} input={change.input} value={change.after} />
      </span>
    </>
  );
}

/** One field of a version: the value it held; when the version changed it, marked so, with its value before. */
export function HeldView(props: { reading: Reading; held: HeldValue }) {
  const { reading, held } = props;
  const parts = held.changed && 'before' in held ? wordsChanged(held.input, held.before, held.value) : undefined;
  return (
    <div className={`history__value${held.changed ? ' history__value--changed' : ''}`}>
      <dt>
        {held.name}
        {held.changed && (
          <>
            {' '}
            <span className="history__mark">{say(W.changedMark)}</span>
          </>
        )}
      </dt>
      <dd>
        {parts ? (
          <WordsView parts={parts} lang={held.input.language} />
        ) : (
          <>
            <span className="history__held">
              <ValueView reading={reading} input={held.input} value={held.value} most={held.changed ? 300 : 160} />
            </span>
            {held.changed && 'before' in held && (
              <>
                {' '}
                <span className="history__was">
                  {say(W.valueBefore)} <ValueView reading={reading} input={held.input} value={held.before} />
                </span>
              </>
            )}
          </>
        )}
      </dd>
    </div>
  );
}

/**
 * What one version held, field by field (`previous`: undefined when no longer kept). The first version shows them all;
 * a later one, what it changed first, marked, and the values it kept from the version before folded under it.
 */
function VersionValues(props: { reading: Reading; entry: HistoryEntry; previous: HistoryEntry | undefined; oldest: boolean }) {
  const { reading, entry, previous } = props;
  if (entry.action === 'remove') return <p className="history__note">{say(W.wasRemoved)}</p>;
  const held = heldValues(reading.kind, entry, previous, props.oldest);
  const changed = held.filter((h) => h.changed);
  const marked = changed.length > 0;
  const kept = marked ? held.filter((h) => !h.changed) : [];
  const rows = (values: HeldValue[]) => (
    <dl className="history__values">
      {values.map((h) => (
        <HeldView key={h.input.name} reading={reading} held={h} />
      ))}
    </dl>
  );
  if (!held.length) return <p className="history__note">{say(W.empty)}</p>;
  return (
    <div className="history__version" role="group" aria-label={fill(say(W.valuesOf), { n: entry.version })}>
      {marked && !previous && <p className="history__note">{say(W.earlierNotKept)}</p>}
      {rows(marked ? changed : held)}
      {kept.length > 0 && (
        <details className="history__kept">
          <summary>{plural(W.valuesUnchanged, kept.length)}</summary>
          {rows(kept)}
        </details>
      )}
    </div>
  );
}

/** The versions of a singleton (no id) or of a list item, each but the current one restorable. */
export function HistoryPanel(props: { kind: Kind; id?: string; label: string }) {
  const backend = useBackend();
  const revalidator = useRevalidator();
  const library = useMediaLibrary();
  // The lists this kind's references point at, as its page's loader read them (a featured release by its title).
  const refs = (useLoaderData() as { refs?: Record<string, Value[]> } | undefined)?.refs;
  const [entries, setEntries] = useState<HistoryEntry[] | undefined>();
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<number | undefined>();
  const { offer, offerUndo } = useUndo();
  const kind = props.kind.name as ContentKindName;
  const reading: Reading = { kind: props.kind, library, refs };

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
            // Restoring it changes each of these from what it holds now to what this version held.
            const willChange = index > 0 && entry.value !== null ? fieldChanges(props.kind, entries[0]!.value, entry.value) : [];
            return (
              <li key={entry.version} className="history__entry">
                <p className="history__head">
                  <strong>{fill(say(W.versionN), { n: entry.version })}</strong> · {say(ACTIONS[entry.action])} {when(entry.at)}
                  {index === 0 && ` ${say(W.current)}`}
                </p>
                {/* Restore under the version's name, before its values (the first version lists them all): reached without
                    scrolling through what it held (issue 33's first-day figures). */}
                {index > 0 &&
                  entry.value !== null &&
                  (confirming === entry.version ? (
                    <div className="history__confirm" role="group" aria-label={fill(say(W.confirmRestoreGroup), { n: entry.version })}>
                      {willChange.length ? (
                        <>
                          <p>{fill(say(W.restoreAsk), { n: entry.version })}</p>
                          <ul className="history__will">
                            {willChange.map((c) => (
                              <li key={c.input.name}>
                                <span className="history__field">{c.name}:</span> <ChangeView kind={props.kind} change={c} library={library} refs={refs} />
                              </li>
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
                <VersionValues reading={reading} entry={entry} previous={previous} oldest={index === entries.length - 1} />
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

export type UndoState = { busy: boolean; message: string; ok: boolean };
const UNDO_IDLE: UndoState = { busy: false, message: '', ok: true };

/**
 * Runs an Undo and says how it went ("Undone: …" or why not), the page's data read again after it: the history's Undo
 * button and the message box after a change (list-parts.tsx Notice) both run it so.
 */
export function useUndoRun() {
  const revalidator = useRevalidator();
  const [state, setState] = useState<UndoState>(UNDO_IDLE);
  const run = async (offer: UndoOffer, onDone?: () => void) => {
    setState({ busy: true, message: '', ok: true });
    try {
      await offer.run();
      setState({ busy: false, message: fill(say(W.undone), { what: offer.what }), ok: true });
      onDone?.();
      revalidator.revalidate();
    } catch (caught) {
      setState({ busy: false, message: errorMessage(caught, say(W.undoFailed)), ok: false });
    }
  };
  const reset = useCallback(() => setState(UNDO_IDLE), []);
  return { state, run, reset };
}

export function UndoButton(props: { offer: UndoOffer | undefined; onDone(): void; autoFocus?: boolean }) {
  const { state, run } = useUndoRun();
  const { offer } = props;
  return (
    <div className="undo">
      {offer && (
        <button
          type="button"
          className="button button--secondary button--small"
          autoFocus={props.autoFocus}
          disabled={state.busy}
          onClick={() => run(offer, props.onDone)}
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
