/**
 * A list's page (releases, shows, collaborators, services …), made from its declaration (issue 29,
 * docs/decisions/0036): its Add button first, the new item's form at the top; a filter on long lists; the list, each
 * item a row that opens its editor (./list-row.tsx), in the order the artist chooses (Reorder: ./reorder.tsx) or its
 * natural one (shows: upcoming, then the past ones folded); the removed items to restore. A list whose items are placed
 * on this one's (a service's samples) is edited in that item's editor (./child-list.tsx). Every change goes through the
 * route's action, after which the router reads the lists again.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLoaderData } from 'react-router';
import type { ContentListName, RemovedItem } from '../../content/backend';
import type { ListKind } from '../../content/fields/declare';
import type { MediaItem } from '../../content/model';
import { fill } from '../media/words';
import { UnsavedGuard } from '../use-unsaved-guard';
import { ADMIN_WORDS as W, tCount } from '../words';
import { ChildList } from './child-list';
import { blocksOf, say, wordsOf, type Block, type Item, type Value } from './form-model';
import { PageTabs } from './page-tabs';
import { ItemForm, useFormOpener } from './item-form';
import { useSummarize } from './item-line';
import { ListFilter, matches, NO_FILTER, type Filter } from './list-filter';
import { ChangeNotices, RemovedItems } from './list-parts';
import { Rows } from './list-row';
import type { KindOptions } from './options';
import { draftsOf, publishMessage } from './publishing';
import { moved, ReorderSwitch } from './reorder';
import type { SummaryContext } from './summaries';
import { useListChanges, type ListChanges } from './use-list-changes';

/** The items of the list placed on this one's (a service's samples), all of them, and those removed. */
export interface ChildData {
  items: Item[];
  removed: RemovedItem[];
}
/** `media`: the library, for a form with an image field; `refs`: the lists its itemRef fields (and its children's) choose from. */
export type ListData = { items: Item[]; removed: RemovedItem[]; media?: MediaItem[]; refs?: Record<string, Item[]>; children?: ChildData } | { error: string };
export type { ListPayload } from './use-list-changes';

export function ListEditor(props: { kind: ListKind; options?: KindOptions }) {
  const data = useLoaderData() as ListData;
  const title = say(wordsOf(props.kind).label);
  return (
    <>
      <h1>{title}</h1>
      <PageTabs kind={props.kind} />
      {'error' in data ? (
        <p className="form-error" role="alert">
          {data.error}
        </p>
      ) : (
        <Editor
          {...props}
          stored={data.items}
          removed={data.removed}
          refs={data.refs ?? {}}
          childData={data.children}
          plural={title.toLowerCase()}
          listName={title}
        />
      )}
    </>
  );
}

