/**
 * The control of an `image` field (a release's cover, the portrait, a show's poster): the library's images as a
 * radio group of thumbnails with their names, newest first, None first of all, found by name; "Upload new" beside
 * it uploads a file in place (the form keeps what was typed) and chooses it once the server has made it; a chosen
 * picture without a description asks for one, with the words the site says meanwhile offered (decision 0049).
 *
 * The form's value is a hidden input registered with react-hook-form: a choice writes it and sends its change
 * event, and a reset of the form (the add form after saving) shows in the radios on the next render.
 */
import { useEffect, useId, useMemo, useRef, useState, type ChangeEvent } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useRevalidator } from 'react-router';
import { BackendError } from '../../content/backend';
import { defaultAlt } from '../../content/default-alt';
import { KINDS } from '../../content/kinds';
import { LANGUAGES, type Language, type MediaItem } from '../../content/model';
import { useBackend } from '../auth';
import { say } from '../kinds/form-model';
import { plural } from '../kinds/summaries';
import { adminLanguage } from '../language';
import { errorMessage } from '../use-save-status';
import { imageName, languagesInWords, missingAlt, missingAltNote, Thumb, useMediaLibrary } from './library';
import { plain } from '../kinds/list-filter';
import { ACCEPT_IMAGES, uploadFile } from './upload';
import { fill, MEDIA_WORDS as W } from './words';

type Props = UseFormRegisterReturn & { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined };

/** Which kind an image field belongs to, by its name (cover: a release's or a credit's; poster: a show's …). */
const ownerOf = (field: string) => KINDS.find((k) => (k.fields as Record<string, { type: string } | undefined>)[field]?.type === 'image')?.name ?? 'releases';

/** The form's current values as text (its title, venue, name), read from the form the field is in. */
function formValues(input: HTMLInputElement | null): Record<string, string> {
  const form = input?.form;
  if (!form) return {};
  return Object.fromEntries([...new FormData(form)].map(([key, value]) => [key, String(value)]));
}

/** The images newest first (an upload is added at the end of the library), with those uploaded here before them. */
export function newestFirst(library: readonly MediaItem[], mine: readonly MediaItem[]): MediaItem[] {
  const byId = new Map(mine.map((item) => [item.id, item]));
  const stored = library.map((item) => byId.get(item.id) ?? item);
  const added = mine.filter((item) => !library.some((l) => l.id === item.id));
  return [...stored, ...added].reverse();
}

/** The images whose name has `query` in it, whatever the case and diacritics. */
export const findByName = (items: readonly MediaItem[], query: string): MediaItem[] =>
  query.trim() ? items.filter((item) => plain(imageName(item)).includes(plain(query.trim()))) : [...items];

export type UploadState =
  { state: 'uploading' | 'processing'; name: string; loaded: number; total: number } | { state: 'failed'; name: string; message: string };

