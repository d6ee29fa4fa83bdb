/**
 * One item of a list as a person sees it: a row (its thumbnail, its title and one human line, ≤ 88 px on a phone) that
 * opens its editor when tapped, or in reorder mode a row to drag with Move up / Move down; and the item open, edited in
 * place: its history, its form, and Remove (asked first, with Undo after) at the foot of the form.
 */
import { useCallback, useId, useState, type HTMLAttributes, type ReactNode } from 'react';
import { storedNames, type ListKind } from '../../content/fields/declare';
import { Thumb, useMediaLibrary } from '../media/library';
import { hasPublicPage, itemQr, siteOrigin } from '../qr/address';
import { QrDialog } from '../qr/qr-dialog';
import { fill } from '../media/words';
import { ADMIN_WORDS as W } from '../words';
import { say, wordsOf, type Block, type Item, type Value } from './form-model';
import { HistoryPanel } from './history';
import { ItemForm } from './item-form';
import { ConfirmRemove } from './list-parts';
import { KIND_OPTIONS, type KindOptions } from './options';
import { publishMessage, publishState, stateWords, type Drafts } from './publishing';
import { MoveButtons, useDragToMove } from './reorder';
import { wallTime, type Summary } from './summaries';
import type { ListChanges as Changes } from './use-list-changes';

/** The closed row. `reorder`: its place and how it moves, in reorder mode (no opening then). */
function Row(props: {
  kind: ListKind;
  item: Item;
  summary: Summary;
  drafts: Drafts | undefined;
  idPrefix: string;
  page?: { href: string; label: string };
  onOpen(): void;
  /** What the row changes without opening the item (its kind's options), each change announced with Undo after. */
  quick?: { options: NonNullable<KindOptions['quick']>; busy: boolean; onChange(value: Value, said: string): void };
  /** The item's public page by language, from its slug: the row offers its QR code (issue 31). */
  qr?: KindOptions['qr'];
  reorder?: { index: number; count: number; busy: boolean; onMove(to: number): void; drag: HTMLAttributes<HTMLLIElement> };
}) {
  const { kind, item, summary, drafts, reorder, page, quick, qr } = props;
  const library = useMediaLibrary();
  const [qrOpen, setQrOpen] = useState(false);
  const closeQr = useCallback(() => setQrOpen(false), []);
  const label = summary.title || say(W.untitled);
  const state = drafts ? publishState(drafts, item, Date.now()) : undefined;
  const images = Object.keys(kind.fields).filter((key) => kind.fields[key]!.type === 'image');
  return (
    <li className={`item item--row${reorder ? ' item--reorder' : ''}`} {...reorder?.drag}>
      {reorder && (
        <span className="item__handle" aria-hidden="true">
          ⠿
        </span>
      )}
      {images.map((key) => {
        // An item's image (a release's cover), beside its name, as visitors will see it.
        const image = library?.find((i) => i.id === item[key]);
        return image ? <Thumb key={key} item={image} /> : null;
      })}
      <div className="item__text">
        {reorder ? (
          <span className="item__title">{label}</span>
        ) : (
          // The whole row opens the item (the button's box covers it: admin.css); its name says what it does.
          <button
            type="button"
            id={`${props.idPrefix}-edit-${item.id}`}
            className="item__title item__open"
            aria-label={fill(say(W.editName), { name: label })}
            onClick={props.onOpen}
          >
            {label}
          </button>
        )}
        {(summary.line || state) && (
          <span className="item__meta">
            {summary.line}
            {summary.line && state && ' · '}
            {state && (
              <span className={`item__state item__state--${state.state}`}>
                {/* Scheduled with its date, unless the line says that date already. */}
                {stateWords(kind, drafts!, state, !(state.at && summary.line.includes(wallTime(state.at, { time: 'unless-midnight' }))))}
              </span>
            )}
          </span>
        )}
        {summary.warning && <span className="item__warning">{summary.warning}</span>}
        {page && !reorder && (
          <a className="item__page" href={page.href} target="_blank" rel="noopener">
            {page.label}
            <span className="sr-only">
              : {label} {say(W.opensNewTab)}
            </span>
          </a>
        )}
      </div>
      {(quick || qr) && !reorder && (
        <QuickActions
          kind={kind}
          item={item}
          label={label}
          drafts={drafts}
          options={quick?.options ?? {}}
          busy={quick?.busy ?? false}
          onChange={(value, said) => quick?.onChange(value, said)}
          onQr={qr && hasPublicPage(item, drafts) ? () => setQrOpen(true) : undefined}
        />
      )}
      {/* Outside the quick changes' group: Escape in the dialog closes the dialog, not the group. */}
      {qr && qrOpen && (
        <QrDialog
          title={fill(say(W.qrTitle), { name: label })}
          languages
          qr={(lang) => itemQr(item, { name: label, lang, origin: siteOrigin(), path: qr, drafts })}
          onClose={closeQr}
        />
      )}
      {reorder && <MoveButtons label={label} index={reorder.index} count={reorder.count} busy={reorder.busy} onMove={reorder.onMove} />}
    </li>
  );
}

