/**
 * One item of a list as a person sees it: a row (its thumbnail, its title and one human line, ≤ 88 px on a phone) that
 * opens its editor when tapped, or in reorder mode a row to drag with Move up / Move down; and the item open, edited in
 * place: its history, its form, and Remove (asked first, with Undo after) at the foot of the form.
 */
import type { HTMLAttributes, ReactNode } from 'react';
import type { ListKind } from '../../content/fields/declare';
import { Thumb, useMediaLibrary } from '../media/library';
import { fill } from '../media/words';
import { ADMIN_WORDS as W } from '../words';
import { say, type Block, type Item, type Value } from './form-model';
import { HistoryPanel } from './history';
import { ItemForm } from './item-form';
import { ConfirmRemove } from './list-parts';
import type { KindOptions } from './options';
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
  reorder?: { index: number; count: number; busy: boolean; onMove(to: number): void; drag: HTMLAttributes<HTMLLIElement> };
}) {
  const { kind, item, summary, drafts, reorder, page } = props;
  const library = useMediaLibrary();
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
      {reorder && <MoveButtons label={label} index={reorder.index} count={reorder.count} busy={reorder.busy} onMove={reorder.onMove} />}
    </li>
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
