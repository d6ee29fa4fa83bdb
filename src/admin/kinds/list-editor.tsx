/**
 * The editor of an ordered list (releases, collaborators), made from its declaration: list, add, edit in
 * place, remove (with confirmation) and reorder (drag and drop, or Move up / Move down from the keyboard).
 * Every change goes through the route's action, after which the router reads the list again.
 */
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useLoaderData } from 'react-router';
import type { ContentListName, RemovedItem } from '../../content/backend';
import { hostAllowed, httpsHost, slugify } from '../../content/fields/checks';
import type { ListKind } from '../../content/fields/declare';
import { slugFields } from '../../content/fields/slugs';
import type { MediaItem } from '../../content/model';
import { HistoryPanel } from './history';
import { ChangeNotices, ConfirmRemove, RemovedItems } from './list-parts';
import { imageName, Thumb, useMediaLibrary } from '../media/library';
import { UnsavedGuard } from '../use-unsaved-guard';
import { KindFields } from './fields';
import { blocksOf, kindResolver, ownMessage, say, toForm, wordsOf, type Block, type FormValues, type Input, type Item, type Value } from './form-model';
import type { KindOptions } from './options';
import type { ActionResult } from './use-route-action';
import { useListChanges } from './use-list-changes';

/** `media`: the library, for a form with an image field. */
export type ListData = { items: Item[]; removed: RemovedItem[]; media?: MediaItem[] } | { error: string };
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
        <Editor {...props} stored={data.items} removed={data.removed} plural={title.toLowerCase()} />
      )}
    </>
  );
}