/** Inside the field's fieldset (./fields.tsx), whose legend names the group of radios. */
export function ImagePicker({ ref, onChange, name, id }: Props) {
  const backend = useBackend();
  const library = useMediaLibrary();
  // Uploaded or described here: shown at once, whatever the page's loader read.
  const [mine, setMine] = useState<MediaItem[]>([]);
  const items = useMemo(() => newestFirst(library ?? [], mine), [library, mine]);
  const [query, setQuery] = useState('');
  const shown = useMemo(() => findByName(items, query), [items, query]);
  const hidden = useRef<HTMLInputElement | null>(null);
  // The chosen id, for the radios: react-hook-form keeps the value in the hidden input.
  const [chosen, setChosen] = useState('');
  const [upload, setUpload] = useState<UploadState | undefined>();
  const [announcement, setAnnouncement] = useState('');
  const [later, setLater] = useState<ReadonlySet<string>>(() => new Set());
  const controller = useRef<AbortController | undefined>(undefined);
  useEffect(() => () => controller.current?.abort(), []);
  const own = useId();
  const item = items.find((i) => i.id === chosen);
  const note = item ? missingAltNote(item) : undefined;
  const canUpload = Boolean(backend.uploadMedia || backend.uploadImage);
  const hint = items.length === 0 ? say(W.pickerEmpty) : undefined;

  const choose = (value: string) => {
    const input = hidden.current;
    if (!input) return;
    input.value = value;
    setChosen(value);
    void onChange({ target: input, type: 'change' });
  };

  const uploadNew = async (file: File | undefined) => {
    if (!file) return;
    controller.current?.abort();
    const signal = (controller.current = new AbortController()).signal;
    setUpload({ state: 'uploading', name: file.name, loaded: 0, total: file.size });
    try {
      const made = await uploadFile(backend, file, {
        signal,
        onProgress: (loaded, total) => setUpload({ state: loaded >= total ? 'processing' : 'uploading', name: file.name, loaded, total }),
      });
      if (made.kind !== 'image') throw new BackendError(say(made.kind === 'document' ? W.documentNotImage : W.notAnImage), 'unsupported-type', 'file');
      setUpload(undefined);
      setMine((list) => [...list, made.item]);
      setQuery('');
      choose(made.item.id);
      setAnnouncement(fill(say(W.uploadedChosen), { name: file.name }));
    } catch (caught) {
      if (caught instanceof BackendError && caught.code === 'aborted') setUpload(undefined);
      else setUpload({ state: 'failed', name: file.name, message: errorMessage(caught, say(W.saveFailed)) });
    }
  };

  return (
    <div className="picker">
      <input
        type="hidden"
        id={id}
        name={name}
        ref={(el) => {
          ref(el);
          hidden.current = el;
          // The stored value, and again after a reset of the form.
          if (el && el.value !== chosen) setChosen(el.value);
        }}
      />
      <p className="sr-only" role="status" aria-live="polite">
        {announcement}
      </p>
      <div className="picker__tools">
        {items.length > 0 && <FindByName id={`${own}-find`} query={query} onChange={setQuery} describedBy={`${own}-count`} />}
        {canUpload && <UploadNew id={`${own}-file`} label={say(W.uploadNew)} accept={ACCEPT_IMAGES} helpId={`${own}-upload-help`} onFile={uploadNew} />}
      </div>
      {canUpload && (
        <p id={`${own}-upload-help`} className="field__hint">
          {say(W.uploadNewHelp)}
        </p>
      )}
      {upload && <UploadLine upload={upload} onCancel={() => controller.current?.abort()} onDismiss={() => setUpload(undefined)} />}
      {hint && (
        <p id={`${own}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {items.length > 0 && (
        <p id={`${own}-count`} className="field__hint">
          {shown.length === 0 ? say(W.noMatch) : plural(W.newestFirst, items.length)}
        </p>
      )}
      <ul className="picker__options">
        <li>
          <label className="picker__option picker__option--none">
            <input type="radio" name={`${own}-choice`} value="" checked={chosen === ''} onChange={() => choose('')} />
            <span className="picker__none" aria-hidden="true" />
            <span className="picker__name">{say(W.none)}</span>
          </label>
        </li>
        {shown.map((image) => (
          <li key={image.id}>
            <label className="picker__option">
              <input type="radio" name={`${own}-choice`} value={image.id} checked={chosen === image.id} onChange={() => choose(image.id)} />
              <Thumb item={image} />
              <span className="picker__name">{imageName(image)}</span>
            </label>
          </li>
        ))}
      </ul>
      {item && note && !later.has(item.id) && (
        <Describe
          key={item.id}
          item={item}
          field={name}
          values={() => formValues(hidden.current)}
          onSaved={(described) => {
            setMine((list) => [...list.filter((i) => i.id !== described.id), described]);
            setAnnouncement(say(W.descriptionSaved));
          }}
          onLater={() => setLater((set) => new Set(set).add(item.id))}
        />
      )}
    </div>
  );
}

/** A picker's Find by name: Enter finds, it never sends the form around the picker. */
export function FindByName(props: { id: string; query: string; onChange(query: string): void; describedBy?: string; controls?: string }) {
  return (
    <span className="picker__find">
      <label htmlFor={props.id}>{say(W.findByName)}</label>
      <input
        id={props.id}
        type="search"
        value={props.query}
        autoComplete="off"
        aria-describedby={props.describedBy}
        aria-controls={props.controls}
        onChange={(e) => props.onChange(e.target.value)}
        onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
      />
    </span>
  );
}

/** A picker's Upload new: a label styled as a button for the file input beside it (the input chosen again is read again). */
export function UploadNew(props: { id: string; label: string; accept: string; helpId: string; onFile(file: File | undefined): void }) {
  return (
    <span className="picker__upload">
      <label htmlFor={props.id} className="button button--secondary button--small">
        {props.label}
      </label>
      <input
        id={props.id}
        className="dropzone__input"
        type="file"
        accept={props.accept}
        aria-describedby={props.helpId}
        onChange={(e: ChangeEvent<HTMLInputElement>) => {
          props.onFile(e.currentTarget.files?.[0]);
          e.currentTarget.value = '';
        }}
      />
    </span>
  );
}

/** A picker's upload under way (its progress, Cancel) or refused (the server's reason, Dismiss). */
export function UploadLine({ upload, onCancel, onDismiss }: { upload: UploadState; onCancel(): void; onDismiss(): void }) {
  const name = upload.name;
  if (upload.state === 'failed') {
    return (
      <div className="upload">
        <span className="item__title">{name}</span>
        <p className="form-error" role="alert">
          {upload.message}
        </p>
        <button type="button" className="button button--small" aria-label={fill(say(W.dismissError), { name })} onClick={onDismiss}>
          {say(W.dismiss)}
        </button>
      </div>
    );
  }
  return (
    <div className="upload">
      <span className="item__title">{name}</span>
      <progress aria-label={fill(say(W.uploading), { name })} max={upload.total || 1} value={upload.state === 'uploading' ? upload.loaded : undefined} />
      <span className="item__meta">{upload.state === 'processing' ? say(W.processing) : `${Math.round((100 * upload.loaded) / (upload.total || 1))}%`}</span>
      {upload.state === 'uploading' && (
        <button type="button" className="button button--small" aria-label={fill(say(W.cancelUpload), { name })} onClick={onCancel}>
          {say(W.cancel)}
        </button>
      )}
    </div>
  );
}

/**
 * Asks for a chosen picture's description in both languages, each offered as the words the site says without one
 * ("Cover of Zori de zi", from the form's own title); saved to the library at once, apart from the form around it.
 */
function Describe(props: { item: MediaItem; field: string; values(): Record<string, string>; onSaved(item: MediaItem): void; onLater(): void }) {
  const { item } = props;
  const backend = useBackend();
  const revalidator = useRevalidator();
  const id = useId();
  const owner = ownerOf(props.field);
  const [drafts, setDrafts] = useState<Record<Language, string>>(() => {
    const values = props.values();
    return Object.fromEntries(
      LANGUAGES.map((lang) => [lang, String(item[`alt_${lang}`] ?? '').trim() || defaultAlt(owner, props.field, values, lang)]),
    ) as Record<Language, string>;
  });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const missing = missingAlt(item);
  const shownAlt = defaultAlt(owner, props.field, props.values(), adminLanguage());
  const save = async () => {
    setBusy(true);
    setError('');
    try {
      const { id: itemId, ...value } = item;
      const described = { ...value, ...Object.fromEntries(LANGUAGES.map((lang) => [`alt_${lang}`, drafts[lang].trim()])) } as typeof value;
      await backend.update('media', itemId, described);
      props.onSaved({ ...described, id: itemId });
      // The list's rows say which pictures lack a description: they read the library again.
      void revalidator.revalidate();
    } catch (caught) {
      setError(errorMessage(caught, say(W.saveFailed)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <fieldset className="describe" aria-describedby={`${id}-help`}>
      <legend>{say(W.describeTitle)}</legend>
      <p id={`${id}-help`} className="field__hint">
        {fill(say(W.notDescribedYet), { languages: languagesInWords(missing) })} {fill(say(W.describeHelp), { alt: shownAlt })}
      </p>
      {LANGUAGES.map((lang) => {
        const language = languagesInWords([lang]);
        return (
          <div key={lang} className="field">
            <label htmlFor={`${id}-${lang}`}>{fill(say(W.describeIn), { language })}</label>
            <input
              id={`${id}-${lang}`}
              lang={lang}
              value={drafts[lang]}
              maxLength={250}
              aria-invalid={missing.includes(lang) && !drafts[lang].trim() ? true : undefined}
              onChange={(e) => setDrafts((d) => ({ ...d, [lang]: e.target.value }))}
              onKeyDown={(e) => {
                // Enter saves the description, not the form around it.
                if (e.key !== 'Enter') return;
                e.preventDefault();
                void save();
              }}
            />
          </div>
        );
      })}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="actions">
        <button
          type="button"
          className="button button--primary button--small"
          disabled={busy || LANGUAGES.some((lang) => !drafts[lang].trim())}
          onClick={() => void save()}
        >
          {say(W.saveDescription)}
        </button>
        <button type="button" className="button button--small" onClick={props.onLater}>
          {say(W.laterDescription)}
        </button>
      </div>
    </fieldset>
  );
}