function Editor({
  kind,
  options = {},
  stored,
  removed,
  refs,
  childData,
  plural,
  listName,
}: {
  kind: ListKind;
  options?: KindOptions;
  stored: Item[];
  removed: RemovedItem[];
  refs: Record<string, Item[]>;
  childData: ChildData | undefined;
  plural: string;
  /** The list's name as the navigation says it ("Releases"). */
  listName: string;
}) {
  const id = useId();
  const blocks = useMemo(() => blocksOf(kind), [kind]);
  const drafts = useMemo(() => draftsOf(kind), [kind]);
  const ctx = useMemo<SummaryContext>(() => ({ refs, children: childData?.items }), [refs, childData]);
  const summarize = useSummarize(kind, options, ctx);
  const nameOf = (value: Value) => summarize(value).title;
  const changes = useListChanges(kind.name as ContentListName, id, { nameOf, pageOf: options.pageOf });
  const { busy, addDirty, editDirty, change, restoreRemoved: restore } = changes;
  /** Unsaved edits in the lists under the items (a sample's form), by item. */
  const [childDirty, setChildDirty] = useState<Record<string, boolean>>({});
  const onChildDirty = useCallback((itemId: string, dirty: boolean) => setChildDirty((all) => (all[itemId] === dirty ? all : { ...all, [itemId]: dirty })), []);
  /** The order being saved, shown at once. */
  const [moving, setMoving] = useState<string[] | undefined>();
  const [reordering, setReordering] = useState(false);
  const [filter, setFilter] = useState<Filter>(NO_FILTER);
  const items = moving ? moving.map((itemId) => stored.find((item) => item.id === itemId)!).filter(Boolean) : stored;
  const canReorder = !options.timeline && stored.length > 1;
  const finding = options.find && !reordering && stored.length > 0 ? options.find : undefined;
  const now = Date.now();
  const shown = finding ? items.filter((item) => matches(finding, item, filter, now)) : items;

  const restoreRemoved = (item: RemovedItem) => {
    const label = nameOf(item.value) || say(W.untitled);
    return restore(item, fill(say(W.restoredItem), { name: label }), say(W.restoreItemFailed));
  };

  const move = async (itemId: string, to: number) => {
    const next = moved(
      items.map((item) => item.id),
      itemId,
      to,
    );
    if (!next) return;
    setMoving(next);
    const label = nameOf(items.find((item) => item.id === itemId)!) || say(W.untitled);
    await change({ intent: 'reorder', ids: next }, fill(say(W.movedItem), { name: label, to: to + 1, count: next.length }));
    setMoving(undefined);
  };

  /** The list's first items, from what visitors see while it is empty (options.seed). */
  const addSeed = async () => {
    for (const value of options.seed?.items ?? []) {
      const result = await change({ intent: 'add', value }, fill(say(W.seeded), { count: options.seed!.items.length }));
      if (!result.ok) return;
    }
  };

  // After an add, the new item is shown (a filter that would hide it is cleared, the past shows unfolded) and focused.
  const before = useRef<Set<string> | undefined>(undefined);
  const [fresh, setFresh] = useState<string | undefined>();
  useEffect(() => {
    if (!before.current) return;
    const added = stored.find((item) => !before.current!.has(item.id));
    if (!added) return;
    before.current = undefined;
    if (finding && !matches(finding, added, filter, Date.now())) setFilter(NO_FILTER);
    setFresh(added.id);
  }, [stored, finding, filter]);
  useEffect(() => {
    if (!fresh) return;
    const row = document.getElementById(`${id}-edit-${fresh}`);
    if (!row) return;
    setFresh(undefined);
    const fold = row.closest('details');
    if (fold) fold.open = true;
    row.focus();
    row.scrollIntoView?.({ block: 'center' });
  }, [fresh, id, stored, filter]);

  const rows = (list: Item[], order?: boolean) => (
    <Rows
      kind={kind}
      blocks={blocks}
      items={list}
      idPrefix={id}
      changes={changes}
      summarize={summarize}
      drafts={drafts}
      check={options.check}
      pageOf={options.pageOf}
      reordering={order && reordering}
      onMove={move}
      below={
        options.children &&
        ((item, name) => (
          <ChildList
            key={`children-${item.id}`}
            spec={options.children!}
            parent={item}
            parentName={name}
            all={childData?.items ?? []}
            removed={childData?.removed ?? []}
            refs={refs}
            onDirty={onChildDirty}
          />
        ))
      }
    />
  );

  return (
    <>
      <div className="list-tools">
        <AddItem
          kind={kind}
          options={options}
          blocks={blocks}
          idPrefix={id}
          changes={changes}
          noun={say({ en: kind.item, ro: listName })}
          onSave={(value) => {
            const name = nameOf(value) || say(W.untitled);
            before.current = new Set(stored.map((item) => item.id));
            return change({ intent: 'add', value }, drafts ? publishMessage(drafts, undefined, value, name, Date.now()) : fill(say(W.addedItem), { name }));
          }}
        />
        {canReorder && <ReorderSwitch on={reordering} onChange={setReordering} hintId={`${id}-reorder-hint`} />}
      </div>
      <ChangeNotices {...changes.notices} />
      {finding && <ListFilter spec={finding} filter={filter} onChange={setFilter} shown={shown.length} total={items.length} />}
      <section aria-labelledby={`${id}-list`}>
        <h2 id={`${id}-list`} className="sr-only">
          {fill(say(W.listCurrent), { list: say({ en: plural, ro: listName }) })}
        </h2>
        {items.length === 0 ? (
          <>
            <p>
              {fill(say(W.listEmpty), { list: say({ en: plural, ro: listName }) })}
              {options.emptyNote && ` ${options.emptyNote()}`}
              {options.seed && ` ${options.seed.note()}`}
            </p>
            {options.seed && (
              <p>
                <span className="field__hint">{fill(say(W.seedOffer), { count: options.seed.items.length })}</span>{' '}
                <button type="button" className="button button--small" disabled={busy} onClick={addSeed}>
                  {say(W.seedButton)}
                </button>
              </p>
            )}
          </>
        ) : options.timeline ? (
          <Timeline timeline={options.timeline} items={shown} filter={filter} now={now} rows={rows} />
        ) : (
          rows(shown, true)
        )}
      </section>
      <RemovedItems
        id={id}
        title={say(W.removedFromList)}
        items={removed}
        nameOf={(item) => nameOf(item.value) || say(W.untitled)}
        removedAt={(when) => fill(say(W.removedWhen), { when })}
        restore={say(W.restore)}
        restoreLabel={(name) => fill(say(W.restoreName), { name })}
        busy={busy}
        onRestore={restoreRemoved}
      />
      <UnsavedGuard dirty={addDirty || editDirty || Object.values(childDirty).some(Boolean)} />
    </>
  );
}

