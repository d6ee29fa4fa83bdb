import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { errorMessage } from '../use-save-status';

type Input = Record<string, string>;
type Item<I extends Input> = I & { id: string };

export interface FieldSpec<I extends Input> {
  key: keyof I & string;
  label: string;
  type?: 'url';
}

export interface ListEditorProps<I extends Input> {
  title: string;
  /** "release", "collaborator": used in button names and announcements. */
  noun: string;
  fields: FieldSpec<I>[];
  schema: z.ZodType<I>;
  /** The text that names an item to a person (its title or name). */
  name(item: I): string;
  /** What an empty list means for visitors, when the public page shows something else then. */
  emptyNote?: string;
  list(): Promise<Item<I>[]>;
  add(input: I): Promise<unknown>;
  update(id: string, input: I): Promise<void>;
  remove(id: string): Promise<void>;
  reorder(ids: string[]): Promise<void>;
}

const blank = <I extends Input>(fields: FieldSpec<I>[]) => Object.fromEntries(fields.map((f) => [f.key, ''])) as I;

function fieldErrors<I extends Input>(schema: z.ZodType<I>, value: I): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

/**
 * List, add, edit in place, remove (with confirmation) and reorder (drag and drop, or Move up / Move down
 * from the keyboard). The list is read again from the backend after every change.
 */
