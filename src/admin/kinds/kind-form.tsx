/** The form of a singleton (settings, stats), made from its declaration and saved through the route's action. */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useLoaderData, useLocation } from 'react-router';
import { BackendError, type ContentKindName } from '../../content/backend';
import type { SingletonKind } from '../../content/fields/declare';
import type { MediaItem } from '../../content/model';
import { SaveButton } from '../save-button';
import { UnsavedGuard } from '../use-unsaved-guard';
import { useSaveStatus } from '../use-save-status';
import { KindFields } from './fields';
import { blocksOf, kindResolver, LANGUAGE_NAMES, ownMessage, say, toForm, valueAt, wordsOf, type FormValues, type Input, type Value } from './form-model';
import type { KindOptions } from './options';
import { useRouteAction } from './use-route-action';
import { useBackend } from '../auth';
import { HistoryPanel, undoTo, useUndo } from './history';
import { Notice } from './list-parts';
import { fill } from '../media/words';
import { adminLanguage } from '../language';
import { ADMIN_WORDS as W } from '../words';
import { PageTabs } from './page-tabs';
import { PRESS_PAGE_PATHS } from '../../content/press-paths';

/** A language's name inside a sentence: Romanian writes it in lower case („în engleză”). */
const inSentence = (name: string) => (adminLanguage() === 'ro' ? name.toLocaleLowerCase('ro') : name);

/** `media`: the library, for a form with an image field. */
export type SingletonData = { value: Value | undefined; media?: MediaItem[]; refs?: Record<string, Value[]> } | { error: string };
export type SingletonPayload = { value: Value };

export function KindForm(props: { kind: SingletonKind; options?: KindOptions }) {
  const data = useLoaderData() as SingletonData;
  const title = say(wordsOf(props.kind).label);
  return (
    <>
      <h1>{title}</h1>
      <PageTabs kind={props.kind} />
      {'error' in data ? <p role="alert">{data.error}</p> : <SingletonForm {...props} stored={data.value} title={title} />}
    </>
  );
}

function SingletonForm({ kind, options = {}, stored, title }: { kind: SingletonKind; options?: KindOptions; stored: Value | undefined; title: string }) {
  const backend = useBackend();
  const { offer, offerUndo } = useUndo();
  /** The message box after a save (its Undo, the site's page); counted, so that a second save shows it again. */
  const [saves, setSaves] = useState(0);
  const id = useId();
  const blocks = useMemo(() => blocksOf(kind), [kind]);
  // Read again after every save (the route's loader), so what shows is what was stored.
  const loaded = useMemo(() => toForm(kind, stored, options.defaults), [kind, stored, options.defaults]);
  const form = useForm<FormValues, unknown, Value>({ defaultValues: loaded.values, resolver: kindResolver(kind, options.emptyNumber) });
  const shown = useRef(loaded);
  useEffect(() => {
    if (shown.current === loaded) return;
    shown.current = loaded;
    form.reset(loaded.values);
  }, [loaded, form]);
  const { status, run, saving } = useSaveStatus();
  const { call } = useRouteAction<SingletonPayload>();
  // A link to a field (`/admin/settings#email`, the dashboard's checklist): the page opens at it, focused.
  const { hash } = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const name = decodeURIComponent(hash.slice(1));
    const named = name ? formRef.current?.elements.namedItem(name) : null;
    // A group of boxes under one name: its first.
    let field = named instanceof RadioNodeList ? named[0] : named;
    // A picture's field keeps its value in a hidden input beside its radios (media/image-picker.tsx): the radio chosen.
    if (field instanceof HTMLInputElement && field.type === 'hidden') {
      const group = field.closest('fieldset');
      field = group?.querySelector<HTMLInputElement>('input[type="radio"]:checked') ?? group?.querySelector<HTMLInputElement>('input[type="radio"]') ?? field;
    }
    if (!(field instanceof HTMLElement)) return;
    field.focus({ preventScroll: true });
    field.scrollIntoView?.({ block: 'center' });
  }, [hash]);
  const values = useWatch({ control: form.control });
  const text = (name: string) => String(valueAt(values, name) ?? '');

  const hints = (input: Input): string[] => {
    if (options.missingTranslation && input.language) {
      const others = blocks.find((b) => b.inputs.includes(input))!.inputs.filter((i) => i !== input);
      if (text(input.name).trim() === '' && others.some((o) => text(o.name).trim() !== '')) {
        return [fill(say(W.translationMissing), { language: inSentence(LANGUAGE_NAMES[input.language]) })];
      }
    }
    // A default still untouched says so: saving will store it as the admin's own.
    if (loaded.defaulted.has(input.name) && text(input.name) === options.defaults?.[input.name]) return [say(W.defaultHint)];
    if (input.field.type === 'wholeNumber' && options.emptyNumber !== undefined) return [fill(say(W.emptySavedAs), { n: options.emptyNumber })];
    return [];
  };

  const save = async (value: Value) => {
    offerUndo(undefined);
    const saved = await run(async () => {
      const result = await call({ value });
      if (result.ok) return;
      if (result.field) form.setError(result.field, { type: 'server', message: ownMessage(result.message, result.field) }, { shouldFocus: true });
      throw new BackendError(result.message);
    });
    if (saved) setSaves((n) => n + 1);
    // Undo restores the version this save replaced (none for a first save).
    if (saved) offerUndo(await undoTo(backend, kind.name as ContentKindName, undefined, fill(say(W.theSaveOf), { title }), (entries) => entries[1]));
  };

  return (
    <>
      <Notice
        message={saves ? fill(say(W.savedPage), { title }) : ''}
        serial={saves}
        view={
          kind.page === 'press'
            ? { href: PRESS_PAGE_PATHS[adminLanguage()], label: say(W.viewPressPage) }
            : { href: `/${adminLanguage()}/`, label: say(W.viewSite) }
        }
        offer={offer}
        onUndoDone={() => offerUndo(undefined)}
        quiet
      />
      {/* At the top, folded, as an item's history is in its editor: reached without scrolling past the whole form. */}
      <HistoryPanel kind={kind} label={title} />
      <form ref={formRef} className={blocks.some((b) => b.group) ? 'form form--wide' : 'form'} noValidate onSubmit={form.handleSubmit(save)}>
        <KindFields blocks={blocks} idPrefix={id} register={form.register} errors={form.formState.errors} hints={hints} help={options.help} />
        <SaveButton status={status} disabled={saving} />
      </form>
      <UnsavedGuard dirty={form.formState.isDirty} />
    </>
  );
}
