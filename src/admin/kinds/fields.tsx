/** The inputs of a kind, from its declaration: one per field type, a fieldset per language pair and link group. */
import { get, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { useLoaderData } from 'react-router';
import { KINDS } from '../../content/kinds';
import type { FieldDecl, ItemRefDecl, Kind } from '../../content/fields/declare';
import { AudioPicker } from '../media/audio-picker';
import { ImagePicker } from '../media/image-picker';
import { fill } from '../media/words';
import { ADMIN_WORDS } from '../words';
import { say, type Block, type FormValues, type Input, type Item, type Value } from './form-model';
import { refLabel, refOffered } from './options';
import { CountrySelect, TimeZoneInput, ZonedDateTime } from './zone-fields';
import { siteConfig } from '../../../site.config';

export interface FieldsProps {
  blocks: Block[];
  /** Makes the ids of this form's inputs unique on the page. */
  idPrefix: string;
  register: UseFormRegister<FormValues>;
  errors: FieldErrors<FormValues>;
  /** Hints of one input, shown under its label and read with it (a default, a missing translation). */
  hints?(input: Input): string[];
  /** A field's help, by field name, instead of the declaration's. */
  help?: Readonly<Record<string, string>>;
  /** Text pasted into an input; true when it was put elsewhere (a link moved to its platform's box). */
  onPaste?(input: Input, text: string): boolean;
}

const inputId = (idPrefix: string, name: string) => `${idPrefix}-${name.replace(/\./g, '-')}`;

export function KindFields(props: FieldsProps) {
  const { blocks, idPrefix } = props;
  return blocks.map((block) => {
    const help = props.help?.[block.name] ?? block.help;
    if (!block.group) return <Field key={block.name} {...props} input={block.inputs[0]!} extra={help ? [help] : []} />;
    const helpId = `${inputId(idPrefix, block.name)}-help`;
    return (
      <fieldset key={block.name} className={block.group === 'pair' ? 'pair' : 'group'} aria-describedby={help ? helpId : undefined}>
        {/* A link group says what every link in it accepts. */}
        <legend>{block.group === 'links' ? fill(say(ADMIN_WORDS.linksOnly), { label: block.label }) : block.label}</legend>
        {help && (
          <p id={helpId} className="field__hint">
            {help}
          </p>
        )}
        {block.inputs.map((input) => (
          <Field key={input.name} {...props} input={input} extra={[]} />
        ))}
      </fieldset>
    );
  });
}

function Field(props: FieldsProps & { input: Input; extra: string[] }) {
  const { input, idPrefix } = props;
  const id = inputId(idPrefix, input.name);
  const error = (get(props.errors, input.name) as { message?: string } | undefined)?.message;
  const hints = [...props.extra, ...(props.hints?.(input) ?? [])];
  const describedBy = [...hints.map((_, i) => `${id}-hint${i}`), error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  if (input.field.type === 'image') {
    // A group of radios (the library's pictures) with its search and Upload new: a fieldset named by the field.
    return (
      <fieldset className="field picker-field" aria-describedby={describedBy}>
        <legend>{input.label}</legend>
        {hints.map((hint, i) => (
          <p key={i} id={`${id}-hint${i}`} className="field__hint">
            {hint}
          </p>
        ))}
        <ImagePicker {...props.register(input.name)} id={id} aria-invalid={Boolean(error)} aria-describedby={describedBy} />
        {error && (
          <p id={`${id}-error`} className="form-error">
            {input.errorName} {error}.
          </p>
        )}
      </fieldset>
    );
  }
  if (input.field.type === 'choices') {
    // Several checkboxes: a fieldset named by the field, each box by its option.
    return (
      <fieldset className="field choices" id={id} aria-describedby={describedBy}>
        <legend>{input.label}</legend>
        {hints.map((hint, i) => (
          <p key={i} id={`${id}-hint${i}`} className="field__hint">
            {hint}
          </p>
        ))}
        {(input.options ?? []).map((o) => (
          <label key={o.value} className="choices__option">
            <input {...props.register(input.name)} type="checkbox" value={o.value} aria-invalid={Boolean(error)} /> {o.label}
          </label>
        ))}
        {error && (
          <p id={`${id}-error`} className="form-error">
            {input.subject} {error}.
          </p>
        )}
      </fieldset>
    );
  }
  return (
    <div className="field">
      <label htmlFor={id}>{input.label}</label>
      {hints.map((hint, i) => (
        <p key={i} id={`${id}-hint${i}`} className="field__hint">
          {hint}
        </p>
      ))}
      <Control
        field={input.field}
        options={input.options}
        onPaste={(event: React.ClipboardEvent) => {
          if (props.onPaste?.(input, event.clipboardData.getData('text'))) event.preventDefault();
        }}
        {...props.register(input.name)}
        id={id}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy}
      />
      {error && (
        <p id={`${id}-error`} className="form-error">
          {input.subject} {error}.
        </p>
      )}
    </div>
  );
}

type ControlProps = ReturnType<UseFormRegister<FormValues>> & {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
  /** A choice's options with their labels. */
  options?: Input['options'];
  onPaste?(event: React.ClipboardEvent): void;
};

/** One entry per field type: a new type fails to compile until it has its input. */
const CONTROLS: { [T in FieldDecl['type']]: (field: FieldDecl & { type: T }, props: ControlProps) => React.ReactNode } = {
  text: (_, props) => <input {...props} />,
  longText: (_, props) => <textarea {...props} rows={4} />,
  link: (_, props) => <input {...props} type="url" inputMode="url" placeholder="https://" />,
  links: (_, props) => <input {...props} type="url" inputMode="url" placeholder="https://" />,
  email: (_, props) => <input {...props} type="email" autoComplete="email" />,
  wholeNumber: (field, props) => <input {...props} type="number" min={field.min} max={field.max} step={1} inputMode="numeric" />,
  decimal: (field, props) => <input {...props} type="number" min={field.min} max={field.max} step="any" inputMode="decimal" />,
  fileSource: (_, props) => <input {...props} type="url" inputMode="url" placeholder="https://" />,
  // Made by the backend from the audio: shown, never edited.
  waveform: (_, props) => <input {...props} readOnly />,
  // One checkbox per option, all under the field's name: the form holds the ticked ones as a list. Field lays them
  // out in a fieldset of their own (a group of boxes has no single <label>); this is its boxes alone.
  choices: (field, { options, id, ...props }) =>
    (options ?? field.options.map((value) => ({ value, label: value }))).map((o) => (
      <label key={o.value} className="choices__option">
        <input {...props} id={`${id}-${o.value}`} type="checkbox" value={o.value} /> {o.label}
      </label>
    )),
  image: (_, props) => <ImagePicker {...props} />,
  imageSource: (_, props) => <input {...props} type="url" inputMode="url" placeholder="https://" />,
  placeholder: (_, props) => <input {...props} readOnly />,
  choice: (field, { options, ...props }) => (
    <select {...props}>
      {(options ?? field.options.map((value) => ({ value, label: value }))).map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  ),
  // The stored form (YYYY-MM-DDTHH:mm) is the input's own value format; on an item's own clock, ./zone-fields.tsx.
  dateTime: (field, props) => (field.zoneField ? <ZonedDateTime field={field} {...props} /> : <input {...props} type="datetime-local" />),
  timeZone: (_, props) => <TimeZoneInput zone={siteConfig.artist.timeZone} {...props} />,
  country: (_, props) => <CountrySelect {...props} />,
  slug: (field, props) => <input {...props} maxLength={field.max} autoCapitalize="none" autoComplete="off" spellCheck={false} />,
  // The audio library's: newest first, with Upload new beside it (../media/audio-picker.tsx).
  itemRef: (field, { options: _options, onPaste: _onPaste, ...props }) =>
    field.list === 'audio' ? <AudioPicker {...props} /> : <ItemRefSelect field={field} {...props} />,
  day: (_, props) => <input {...props} type="date" />,
  // Set by the backend when the item arrives (a booking's receivedAt): shown, never edited.
  instant: (_, props) => <input {...props} readOnly />,
};

function Control({ field, ...props }: ControlProps & { field: FieldDecl }) {
  return (CONTROLS[field.type] as (f: FieldDecl, p: ControlProps) => React.ReactNode)(field, props);
}

/** Another list's item, chosen by its name as that list reads it ("mix-final.wav · 3:12 · Ready"), or none. */
function ItemRefSelect({ field, options: _options, ...props }: ControlProps & { field: ItemRefDecl }) {
  const data = useLoaderData() as { refs?: Record<string, Value[]>; value?: Value } | undefined;
  const kind = KINDS.find((k) => k.name === field.list) as Kind | undefined;
  // Only the items this field takes (the rider: PDFs; the SVG logo: SVGs), and a singleton's stored one whatever it is.
  const stored = data?.value?.[props.name];
  const items = ((data?.refs?.[field.list] ?? []) as Item[]).filter((item) => item.id === stored || refOffered(field.list, props.name, item));
  return (
    <select {...props}>
      <option value="">{say(ADMIN_WORDS.noneChosen)}</option>
      {items.map((item) => (
        <option key={item.id} value={item.id}>
          {refLabel(field.list, kind, item)}
        </option>
      ))}
    </select>
  );
}
