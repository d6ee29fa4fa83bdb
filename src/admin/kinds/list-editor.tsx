/**
 * The editor of an ordered list (releases, collaborators, services …), made from its declaration: list, add, edit in
 * place, remove (with confirmation and Undo) and reorder (drag and drop, or Move up / Move down from the keyboard).
 * Each item reads as its kind's summary says (options.ts), or field by field. A list whose items are placed on this
 * one's (a service's samples) is edited under each item, the same way. Every change goes through the route's action,
 * after which the router reads the lists again.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useForm, useWatch, type Control } from 'react-hook-form';
import { Link, useLoaderData } from 'react-router';
import type { ContentListName, RemovedItem } from '../../content/backend';
import { hostAllowed, httpsHost, slugify } from '../../content/fields/checks';
import type { Kind, ListKind } from '../../content/fields/declare';
import { slugFields } from '../../content/fields/slugs';
import { KINDS } from '../../content/kinds';
import type { MediaItem } from '../../content/model';
import { HistoryPanel } from './history';
import { ChangeNotices, ConfirmRemove, RemovedItems } from './list-parts';
import { Thumb, useMediaLibrary } from '../media/library';
import { fill } from '../media/words';
import { UnsavedGuard } from '../use-unsaved-guard';
import { ADMIN_WORDS as W } from '../words';
import { KindFields } from './fields';
import { blocksOf, kindResolver, ownMessage, say, toForm, wordsOf, type Block, type FormValues, type Input, type Item, type Value } from './form-model';
import { KIND_OPTIONS, refLabel, type KindOptions } from './options';
import { itemName, linksLine, nameField, textOf, wallTime, type Summary, type SummaryContext } from './summaries';
import { draftsOf, publishMessage, publishState, stateNote, stateWords, type Drafts } from './publishing';
import type { ActionResult } from './use-route-action';
import { useListChanges } from './use-list-changes';

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

type Changes = ReturnType<typeof useListChanges>;

/**
 * An item's line for a kind without a summary of its own (options.ts), from its declaration: a choice by its words, a
 * date in the admin's language, a group of links by its platforms, another list's item by its name, a short text; never
 * a field's name, an address (slug), a link, a file's name or a number without its words. At most four facts.
 */
export function fieldLine(kind: Kind, item: Value, refs: Record<string, Item[]>): string {
  const words = wordsOf(kind);
  const named = nameField(kind);
  const status = draftsOf(kind)?.field;
  const option = (key: string, v: unknown) => (words.fields[key]?.options?.[String(v)] ? say(words.fields[key]!.options![String(v)]!) : '');
  const text = (key: string, field: Kind['fields'][string], value: unknown): string => {
    if (value === '' || value === undefined || value === null) return '';
    switch (field.type) {
      case 'choice':
        return option(key, value);
      case 'choices':
        return Array.isArray(value)
          ? value
              .map((v) => option(key, v))
              .filter(Boolean)
              .join(', ')
          : '';
      case 'links':
        return linksLine(kind.name, key, value);
      case 'itemRef': {
        const ref = refs[field.list]?.find((i) => i.id === value);
        return ref
          ? refLabel(
              field.list,
              KINDS.find((k) => k.name === field.list),
              ref,
            )
          : '';
      }
      case 'dateTime':
        return wallTime(value, { time: 'unless-midnight' });
      case 'text': {
        const own = textOf(item, key);
        return own.length <= 60 ? own : '';
      }
      default:
        return '';
    }
  };
  return Object.entries(kind.fields)
    .filter(([key]) => key !== named && key !== status)
    .map(([key, field]) => text(key, field, 'perLanguage' in field && field.perLanguage ? textOf(item, key) : item[key]))
    .filter(Boolean)
    .slice(0, 4)
    .join(' · ');
}

/** How each item of a kind reads: its kind's summary (options.ts), or its name and its fields in a line. */
function useSummarize(kind: ListKind, options: KindOptions, ctx: SummaryContext): (item: Value) => Summary {
  return useCallback(
    (item: Value) => options.summary?.(item as Item, ctx) ?? { title: itemName(kind, item), line: fieldLine(kind, item, ctx.refs) },
    [kind, options, ctx],
  );
}

