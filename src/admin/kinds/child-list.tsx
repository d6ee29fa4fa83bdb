/**
 * The items of another list placed on one item of this one (a service's samples), edited in that item's editor, under
 * its form: listed, added, opened, removed (from its editor, with Undo) and, in reorder mode, moved among those of the
 * same item. The list page shows only the item's row (its line counts them), so it stays short on a phone.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { RemovedItem } from '../../content/backend';
import type { ListKind } from '../../content/fields/declare';
import { KINDS } from '../../content/kinds';
import { fill } from '../media/words';
import { ADMIN_WORDS as W } from '../words';
import { blocksOf, say, wordsOf, type Item } from './form-model';
import { ItemForm, useFormOpener } from './item-form';
import { useSummarize } from './item-line';
import { ChangeNotices, RemovedItems } from './list-parts';
import { Rows } from './list-row';
import { KIND_OPTIONS, type KindOptions } from './options';
import { draftsOf } from './publishing';
import { moved, ReorderSwitch } from './reorder';
import type { SummaryContext } from './summaries';
import { useListChanges } from './use-list-changes';

/**
 * The items of another list placed on one item of this one (a service's samples): listed, added, edited, removed and
 * reordered under it, with the field that places them (`spec.by`) set to the item and not shown. Their order is the
 * other list's own, among all its items: moving one here moves it among those of the same item.
 */
export function ChildList(props: {
  spec: NonNullable<KindOptions['children']>;
  parent: Item;
  parentName: string;
  all: Item[];
  removed: RemovedItem[];
  refs: Record<string, Item[]>;
  onDirty(parentId: string, dirty: boolean): void;
}) {
  const { spec, parent, parentName, all, refs, onDirty } = props;
  const kind = KINDS.find((k) => k.name === spec.list) as ListKind;
  const options = (KIND_OPTIONS as Record<string, KindOptions | undefined>)[spec.list] ?? {};
  const id = useId();
  const blocks = useMemo(() => blocksOf(kind).filter((b) => b.name !== spec.by), [kind, spec.by]);
  const ctx = useMemo<SummaryContext>(() => ({ refs }), [refs]);
  const summarize = useSummarize(kind, options, ctx);
  const changes = useListChanges(spec.list, id, { nameOf: (value) => summarize(value).title });
  const { busy, addDirty, setAddDirty, editDirty, change, restoreRemoved: restore } = changes;
  const mine = all.filter((item) => item[spec.by] === parent.id);
  const [moving, setMoving] = useState<string[] | undefined>();
  const items = moving ? moving.map((itemId) => mine.find((item) => item.id === itemId)!).filter(Boolean) : mine;
  const { open: adding, button: addButton, show: add, close } = useFormOpener();
  const [reordering, setReordering] = useState(false);
  useEffect(() => onDirty(parent.id, addDirty || editDirty), [onDirty, parent.id, addDirty, editDirty]);
  // Closing the item's editor closes its samples' forms too: nothing is left unsaved after.
  useEffect(() => () => onDirty(parent.id, false), [onDirty, parent.id]);
  const title = fill(say(W.childrenOf), { children: say(wordsOf(kind).label), name: parentName });
  const addLabel = fill(say(W.addChild), { name: parentName });

  const move = async (itemId: string, to: number) => {
    const next = moved(
      items.map((item) => item.id),
      itemId,
      to,
    );
    if (!next) return;
    // The whole list's order, with this item's places holding the new order.
    const order = all.map((item) => item.id);
    let k = 0;
    const ids = order.map((other) => (mine.some((m) => m.id === other) ? next[k++]! : other));
    setMoving(next);
    const label = summarize(items.find((item) => item.id === itemId)!).title || say(W.untitled);
    await change({ intent: 'reorder', ids }, fill(say(W.movedItem), { name: label, to: to + 1, count: next.length }));
    setMoving(undefined);
  };

  const audioList = spec.list === 'samples' ? (refs.audio ?? []) : undefined;
  return (
    <section className="children" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{title}</h3>
      <ChangeNotices {...changes.notices} />
      {items.length === 0 ? (
        <p className="field__hint">{say(W.noChildren)}</p>
      ) : (
        <>
          {items.length > 1 && <ReorderSwitch on={reordering} onChange={setReordering} hintId={`${id}-reorder-hint`} />}
          <Rows
            kind={kind}
            blocks={blocks}
            items={items}
            idPrefix={id}
            changes={changes}
            summarize={summarize}
            drafts={draftsOf(kind)}
            check={options.check}
            reordering={reordering}
            onMove={move}
          />
        </>
      )}
      <RemovedItems
        id={id}
        level={4}
        title={say(W.removedFromList)}
        items={props.removed.filter((item) => item.value[spec.by] === parent.id)}
        nameOf={(item) => summarize(item.value).title || say(W.untitled)}
        removedAt={(when) => fill(say(W.removedWhen), { when })}
        restore={say(W.restore)}
        restoreLabel={(name) => fill(say(W.restoreName), { name })}
        busy={busy}
        onRestore={(item) => restore(item, fill(say(W.restoredItem), { name: summarize(item.value).title || say(W.untitled) }), say(W.restoreItemFailed))}
      />
      {audioList?.length === 0 && (
        <p className="field__hint">
          {say(W.noAudioYet)} <Link to="/admin/media">{say(W.toMedia)}</Link>
        </p>
      )}
      {adding && <h4 id={`${id}-new-title`}>{say(W.newChild)}</h4>}
      {adding ? (
        <ItemForm
          kind={kind}
          blocks={blocks}
          idPrefix={`${id}-new`}
          stored={{ ...options.newItem, [spec.by]: parent.id }}
          label={addLabel}
          submit={busy ? say(W.saving) : say(W.addChildSubmit)}
          busy={busy}
          focusFirst
          check={options.check}
          onDirty={setAddDirty}
          onSave={async (value) => {
            const result = await change({ intent: 'add', value }, fill(say(W.addedItem), { name: summarize(value).title || say(W.untitled) }));
            if (result.ok) close();
            return result;
          }}
        >
          <button type="button" className="button button--secondary" onClick={() => close()}>
            {say(W.cancel)}
          </button>
        </ItemForm>
      ) : (
        <button ref={addButton} type="button" className="button button--small" aria-label={addLabel} onClick={add}>
          {say(W.addChildButton)}
        </button>
      )}
    </section>
  );
}