/** An item's stored value without its id: every declared field, as the form's save sends it. */
function storedValue(kind: ListKind, item: Item): Value {
  const value: Value = {};
  for (const [name, field] of Object.entries(kind.fields)) for (const stored of storedNames(name, field)) if (stored in item) value[stored] = item[stored];
  return value;
}

type RowChange = { key: string; words: string; value: Value; said: string };

/** The changes a row offers now (its kind's `quick`): Publish or Unpublish, and its kind's states. */
function rowChanges(
  kind: ListKind,
  item: Item,
  label: string,
  drafts: Drafts | undefined,
  options: NonNullable<KindOptions['quick']>,
  now: number,
): RowChange[] {
  const actions: RowChange[] = [];
  const stored = storedValue(kind, item);
  if (options.publish && drafts) {
    const published = publishState(drafts, item, now).state !== 'draft';
    const after = { ...stored, [drafts.field]: published ? drafts.draft : drafts.published };
    actions.push({ key: 'publish', words: say(published ? W.unpublish : W.publish), value: after, said: publishMessage(drafts, item, after, label, now) });
  }
  const states = options.states;
  if (states) {
    const current = String(item[states.field] ?? '');
    const stateWord = (value: string) => {
      const words = wordsOf(kind).fields[states.field]?.options?.[value];
      return words ? say(words) : value;
    };
    const to = (value: string, words: string) =>
      actions.push({
        key: value,
        words,
        value: { ...stored, [states.field]: value },
        said: fill(say(W.quickSetState), { name: label, state: stateWord(value) }),
      });
    for (const [value, words] of Object.entries(states.set)) if (value !== current) to(value, say(words));
    // Back to the usual state from one set here (a rescheduled show keeps its new date: no way back offered).
    if (current in states.set) to(states.usual, say(states.back));
  }
  return actions;
}

/**
 * A row's own buttons, beside its button that opens the item (siblings above its cover, never inside it): Publish or
 * Unpublish, with the form's messages; a state set directly (a show's Sold out), named by the declaration's words;
 * and the item's QR code (issue 31), beside that group rather than in it, as it changes nothing. On a phone they wait behind one ⋯ button at the row's end (open, a line of their own under the row), so that a
 * closed row stays ≤ 88 px; from 48rem they are shown at the row's end and the ⋯ button is not (admin.css).
 */
function QuickActions(props: {
  kind: ListKind;
  item: Item;
  label: string;
  drafts: Drafts | undefined;
  options: NonNullable<KindOptions['quick']>;
  busy: boolean;
  onChange(value: Value, said: string): void;
  /** Opens the item's QR code (its kind has them, and the item a public page: not a draft). */
  onQr?: (() => void) | undefined;
}) {
  const { kind, item, label, drafts, options, busy, onQr } = props;
  const [open, setOpen] = useState(false);
  const groupId = useId();
  const now = Date.now();
  const actions = !options.offered || options.offered(item, now) ? rowChanges(kind, item, label, drafts, options, now) : [];
  if (!actions.length && !onQr) return null;
  const name = fill(say(actions.length ? W.quickStates : W.rowMore), { name: label });
  return (
    <>
      <button type="button" className="item__quick-toggle" aria-expanded={open} aria-controls={groupId} aria-label={name} onClick={() => setOpen(!open)}>
        <span aria-hidden="true">⋯</span>
      </button>
      <div
        id={groupId}
        className={`item__quick${open ? ' item__quick--open' : ''}`}
        onKeyDown={(event) => {
          // Escape folds them away again on a phone, back on the ⋯ button.
          if (event.key !== 'Escape' || !open) return;
          setOpen(false);
          (event.currentTarget.previousElementSibling as HTMLElement | null)?.focus();
        }}
      >
        {actions.length > 0 && (
          <div className="item__quick-group" role="group" aria-label={name}>
            {actions.map((action) => (
              <button
                key={action.key}
                type="button"
                className="item__quick-button"
                aria-label={fill(say(W.quickOn), { action: action.words, name: label })}
                disabled={busy}
                onClick={() => props.onChange(action.value, action.said)}
              >
                {action.words}
              </button>
            ))}
          </div>
        )}
        {onQr && (
          <button type="button" className="item__quick-button" aria-label={fill(say(W.quickOn), { action: say(W.qrButton), name: label })} onClick={onQr}>
            {say(W.qrButton)}
          </button>
        )}
      </div>
    </>
  );
}