/** A new order with one item moved from its place to `to` (undefined when it does not move). */
function moved(ids: string[], itemId: string, to: number): string[] | undefined {
  const from = ids.indexOf(itemId);
  if (from < 0 || to < 0 || to >= ids.length || from === to) return undefined;
  const next = [...ids];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
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
  const noun = kind.item;
  const id = useId();
  const changes = useListChanges(kind.name as ContentListName, id);
  const { busy, offer, offerUndo, error, announcement, setAddDirty, addDirty, editDirty, change, restoreRemoved: restore } = changes;
  const blocks = useMemo(() => blocksOf(kind), [kind]);
  const ctx = useMemo<SummaryContext>(() => ({ refs, children: childData?.items }), [refs, childData]);
  const summarize = useSummarize(kind, options, ctx);
  const nameOf = (value: Value) => summarize(value).title;
  /** Unsaved edits in the lists under the items (a sample's form), by item. */
  const [childDirty, setChildDirty] = useState<Record<string, boolean>>({});
  const onChildDirty = useCallback((itemId: string, dirty: boolean) => setChildDirty((all) => (all[itemId] === dirty ? all : { ...all, [itemId]: dirty })), []);
  /** The order being saved, shown at once. */
  const [moving, setMoving] = useState<string[] | undefined>();
  const items = moving ? moving.map((itemId) => stored.find((item) => item.id === itemId)!).filter(Boolean) : stored;

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

  const spec = options.children;
  return (
    <>
      <ChangeNotices announcement={announcement} offer={offer} onUndoDone={() => offerUndo(undefined)} error={error} />
      <section aria-labelledby={`${id}-list`}>
        <h2 id={`${id}-list`}>{fill(say(W.listCurrent), { list: say({ en: plural, ro: listName }) })}</h2>
        {items.length === 0 ? (
          <>
            <p>
              {fill(say(W.listEmpty), { list: say({ en: plural, ro: listName }) })}
              {options.emptyNote && ` ${options.emptyNote}`}
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
        ) : (
          <Rows
            kind={kind}
            blocks={blocks}
            items={items}
            idPrefix={id}
            changes={changes}
            summarize={summarize}
            noun={noun}
            check={options.check}
            pageOf={options.pageOf}
            onMove={move}
            below={
              spec &&
              ((item, name) => (
                <ChildList
                  key={`children-${item.id}`}
                  spec={spec}
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
      <section aria-labelledby={`${id}-add`}>
        <h2 id={`${id}-add`}>{fill(say(W.listAdd), { what: say({ en: noun, ro: listName }) })}</h2>
        <ItemForm
          kind={kind}
          blocks={blocks}
          idPrefix={`${id}-new`}
          stored={options.newItem}
          submit={busy ? say(W.saving) : fill(say(W.addSubmit), { what: say({ en: noun, ro: listName }) })}
          busy={busy}
          clearOnSave
          check={options.check}
          onDirty={setAddDirty}
          onSave={(value) => {
            const drafts = draftsOf(kind);
            const name = nameOf(value) || say(W.untitled);
            return change({ intent: 'add', value }, drafts ? publishMessage(drafts, undefined, value, name, Date.now()) : fill(say(W.addedItem), { name }));
          }}
        />
      </section>
      <UnsavedGuard dirty={addDirty || editDirty || Object.values(childDirty).some(Boolean)} />
    </>
  );
}

/**
 * The items of a list, each with its summary and its actions (Move up, Move down, Edit, Remove), or its form while it
 * is edited; `below` adds what goes under an item (a service's samples). Dragging an item onto another moves it there.
 */
function Rows(props: {
  kind: ListKind;
  blocks: Block[];
  items: Item[];
  idPrefix: string;
  changes: Changes;
  summarize(item: Value): Summary;
  noun: string;
  check?: KindOptions['check'];
  pageOf?: KindOptions['pageOf'];
  onMove(itemId: string, to: number): void;
  below?: ((item: Item, name: string) => ReactNode) | undefined;
}) {
  const { kind, items, idPrefix: id, changes, summarize } = props;
  const { busy, editing, setEditing, confirming, setConfirming, setEditDirty, returnFocus, change } = changes;
  const library = useMediaLibrary();
  const imageKeys = Object.keys(kind.fields).filter((key) => kind.fields[key]!.type === 'image');
  const drafts = draftsOf(kind);
  const now = Date.now();
  const dragged = useRef<string | undefined>(undefined);
  return (
    <ol className="items">
      {items.map((item, index) => {
        const summary = summarize(item);
        const label = summary.title || say(W.untitled);
        const below = props.below?.(item, label);
        if (editing === item.id) {
          const close = () => {
            returnFocus.current = item.id;
            setEditing(undefined);
          };
          return (
            <li key={item.id} className="item item--editing">
              <HistoryPanel kind={kind} id={item.id} label={label} />
              <ItemForm
                // A restored version (the history above) is a new stored item: the form starts again from it.
                key={JSON.stringify(item)}
                kind={kind}
                blocks={props.blocks}
                idPrefix={`${id}-e-${item.id}`}
                stored={item}
                label={fill(say(W.editName), { name: label })}
                submit={busy ? say(W.saving) : say(W.saveChanges)}
                busy={busy}
                check={props.check}
                onDirty={setEditDirty}
                onSave={async (value) => {
                  const name = summarize(value).title || say(W.untitled);
                  const said = drafts ? publishMessage(drafts, item, value, name, Date.now()) : fill(say(W.savedItem), { name });
                  const result = await change({ intent: 'update', id: item.id, value }, said);
                  if (result.ok) close();
                  return result;
                }}
              >
                <button type="button" className="button button--secondary" onClick={close}>
                  {say(W.cancel)}
                </button>
              </ItemForm>
              {below}
            </li>
          );
        }
        const page = props.pageOf?.(item);
        const state = drafts ? publishState(drafts, item, now) : undefined;
        return (
          <li
            key={item.id}
            className="item"
            draggable
            onDragStart={(e) => {
              // An item inside another (a sample in its service) is dragged alone.
              e.stopPropagation();
              dragged.current = item.id;
              e.dataTransfer.effectAllowed = 'move';
              e.dataTransfer.setData('text/plain', item.id);
            }}
            onDragOver={(e) => {
              e.preventDefault();
              e.stopPropagation();
              e.dataTransfer.dropEffect = 'move';
            }}
            onDrop={(e) => {
              e.preventDefault();
              e.stopPropagation();
              const from = dragged.current ?? e.dataTransfer.getData('text/plain');
              dragged.current = undefined;
              if (from) void props.onMove(from, index);
            }}
          >
            <span className="item__handle" aria-hidden="true">
              ⠿
            </span>
            {imageKeys.map((key) => {
              // An item's image (a release's cover), beside its name, as visitors will see it.
              const image = library?.find((i) => i.id === item[key]);
              return image ? <Thumb key={key} item={image} /> : null;
            })}
            <div className="item__text">
              <span className="item__title">{label}</span>
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
              {page && (
                <a className="item__page" href={page.href} target="_blank" rel="noopener">
                  {page.label}
                  <span className="sr-only">
                    : {label} {say(W.opensNewTab)}
                  </span>
                </a>
              )}
            </div>
            {confirming === item.id ? (
              <ConfirmRemove
                groupLabel={fill(say(W.confirmRemoveGroup), { name: label })}
                question={fill(say(W.removeQuestion), { name: label })}
                yes={say(W.yesRemove)}
                cancel={say(W.cancel)}
                busy={busy}
                onYes={async () => {
                  setConfirming(undefined);
                  await change({ intent: 'remove', id: item.id }, fill(say(W.removedItem), { name: label }));
                }}
                onCancel={() => setConfirming(undefined)}
              />
            ) : (
              <div className="actions">
                <button
                  type="button"
                  className="button button--small"
                  aria-label={fill(say(W.moveUp), { name: label })}
                  disabled={busy || index === 0}
                  onClick={() => props.onMove(item.id, index - 1)}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="button button--small"
                  aria-label={fill(say(W.moveDown), { name: label })}
                  disabled={busy || index === items.length - 1}
                  onClick={() => props.onMove(item.id, index + 1)}
                >
                  ↓
                </button>
                <button
                  type="button"
                  id={`${id}-edit-${item.id}`}
                  className="button button--small"
                  aria-label={fill(say(W.editName), { name: label })}
                  onClick={() => setEditing(item.id)}
                >
                  {say(W.edit)}
                </button>
                <button
                  type="button"
                  className="button button--small"
                  aria-label={fill(say(W.removeName), { name: label })}
                  onClick={() => setConfirming(item.id)}
                >
                  {say(W.remove)}
                </button>
              </div>
            )}
            {below}
          </li>
        );
      })}
    </ol>
  );
}

/**
 * The items of another list placed on one item of this one (a service's samples): listed, added, edited, removed and
 * reordered under it, with the field that places them (`spec.by`) set to the item and not shown. Their order is the
 * other list's own, among all its items: moving one here moves it among those of the same item.
 */
function ChildList(props: {
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
  const changes = useListChanges(spec.list, id);
  const { busy, offer, offerUndo, error, announcement, addDirty, setAddDirty, editDirty, change, restoreRemoved: restore } = changes;
  const blocks = useMemo(() => blocksOf(kind).filter((b) => b.name !== spec.by), [kind, spec.by]);
  const ctx = useMemo<SummaryContext>(() => ({ refs }), [refs]);
  const summarize = useSummarize(kind, options, ctx);
  const noun = say(wordsOf(kind).label).toLowerCase();
  const mine = all.filter((item) => item[spec.by] === parent.id);
  const [moving, setMoving] = useState<string[] | undefined>();
  const items = moving ? moving.map((itemId) => mine.find((item) => item.id === itemId)!).filter(Boolean) : mine;
  const [adding, setAdding] = useState(false);
  const addButton = useRef<HTMLButtonElement>(null);
  const focusAdd = useRef(false);
  useEffect(() => {
    if (adding || !focusAdd.current) return;
    focusAdd.current = false;
    addButton.current?.focus();
  }, [adding]);
  useEffect(() => onDirty(parent.id, addDirty || editDirty), [onDirty, parent.id, addDirty, editDirty]);
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

  const close = () => {
    focusAdd.current = true;
    setAdding(false);
  };
  const audioList = spec.list === 'samples' ? (refs.audio ?? []) : undefined;
  return (
    <section className="children" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{title}</h3>
      <ChangeNotices announcement={announcement} offer={offer} onUndoDone={() => offerUndo(undefined)} error={error} />
      {items.length === 0 ? (
        <p className="field__hint">{say(W.noChildren)}</p>
      ) : (
        <Rows kind={kind} blocks={blocks} items={items} idPrefix={id} changes={changes} summarize={summarize} noun={noun} check={options.check} onMove={move} />
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
          <button type="button" className="button button--secondary" onClick={close}>
            {say(W.cancel)}
          </button>
        </ItemForm>
      ) : (
        <button ref={addButton} type="button" className="button button--small" aria-label={addLabel} onClick={() => setAdding(true)}>
          {say(W.addChildButton)}
        </button>
      )}
    </section>
  );
}

/** The form of one item: the add form, or an item edited in place. */
export function ItemForm(props: {
  kind: ListKind;
  blocks: Block[];
  idPrefix: string;
  stored: Value | undefined;
  label?: string;
  submit: string;
  busy: boolean;
  clearOnSave?: boolean;
  /** Focus its first field when it appears (a form opened by a button). */
  focusFirst?: boolean;
  /** What the item must have beyond its schema (options.ts), checked before sending. */
  check?: KindOptions['check'];
  onDirty(dirty: boolean): void;
  onSave(value: Value): Promise<ActionResult>;
  children?: ReactNode;
}) {
  const { kind, onDirty } = props;
  const drafts = useMemo(() => draftsOf(kind), [kind]);
  // A kind with drafts has no status select: its buttons choose (Publish, Save as draft, Unpublish).
  const blocks = useMemo(() => (drafts ? props.blocks.filter((b) => b.name !== drafts.field) : props.blocks), [drafts, props.blocks]);
  const [initial] = useState(() => toForm(kind, props.stored).values);
  // An empty number in a list item is saved as 0, its empty value (what the API stores for a field left out).
  const form = useForm<FormValues, unknown, Value>({ defaultValues: initial, resolver: kindResolver(kind, 0) });
  const element = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (props.focusFirst) element.current?.querySelector<HTMLElement>('input, select, textarea')?.focus();
    // Once, when it appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const { isDirty } = form.formState;
  useEffect(() => {
    onDirty(isDirty);
  }, [isDirty, onDirty]);
  // A form that goes away (an edit saved or cancelled) has nothing left unsaved.
  useEffect(() => () => onDirty(false), [onDirty]);

  // While adding, an address (a slug field) follows the field it is made from until the admin types one;
  // an item being edited keeps its own, whatever its title becomes.
  const slugs = useMemo(() => slugFields(kind), [kind]);
  const typedSlug = useRef(false);
  useEffect(() => {
    if (props.stored?.[slugs[0]?.[0] ?? ''] || slugs.length === 0) return;
    const subscription = form.watch((values, { name }) => {
      for (const [key, decl] of slugs) {
        if (name === key) typedSlug.current = true;
        if (name === decl.from && !typedSlug.current) form.setValue(key, slugify(String(values[decl.from] ?? ''), decl.max));
      }
    });
    return () => subscription.unsubscribe();
  }, [form, slugs, props.stored]);

  /** A link pasted into the wrong box of a group goes to the box whose hosts it matches (a Deezer link in Spotify's). */
  const pasteLink = (input: Input, text: string): boolean => {
    if (input.field.type !== 'links') return false;
    const host = httpsHost(text.trim());
    const [group, own] = input.name.split('.') as [string, string];
    if (!host || hostAllowed(host, input.field.links[own]?.hosts ?? [host])) return false;
    const target = Object.entries(input.field.links).find(([, l]) => l.hosts && hostAllowed(host, l.hosts))?.[0];
    if (!target) return false;
    form.setValue(`${group}.${target}`, text.trim(), { shouldDirty: true });
    document.getElementById(`${props.idPrefix}-${group}-${target}`)?.focus();
    return true;
  };

  const save = async (input: Value, event?: React.BaseSyntheticEvent) => {
    // Which button sent the form (Enter in a field sends the first: Save as draft, or Save for a published item).
    const choice = ((event?.nativeEvent as SubmitEvent | undefined)?.submitter as HTMLButtonElement | null | undefined)?.value;
    const value = drafts
      ? {
          ...input,
          [drafts.field]: choice === 'publish' ? drafts.published : choice === 'draft' ? drafts.draft : (props.stored?.[drafts.field] ?? drafts.draft),
        }
      : input;
    const problems = props.check?.(value) ?? [];
    if (problems.length) {
      problems.forEach(({ field, message }, i) => form.setError(field, { type: 'check', message }, { shouldFocus: i === 0 }));
      return;
    }
    const result = await props.onSave(value);
    if (result.ok) {
      typedSlug.current = false;
      if (props.clearOnSave) form.reset(initial);
    } else if (result.field && result.field.split('.')[0]! in kind.fields) {
      form.setError(result.field, { type: 'server', message: ownMessage(result.message, result.field) }, { shouldFocus: true });
    }
  };

  const submit = drafts ? (
    <PublishButtons drafts={drafts} stored={props.stored} busy={props.busy} />
  ) : (
    <button type="submit" className="button button--primary" disabled={props.busy}>
      {props.submit}
    </button>
  );
  return (
    <form ref={element} className="form" noValidate onSubmit={form.handleSubmit(save)} aria-label={props.label}>
      <KindFields blocks={blocks} idPrefix={props.idPrefix} register={form.register} errors={form.formState.errors} onPaste={pasteLink} />
      {drafts && <PublishNote kind={kind} drafts={drafts} stored={props.stored} control={form.control} />}
      {props.children || drafts ? (
        <div className="actions">
          {submit}
          {props.children}
        </div>
      ) : (
        submit
      )}
    </form>
  );
}

/** Whether a form edits a stored item (it has an id) that is public now or scheduled. */
const isPublic = (drafts: Drafts, stored: Value | undefined) => Boolean(stored && 'id' in stored && stored[drafts.field] === drafts.published);

/**
 * The buttons of a kind with drafts: Save as draft and Publish for a new item or a draft; Save and Unpublish for a
 * published one. The first is what Enter in a field does: never Publish (nothing goes public unless chosen).
 */
function PublishButtons(props: { drafts: Drafts; stored: Value | undefined; busy: boolean }) {
  if (isPublic(props.drafts, props.stored)) {
    return (
      <>
        <button type="submit" name="publishing" value="keep" className="button button--primary" disabled={props.busy}>
          {say(W.saveChanges)}
        </button>
        <button type="submit" name="publishing" value="draft" className="button button--secondary" disabled={props.busy}>
          {say(W.unpublish)}
        </button>
      </>
    );
  }
  return (
    <>
      <button type="submit" name="publishing" value="draft" className="button button--secondary" disabled={props.busy}>
        {say(W.saveDraft)}
      </button>
      <button type="submit" name="publishing" value="publish" className="button button--primary" disabled={props.busy}>
        {say(W.publish)}
      </button>
    </>
  );
}

/** Where the item stands and what Publish will do (schedule it, when its date is ahead), said above the buttons. */
function PublishNote(props: { kind: Kind; drafts: Drafts; stored: Value | undefined; control: Control<FormValues, unknown, Value> }) {
  const by = props.drafts.scheduledBy;
  const date = useWatch({ control: props.control, name: by?.field ?? props.drafts.field });
  const now = Date.now();
  const ahead =
    by && !isPublic(props.drafts, props.stored) && typeof date === 'string' && date
      ? publishState(props.drafts, { [props.drafts.field]: props.drafts.published, [by.field]: date }, now)
      : undefined;
  return (
    <p className="publish-note">
      {stateNote(props.kind, props.drafts, props.stored, now)}
      {ahead?.state === 'scheduled' && <> {fill(say(W.publishAhead), { date: wallTime(ahead.at, { time: 'unless-midnight' }) })}</>}
    </p>
  );
}