export function ListEditor<I extends Input>(props: ListEditorProps<I>) {
  const { list, fields, schema, noun } = props;
  const id = useId();
  const [items, setItems] = useState<Item<I>[] | undefined>();
  const [draft, setDraft] = useState<I>(() => blank(fields));
  const [draftErrors, setDraftErrors] = useState<Record<string, string>>({});
  const [editing, setEditing] = useState<{ id: string; value: I; errors: Record<string, string> } | undefined>();
  const [confirming, setConfirming] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [announcement, setAnnouncement] = useState('');
  const dragged = useRef<string | undefined>(undefined);
  /** After an edit is saved or cancelled, focus goes back to that item's Edit button. */
  const returnFocus = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (editing || !returnFocus.current) return;
    document.getElementById(`${id}-edit-${returnFocus.current}`)?.focus();
    returnFocus.current = undefined;
  });

  const refresh = useCallback(async () => {
    try {
      setItems(await list());
    } catch (caught) {
      setError(errorMessage(caught, `The ${noun}s could not be loaded.`));
    }
  }, [list, noun]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  /** Runs a change, shows its error if any, and always relists. */
  const change = async (action: () => Promise<unknown>, done: string): Promise<boolean> => {
    setBusy(true);
    setError('');
    let ok = true;
    try {
      await action();
      setAnnouncement(done);
    } catch (caught) {
      ok = false;
      setError(errorMessage(caught, 'Save failed'));
    }
    await refresh();
    setBusy(false);
    return ok;
  };

  const add = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const errors = fieldErrors(schema, draft);
    setDraftErrors(errors);
    if (Object.keys(errors).length) return;
    const entered = draft;
    if (await change(() => props.add(entered), `Added ${props.name(entered) || `a ${noun}`}.`)) setDraft(blank(fields));
  };

  const saveEdit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!editing) return;
    const errors = fieldErrors(schema, editing.value);
    if (Object.keys(errors).length) {
      setEditing({ ...editing, errors });
      return;
    }
    if (await change(() => props.update(editing.id, editing.value), `Saved ${props.name(editing.value) || `the ${noun}`}.`)) {
      returnFocus.current = editing.id;
      setEditing(undefined);
    }
  };

  const move = async (itemId: string, to: number) => {
    if (!items) return;
    const from = items.findIndex((item) => item.id === itemId);
    if (from < 0 || to < 0 || to >= items.length || from === to) return;
    const next = [...items];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    setItems(next);
    await change(
      () => props.reorder(next.map((item) => item.id)),
      `Moved ${props.name(moved!) || `the ${noun}`} to position ${to + 1} of ${next.length}.`,
    );
  };

  const inputs = (value: I, errors: Record<string, string>, prefix: string, onChange: (value: I) => void) =>
    fields.map((field) => {
      const inputId = `${prefix}-${field.key}`;
      const err = errors[field.key];
      return (
        <div className="field" key={field.key}>
          <label htmlFor={inputId}>{field.label}</label>
          <input
            id={inputId}
            type={field.type ?? 'text'}
            inputMode={field.type === 'url' ? 'url' : undefined}
            placeholder={field.type === 'url' ? 'https://' : undefined}
            value={value[field.key]}
            aria-invalid={Boolean(err)}
            aria-describedby={err ? `${inputId}-error` : undefined}
            onChange={(e) => onChange({ ...value, [field.key]: e.target.value })}
          />
          {err && (
            <p id={`${inputId}-error`} className="form-error">
              {field.label} {err}.
            </p>
          )}
        </div>
      );
    });

  return (
    <>
      <h1>{props.title}</h1>
      <p className="sr-only" role="status" aria-live="polite">
        {announcement}
      </p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <section aria-labelledby={`${id}-list`}>
        <h2 id={`${id}-list`}>Current {noun}s</h2>
        {items === undefined ? (
          <p role="status">Loading…</p>
        ) : items.length === 0 ? (
          <p>
            No {noun}s yet.{props.emptyNote && ` ${props.emptyNote}`}
          </p>
        ) : (
          <ol className="items">
            {items.map((item, index) => {
              const label = props.name(item) || `Untitled ${noun}`;
              if (editing?.id === item.id) {
                return (
                  <li key={item.id} className="item item--editing">
                    <form className="form" noValidate onSubmit={saveEdit} aria-label={`Edit ${label}`}>
                      {inputs(editing.value, editing.errors, `${id}-e-${item.id}`, (value) => setEditing({ ...editing, value }))}
                      <div className="actions">
                        <button type="submit" className="button button--primary" disabled={busy}>
                          {busy ? 'Saving...' : 'Save'}
                        </button>
                        <button
                          type="button"
                          className="button button--secondary"
                          onClick={() => {
                            returnFocus.current = item.id;
                            setEditing(undefined);
                          }}
                        >
                          Cancel
                        </button>
                      </div>
                    </form>
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
                  <div className="item__text">
                    <span className="item__title">{label}</span>
                    {fields.slice(1).map((f) => (
                      <span key={f.key} className="item__meta">
                        {item[f.key]}
                      </span>
                    ))}
                  </div>
                  {confirming === item.id ? (
                    <div className="actions" role="group" aria-label={`Confirm removing ${label}`}>
                      <span>Remove “{label}”?</span>
                      <button
                        type="button"
                        className="button button--danger"
                        autoFocus
                        disabled={busy}
                        onClick={async () => {
                          setConfirming(undefined);
                          await change(() => props.remove(item.id), `Removed ${label}.`);
                        }}
                      >
                        Yes, remove
                      </button>
                      <button type="button" className="button button--secondary" onClick={() => setConfirming(undefined)}>
                        Cancel
                      </button>
                    </div>
                  ) : (
                    <div className="actions">
                      <button type="button" className="button button--small" aria-label={`Move ${label} up`} disabled={busy || index === 0} onClick={() => move(item.id, index - 1)}>
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
                        onClick={() => setEditing({ id: item.id, value: pick(item, fields), errors: {} })}
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
      <section aria-labelledby={`${id}-add`}>
        <h2 id={`${id}-add`}>Add a {noun}</h2>
        <form className="form" noValidate onSubmit={add}>
          {inputs(draft, draftErrors, `${id}-new`, setDraft)}
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? 'Saving...' : `Add ${noun}`}
          </button>
        </form>
      </section>
    </>
  );
}

function pick<I extends Input>(item: Item<I>, fields: FieldSpec<I>[]): I {
  return Object.fromEntries(fields.map((f) => [f.key, item[f.key] ?? ''])) as unknown as I;
}
