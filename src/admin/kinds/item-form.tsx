/**
 * The item's form (an item's editor, and the form that adds one): its fields from the declaration, the slug that
 * follows the title while adding, a link pasted into the wrong platform's box moved to its own, and for a kind with
 * drafts its Save as draft / Publish / Unpublish buttons with the note that says what Publish will do.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useForm, useWatch, type Control } from 'react-hook-form';
import { hostAllowed, httpsHost, slugify } from '../../content/fields/checks';
import type { Kind, ListKind } from '../../content/fields/declare';
import { slugFields } from '../../content/fields/slugs';
import { fill } from '../media/words';
import { ADMIN_WORDS as W } from '../words';
import { KindFields } from './fields';
import { kindResolver, ownMessage, say, toForm, type Block, type FormValues, type Input, type Value } from './form-model';
import type { KindOptions } from './options';
import { draftsOf, publishState, stateNote, type Drafts } from './publishing';
import { wallTime } from './summaries';
import type { ActionResult } from './use-route-action';

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
      {/* Save (or Publish) held within reach on a phone (admin.css .form__bar); Cancel and Remove after it. */}
      <div className="actions form__bar">{submit}</div>
      {props.children && <div className="actions">{props.children}</div>}
    </form>
  );
}

/**
 * A form opened by its button (a list's Add, a service's Add sample): `close()` (Cancel) gives the focus back to the
 * button once the form has gone; `close(false)` leaves it where the list puts it (a new item focused).
 */
export function useFormOpener() {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (open || !refocus.current) return;
    refocus.current = false;
    button.current?.focus();
  }, [open]);
  const close = (focusButton = true) => {
    refocus.current = focusButton;
    setOpen(false);
  };
  return { open, button, show: () => setOpen(true), close };
}

/** Whether a form edits a stored item (it has an id) that is public now or scheduled. */
const isPublic = (drafts: Drafts, stored: Value | undefined) => Boolean(stored && 'id' in stored && stored[drafts.field] === drafts.published);

/**
 * The buttons of a kind with drafts: Save as draft and Publish for a new item or a draft; Save and Unpublish for a
 * published one. The first is what Enter in a field does: never Publish (nothing goes public unless chosen).
 */
function PublishButtons(props: { drafts: Drafts; stored: Value | undefined; busy: boolean }) {
  const buttons = isPublic(props.drafts, props.stored)
    ? ([
        ['keep', 'primary', W.saveChanges],
        ['draft', 'secondary', W.unpublish],
      ] as const)
    : ([
        ['draft', 'secondary', W.saveDraft],
        ['publish', 'primary', W.publish],
      ] as const);
  return (
    <>
      {buttons.map(([value, look, word]) => (
        <button key={value} type="submit" name="publishing" value={value} className={`button button--${look}`} disabled={props.busy}>
          {say(word)}
        </button>
      ))}
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
