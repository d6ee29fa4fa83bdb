/**
 * The admin's controls of a show's place and clock (issue 23; docs/decisions/0033-shows-model.md): a venue's time zone
 * (an input offering every zone the browser knows, the artist's first), its country (a select of names in the admin's
 * language) and a time on the item's own clock (DateTimeDecl.zoneField), labelled with that clock, which asks which of
 * the two is meant when the clock repeats the time. Registered in CONTROLS (./fields.tsx).
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { DateTimeDecl } from '../../content/fields/declare';
import { COUNTRIES, countryName, timeZoneChoices } from '../../content/places';
import { formatOffset, offsetAt, wallTime, zonedInstants } from '../../content/zoned-time';
import { fill } from '../media/words';
import { ADMIN_WORDS as W } from '../words';
import { adminLanguage } from '../language';
import { say } from './form-model';

/** What CONTROLS hands a control (./fields.tsx ControlProps), without what these do not use. */
type Props = UseFormRegisterReturn & {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
  options?: unknown;
  onPaste?(event: React.ClipboardEvent): void;
};

/** A venue's time zone: any IANA name, offered from the browser's list with the artist's first; empty is the artist's. */
export function TimeZoneInput({ zone, options: _options, onPaste: _onPaste, ...props }: Props & { zone: string }) {
  const listId = `${props.id}-zones`;
  const choices = useMemo(() => timeZoneChoices(zone), [zone]);
  return (
    <>
      <input
        {...props}
        list={listId}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        placeholder={fill(say(W.yourZone), { zone })}
        maxLength={64}
      />
      <datalist id={listId}>
        {choices.map((z) => (
          <option key={z} value={z} />
        ))}
      </datalist>
    </>
  );
}

/** A country, by its name in the admin's language (sorted by it); the stored value is the ISO code. */
export function CountrySelect({ options: _options, onPaste: _onPaste, ...props }: Props) {
  const language = adminLanguage();
  const sorted = useMemo(() => {
    const collator = new Intl.Collator(language);
    return COUNTRIES.map((code) => ({ code, name: countryName(code, language) })).sort((a, b) => collator.compare(a.name, b.name));
  }, [language]);
  return (
    <select {...props}>
      <option value="">{say(W.chooseCountry)}</option>
      {sorted.map((c) => (
        <option key={c.code} value={c.code}>
          {c.name}
        </option>
      ))}
    </select>
  );
}

/** The zone a form's zone field names now ('' or unknown: `fallback`). */
function zoneIn(form: HTMLFormElement | null | undefined, field: string, fallback: string): string {
  const input = form?.elements.namedItem(field);
  const value = input && 'value' in input ? String(input.value).trim() : '';
  if (!value) return fallback;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return value;
  } catch {
    return fallback;
  }
}

/**
 * A time on the item's own clock. The form's value is the stored text (a wall time, and its offset when the clock
 * repeats it); what the admin edits is the wall time, and, on a repeated one, which of the two. react-hook-form holds
 * the value through an element-like handle (its ref), so a reset or a saved item shows here as typed.
 */
export function ZonedDateTime({ field, options: _options, onPaste: _onPaste, ...props }: Props & { field: DateTimeDecl }) {
  const { name, onChange, onBlur, ref, id, ...aria } = props;
  const visible = useRef<HTMLInputElement>(null);
  const current = useRef('');
  const [stored, setStored] = useState('');
  const [zone, setZone] = useState(field.zone);
  const hintId = `${id}-zone`;
  const whichName = `${useId()}-which`;

  const handle = useMemo(
    () => ({
      name,
      get value() {
        return current.current;
      },
      set value(v: unknown) {
        current.current = typeof v === 'string' ? v : '';
        setStored(current.current);
      },
      focus: () => visible.current?.focus(),
    }),
    [name],
  );
  const register = useRef(ref);
  register.current = ref;
  useEffect(() => {
    register.current(handle);
    return () => register.current(null);
  }, [handle]);

  // The clock follows the form's zone field as the admin types it.
  useEffect(() => {
    const form = visible.current?.form;
    if (!form || !field.zoneField) return;
    const follow = () => setZone(zoneIn(form, field.zoneField!, field.zone));
    follow();
    form.addEventListener('input', follow);
    form.addEventListener('change', follow);
    return () => {
      form.removeEventListener('input', follow);
      form.removeEventListener('change', follow);
    };
  }, [field.zoneField, field.zone]);

  const wall = wallTime(stored);
  const chosen = stored.slice(16);
  const instants = wall.length === 16 ? zonedInstants(wall, zone) : [];
  const offsets = instants.map((t) => formatOffset(offsetAt(t, zone)));
  const repeated = offsets.length === 2;

  const set = (next: string) => {
    current.current = next;
    setStored(next);
    onChange({ target: { name, value: next }, type: 'change' });
  };
  // A zone changed under a chosen offset it does not have: the wall time stays, the choice goes.
  useEffect(() => {
    if (chosen && !offsets.includes(chosen)) set(wall);
    // Only when the clock or the value changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [zone, stored]);

  const time = wall.slice(11, 16);
  return (
    <>
      <input
        ref={visible}
        id={id}
        type="datetime-local"
        value={wall}
        onChange={(event) => {
          const next = event.target.value;
          const keep = chosen && zonedInstants(next, zone).some((t) => formatOffset(offsetAt(t, zone)) === chosen);
          set(keep ? `${next}${chosen}` : next);
        }}
        onBlur={() => onBlur({ target: { name, value: current.current }, type: 'blur' })}
        {...aria}
        aria-describedby={[hintId, aria['aria-describedby']].filter(Boolean).join(' ')}
      />
      <span id={hintId} className="field__hint">
        {fill(say(W.venueClock), { zone: zone === field.zone ? fill(say(W.yourZone), { zone }) : zone })}
      </span>
      {repeated && (
        <fieldset className="field choices">
          <legend>{fill(say(W.whichTime), { time, zone })}</legend>
          {offsets.map((offset, i) => (
            <label key={offset} className="choices__option">
              <input type="radio" name={whichName} value={offset} checked={chosen === offset} onChange={() => set(`${wall}${offset}`)} />{' '}
              {fill(say(i === 0 ? W.firstTime : W.secondTime), { offset })}
            </label>
          ))}
        </fieldset>
      )}
    </>
  );
}