/** The item open: its history, its form with Save (or the publishing buttons), Cancel and Remove, and what goes under it. */
function OpenItem(props: {
  kind: ListKind;
  blocks: Block[];
  item: Item;
  label: string;
  idPrefix: string;
  changes: Changes;
  drafts: Drafts | undefined;
  check?: KindOptions['check'];
  nameOf(value: Value): string;
  onClose(): void;
  below?: ReactNode;
}) {
  const { kind, item, label, changes, drafts } = props;
  const { busy, confirming, setConfirming, setEditDirty, change } = changes;
  return (
    <li className="item item--editing">
      <HistoryPanel kind={kind} id={item.id} label={label} />
      <ItemForm
        // A restored version (the history above) is a new stored item: the form starts again from it.
        key={JSON.stringify(item)}
        kind={kind}
        blocks={props.blocks}
        idPrefix={`${props.idPrefix}-e-${item.id}`}
        stored={item}
        label={fill(say(W.editName), { name: label })}
        submit={busy ? say(W.saving) : say(W.saveChanges)}
        busy={busy}
        check={props.check}
        onDirty={setEditDirty}
        onSave={async (value) => {
          const name = props.nameOf(value) || say(W.untitled);
          const said = drafts ? publishMessage(drafts, item, value, name, Date.now()) : fill(say(W.savedItem), { name });
          const result = await change({ intent: 'update', id: item.id, value }, said);
          if (result.ok) props.onClose();
          return result;
        }}
      >
        <button type="button" className="button button--secondary" onClick={props.onClose}>
          {say(W.cancel)}
        </button>
        {confirming !== item.id && (
          <button
            type="button"
            className="button button--secondary item__remove"
            aria-label={fill(say(W.removeName), { name: label })}
            onClick={() => setConfirming(item.id)}
          >
            {say(W.remove)}
          </button>
        )}
      </ItemForm>
      {confirming === item.id && (
        <ConfirmRemove
          groupLabel={fill(say(W.confirmRemoveGroup), { name: label })}
          question={fill(say(W.removeQuestion), { name: label })}
          yes={say(W.yesRemove)}
          cancel={say(W.cancel)}
          busy={busy}
          onYes={async () => {
            setConfirming(undefined);
            const result = await change({ intent: 'remove', id: item.id }, fill(say(W.removedItem), { name: label }));
            if (result.ok) changes.setEditing(undefined);
          }}
          onCancel={() => setConfirming(undefined)}
        />
      )}
      {props.below}
    </li>
  );
}

/**
 * The items of a list: each a row, or its editor while open; in reorder mode, rows to drag and move. `below` adds what
 * goes under an item in its editor (a service's samples): the rows stay a thumb's height, and the page stays short on
 * a phone, with what belongs to one item inside it.
 */
export function Rows(props: {
  kind: ListKind;
  blocks: Block[];
  items: Item[];
  idPrefix: string;
  changes: Changes;
  summarize(item: Value): Summary;
  drafts: Drafts | undefined;
  check?: KindOptions['check'];
  pageOf?: KindOptions['pageOf'];
  /** Reorder mode: the order of `items` is the list's, and `onMove` moves one. */
  reordering?: boolean;
  onMove?(itemId: string, to: number): void;
  below?: ((item: Item, name: string) => ReactNode) | undefined;
}) {
  const { kind, items, idPrefix: id, changes, summarize, drafts } = props;
  const { busy, editing, setEditing, returnFocus } = changes;
  const drag = useDragToMove((itemId, to) => props.onMove?.(itemId, to));
  const { quick, qr } = (KIND_OPTIONS as Record<string, KindOptions | undefined>)[kind.name] ?? {};
  return (
    <ol className="items">
      {items.map((item, index) => {
        const summary = summarize(item);
        const label = summary.title || say(W.untitled);
        if (editing === item.id) {
          return (
            <OpenItem
              key={item.id}
              kind={kind}
              blocks={props.blocks}
              item={item}
              label={label}
              idPrefix={id}
              changes={changes}
              drafts={drafts}
              check={props.check}
              nameOf={(value) => summarize(value).title}
              onClose={() => {
                returnFocus.current = item.id;
                setEditing(undefined);
              }}
              below={props.below?.(item, label)}
            />
          );
        }
        return (
          <Row
            key={item.id}
            kind={kind}
            item={item}
            summary={summary}
            drafts={drafts}
            idPrefix={id}
            page={props.pageOf?.(item)}
            onOpen={() => setEditing(item.id)}
            qr={qr}
            quick={
              quick && {
                options: quick,
                busy,
                onChange: (value, said) =>
                  // The button pressed may be gone after (Sold out becomes On sale): focus stays on the row's.
                  void changes.change({ intent: 'update', id: item.id, value }, said).then(() => document.getElementById(`${id}-edit-${item.id}`)?.focus()),
              }
            }
            reorder={
              props.reordering && props.onMove
                ? { index, count: items.length, busy, onMove: (to) => props.onMove!(item.id, to), drag: drag(item.id, index) }
                : undefined
            }
          />
        );
      })}
    </ol>
  );
}