function Editor({
  kind,
  options = {},
  stored,
  removed,
  plural,
}: {
  kind: ListKind;
  options?: KindOptions;
  stored: Item[];
  removed: RemovedItem[];
  plural: string;
}) {
  const noun = kind.item;
  const list = kind.name as ContentListName;
  const id = useId();
  const changes = useListChanges(list, id);
  const { busy, offer, offerUndo, editing, setEditing, confirming, setConfirming, error } = changes;
  const { announcement, addDirty, setAddDirty, editDirty, setEditDirty, returnFocus, change, restoreRemoved: restore } = changes;
  const blocks = useMemo(() => blocksOf(kind), [kind]);
  const [first, ...rest] = Object.keys(kind.fields);
  /** The text that names an item to a person: its first field (a title, a name). */
  const nameOf = (value: Value) => String(value[first!] ?? '');
  const library = useMediaLibrary();
  const words = wordsOf(kind);
  const labelOf = (key: string) => say(words.fields[key]?.label ?? { en: key, ro: key });
  /**
   * A field's value as the list shows it, in a line, or '' (not shown): an image by its name in the library, a
   * choice by its words, a group of links by the platforms it has, a number or date with its label; long texts and
   * a language's copy of a text are left for the edit form.
   */
  const metaText = (key: string, value: unknown): string => {
    const field = kind.fields[key];
    if (!field || value === '' || value === undefined || value === null) return '';
    switch (field.type) {
      case 'image': {
        const image = library?.find((i) => i.id === value);
        return image ? `${labelOf(key)}: ${imageName(image)}` : '';
      }
      case 'choice':
        return words.fields[key]?.options?.[String(value)] ? say(words.fields[key]!.options![String(value)]!) : String(value);
      case 'links': {
        const set = Object.keys(field.links).filter((k) => (value as Record<string, string>)[k]);
        return set.length ? `${labelOf(key)}: ${set.map((k) => say(words.fields[key]?.links?.[k]?.label ?? { en: k, ro: k })).join(', ')}` : '';
      }
      case 'longText':
        return '';
      case 'wholeNumber':
        return value === 0 ? '' : `${labelOf(key)}: ${String(value)}`;
      case 'dateTime':
        return `${labelOf(key)}: ${String(value).replace('T', ' ')}`;
      default:
        return 'perLanguage' in field && field.perLanguage ? '' : String(value);
    }
  };
  const imageKeys = Object.keys(kind.fields).filter((key) => kind.fields[key]!.type === 'image');
  const metaKeys = rest.filter((key) => !('perLanguage' in kind.fields[key]! && kind.fields[key]!.perLanguage));
  /** The order being saved, shown at once. */
  const [moving, setMoving] = useState<string[] | undefined>();
  const items = moving ? moving.map((itemId) => stored.find((item) => item.id === itemId)!).filter(Boolean) : stored;
  const dragged = useRef<string | undefined>(undefined);

  const restoreRemoved = (item: RemovedItem) => {
    const label = nameOf(item.value as Value) || `the ${noun}`;
    return restore(item, `Restored ${label}.`, 'Restore failed');
  };

  const move = async (itemId: string, to: number) => {
    const from = items.findIndex((item) => item.id === itemId);
    if (from < 0 || to < 0 || to >= items.length || from === to) return;
    const next = items.map((item) => item.id);
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    setMoving(next);
    const label = nameOf(items[from]!) || `the ${noun}`;
    await change({ intent: 'reorder', ids: next }, `Moved ${label} to position ${to + 1} of ${next.length}.`);
    setMoving(undefined);
  };

  return (
    <>
      <ChangeNotices announcement={announcement} offer={offer} onUndoDone={() => offerUndo(undefined)} error={error} />
      <section aria-labelledby={`${id}-list`}>
        <h2 id={`${id}-list`}>Current {plural}</h2>
        {items.length === 0 ? (
          <p>
            No {plural} yet.{options.emptyNote && ` ${options.emptyNote}`}
          </p>
        ) : (
          <ol className="items">
            {items.map((item, index) => {
              const label = nameOf(item) || `Untitled ${noun}`;
              if (editing === item.id) {
                const close = () => {
                  returnFocus.current = item.id;
                  setEditing(undefined);
                };
                return (
                  <li key={item.id} className="item item--editing">
                    <HistoryPanel kind={kind} id={item.id} label={label} />
                    <ItemForm
                      kind={kind}
                      blocks={blocks}
                      idPrefix={`${id}-e-${item.id}`}
                      stored={item}
                      label={`Edit ${label}`}
                      submit={busy ? 'Saving...' : 'Save'}
                      busy={busy}
                      onDirty={setEditDirty}
                      onSave={async (value) => {
                        const result = await change({ intent: 'update', id: item.id, value }, `Saved ${nameOf(value) || `the ${noun}`}.`);
                        if (result.ok) close();
                        return result;
                      }}
                    >
                      <button type="button" className="button button--secondary" onClick={close}>
                        Cancel
                      </button>
                    </ItemForm>
                  </li>
                );
              }
              return (
                <li
                  key={item.id}
                  className="item"
                  draggable
                  onDragStart={(e) => {
                    dragged.current = item.id;
                    e.dataTransfer.effectAllowed = 'move';
                    e.dataTransfer.setData('text/plain', item.id);
                  }}
                  onDragOver={(e) => {
                    e.preventDefault();
                    e.dataTransfer.dropEffect = 'move';
                  }}
                  onDrop={(e) => {
                    e.preventDefault();
                    const from = dragged.current ?? e.dataTransfer.getData('text/plain');
                    dragged.current = undefined;
                    if (from) void move(from, index);
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
                    <span className="item__meta">
                      {metaKeys
                        .map((key) => metaText(key, item[key]))
                        .filter(Boolean)
                        .join(' · ')}
                    </span>
                    {options.pageOf?.(item) && (
                      <a className="item__page" href={options.pageOf(item)!.href} target="_blank" rel="noopener">
                        {options.pageOf(item)!.label}
                        <span className="sr-only">: {label} (opens in a new tab)</span>
                      </a>
                    )}
                  </div>
                  {confirming === item.id ? (
                    <ConfirmRemove
                      groupLabel={`Confirm removing ${label}`}
                      question={`Remove “${label}”?`}
                      yes="Yes, remove"
                      cancel="Cancel"
                      busy={busy}
                      onYes={async () => {
                        setConfirming(undefined);
                        await change({ intent: 'remove', id: item.id }, `Removed ${label}.`);
                      }}
                      onCancel={() => setConfirming(undefined)}
                    />
                  ) : (
                    <div className="actions">
                      <button
                        type="button"
                        className="button button--small"
                        aria-label={`Move ${label} up`}
                        disabled={busy || index === 0}
                        onClick={() => move(item.id, index - 1)}
                      >
                        ↑
                      </button>
                      <button
                        type="button"
                        className="button button--small"
                        aria-label={`Move ${label} down`}
                        disabled={busy || index === items.length - 1}
                        onClick={() => move(item.id, index + 1)}
                      >
                        ↓
                      </button>
                      <button
                        type="button"
                        id={`${id}-edit-${item.id}`}
                        className="button button--small"
                        aria-label={`Edit ${label}`}
                        onClick={() => setEditing(item.id)}
                      >
                        Edit
                      </button>
                      <button type="button" className="button button--small" aria-label={`Remove ${label}`} onClick={() => setConfirming(item.id)}>
                        Remove
                      </button>
                    </div>
                  )}
                </li>
              );
            })}
          </ol>
        )}
      </section>
      <RemovedItems
        id={id}
        title="Recently removed"
        items={removed}
        nameOf={(item) => nameOf(item.value as Value) || `Untitled ${noun}`}
        removedAt={(when) => `Removed ${when}`}
        restore="Restore"
        restoreLabel={(name) => `Restore ${name}`}
        busy={busy}
        onRestore={restoreRemoved}
      />
      <section aria-labelledby={`${id}-add`}>
        <h2 id={`${id}-add`}>Add a {noun}</h2>
        <ItemForm
          kind={kind}
          blocks={blocks}
          idPrefix={`${id}-new`}
          stored={options.newItem}
          submit={busy ? 'Saving...' : `Add ${noun}`}
          busy={busy}
          clearOnSave
          onDirty={setAddDirty}
          onSave={(value) => change({ intent: 'add', value }, `Added ${nameOf(value) || `a ${noun}`}.`)}
        />
      </section>
      <UnsavedGuard dirty={addDirty || editDirty} />
    </>
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
  onDirty(dirty: boolean): void;
  onSave(value: Value): Promise<ActionResult>;
  children?: ReactNode;
}) {
  const { kind, onDirty } = props;
  const [initial] = useState(() => toForm(kind, props.stored).values);
  // An empty number in a list item is saved as 0, its empty value (what the API stores for a field left out).
  const form = useForm<FormValues, unknown, Value>({ defaultValues: initial, resolver: kindResolver(kind, 0) });
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

  const save = async (value: Value) => {
    const result = await props.onSave(value);
    if (result.ok) {
      typedSlug.current = false;
      if (props.clearOnSave) form.reset(initial);
    } else if (result.field && result.field.split('.')[0]! in kind.fields) {
      form.setError(result.field, { type: 'server', message: ownMessage(result.message, result.field) }, { shouldFocus: true });
    }
  };

  const submit = (
    <button type="submit" className="button button--primary" disabled={props.busy}>
      {props.submit}
    </button>
  );
  return (
    <form className="form" noValidate onSubmit={form.handleSubmit(save)} aria-label={props.label}>
      <KindFields blocks={props.blocks} idPrefix={props.idPrefix} register={form.register} errors={form.formState.errors} onPaste={pasteLink} />
      {props.children ? (
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