/**
 * The list's Add button ("Add release"), first on the page; it opens the new item's form in its place, at the top.
 * Saved, the form closes (the list then focuses the new item); Cancel closes it and gives the focus back to Add.
 */
function AddItem(props: {
  kind: ListKind;
  options: KindOptions;
  blocks: Block[];
  idPrefix: string;
  changes: ListChanges;
  noun: string;
  onSave(value: Value): ReturnType<ListChanges['change']>;
}) {
  const { kind, options, changes, noun } = props;
  const { open, button, show, close } = useFormOpener();
  const id = `${props.idPrefix}-add`;
  if (!open) {
    return (
      <button ref={button} type="button" className="button button--primary list-tools__add" onClick={show}>
        {options.add ? say(options.add) : fill(say(W.listAdd), { what: noun })}
      </button>
    );
  }
  return (
    <section className="list-tools__form" aria-labelledby={id}>
      <h2 id={id}>{fill(say(W.listAdd), { what: noun })}</h2>
      <ItemForm
        kind={kind}
        blocks={props.blocks}
        idPrefix={`${props.idPrefix}-new`}
        stored={options.newItem}
        submit={changes.busy ? say(W.saving) : fill(say(W.addSubmit), { what: noun })}
        busy={changes.busy}
        focusFirst
        check={options.check}
        onDirty={changes.setAddDirty}
        onSave={async (value) => {
          const result = await props.onSave(value);
          if (result.ok) close(false);
          return result;
        }}
      >
        <button type="button" className="button button--secondary" onClick={() => close()}>
          {say(W.cancel)}
        </button>
      </ItemForm>
    </section>
  );
}

/** A list in its dates' order (shows): the upcoming ones, soonest first; then the past ones, latest first, folded. */
function Timeline(props: { timeline: NonNullable<KindOptions['timeline']>; items: Item[]; filter: Filter; now: number; rows(items: Item[]): ReactNode }) {
  const { timeline, now } = props;
  const at = (item: Item) => timeline.at(item) ?? 0;
  const upcoming = props.items.filter((item) => !timeline.past(item, now)).sort((a, b) => at(a) - at(b));
  const past = props.items.filter((item) => timeline.past(item, now)).sort((a, b) => at(b) - at(a));
  const [unfolded, setUnfolded] = useState(false);
  // What the filter asks for is shown: the past ones unfold when found by words or chosen.
  const open = unfolded || props.filter.query.trim() !== '' || props.filter.state === 'past';
  return (
    <>
      {props.filter.state !== 'past' && (
        <>
          <h3>{say(W.upcomingShows)}</h3>
          {upcoming.length ? props.rows(upcoming) : <p>{say(W.noUpcomingShows)}</p>}
        </>
      )}
      {past.length > 0 && (
        <details className="list-past" open={open} onToggle={(e) => setUnfolded(e.currentTarget.open)}>
          <summary>
            <h3>{tCount('pastShows', past.length)}</h3>
          </summary>
          {props.rows(past)}
        </details>
      )}
    </>
  );
}
