/**
 * The booking form with the page's script (loaded when the Contact section nears the view): sends in place
 * through the backend's reader, announces sending / sent / error, names each field that is not right and
 * focuses the first, and keeps what was typed in the tab's session storage until it is sent, so neither an
 * error nor a reload loses it. Without JavaScript the same form posts to the server (booking-form.tsx).
 *
 * The token (Scena's server, docs/decisions/0025): the cached page carries none. The form asks for one when it is
 * first focused (a click, Tab, or a "Get in touch" button putting the focus in it), not when the page loads, and a
 * send waits for it, then until BOOKING_MIN_FILL_MS after it arrived: the server counts its 3 s from the token's
 * issue, so a person who focuses and types quickly is held a moment, never refused.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { track } from '../../audience/track';
import { BookingError, type BookingRequest } from '../../content/backend';
import { BOOKING_MIN_FILL_MS } from '../../content/booking';
import { useI18n } from '../../i18n/i18n';
import type { TranslationKey } from '../../i18n/en';
import { translate } from '../../i18n/translate';
import {
  BOOKING_FIELDS,
  BookingForm,
  bookingService,
  checkBooking,
  errorsOf,
  fieldMessage,
  refusalMessage,
  isBookingField,
  type BookingErrors,
  type BookingState,
  type BookingValues,
} from './booking-form';
import { BOOKING_ID, onBookingAsked, useBookingSetup } from './booking-intent';

/** The draft's key in sessionStorage: this tab only, gone when it closes. */
export const DRAFT_KEY = 'scena.booking.draft';

function readDraft(): Partial<BookingValues> | undefined {
  try {
    const parsed = JSON.parse(sessionStorage.getItem(DRAFT_KEY) ?? 'null') as unknown;
    if (!parsed || typeof parsed !== 'object') return undefined;
    return Object.fromEntries(Object.entries(parsed).filter(([key, value]) => isBookingField(key) && typeof value === 'string'));
  } catch {
    return undefined;
  }
}

function writeDraft(values: BookingValues | undefined) {
  try {
    if (values) sessionStorage.setItem(DRAFT_KEY, JSON.stringify(values));
    else sessionStorage.removeItem(DRAFT_KEY);
  } catch {
    // Storage full or refused (private mode): the form still works, only the draft is not kept.
  }
}

/** A field as the page rendered it (a select has no defaultValue: its options say what was chosen first). */
const untouched = (input: HTMLInputElement | HTMLSelectElement) =>
  input instanceof HTMLSelectElement ? [...input.options].every((option) => option.selected === option.defaultSelected) : input.value === input.defaultValue;

/** A token and the moment (performance.now()) it arrived: the server issued it before then. */
interface Token {
  value: string;
  arrivedAt: number;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function valuesOf(form: HTMLFormElement): BookingValues {
  const data = new FormData(form);
  return Object.fromEntries(BOOKING_FIELDS.map((field) => [field, String(data.get(field) ?? '')])) as BookingValues;
}

export default function BookingClient() {
  const { lang } = useI18n();
  const setup = useBookingSetup();
  /** The form element while it is shown (not after it was sent). */
  const [form, setForm] = useState<HTMLFormElement | null>(null);
  const sent = useRef<HTMLParagraphElement>(null);
  const [state, setState] = useState<BookingState>('idle');
  const [errors, setErrors] = useState<BookingErrors>({});
  /** The message about the whole request, by its key: shown in the page's language, even after a switch. */
  const [formError, setFormError] = useState<TranslationKey | ''>('');
  /** The token asked for (once, when the form is first focused), or none yet. */
  const token = useRef<Promise<Token> | undefined>(undefined);
  const [scripted, setScripted] = useState(false);
  /** A service a "Get in touch" button asked for while the thank-you was shown. */
  const asked = useRef<string | undefined>(undefined);
  const [focusFirst, setFocusFirst] = useState(0);

  const reader = async () => setup.reader;
  /** The token, asked for the first time this is called (and again after `forgetToken`). None on backends without one. */
  const ensureToken = () =>
    (token.current ??= (async () => {
      const backend = await reader();
      const value = backend?.bookingToken ? await backend.bookingToken().catch(() => '') : '';
      // A failed request is asked again at the next focus or send (the send itself goes out, and is answered "expired").
      if (!value) token.current = undefined;
      return { value, arrivedAt: value ? performance.now() : -Infinity };
    })());
  const forgetToken = () => (token.current = undefined);

  // Once: the script's own checks replace the browser's (noValidate).
  useEffect(() => setScripted(true), []);

  // Each time the form is shown: the draft comes back, and the service a button asked for, with the focus.
  useEffect(() => {
    if (!form) return;
    // The token is asked for when the form is first focused, not when the page loads; focused before this script ran,
    // at once.
    const focused = () => void ensureToken();
    form.addEventListener('focusin', focused);
    if (form.contains(document.activeElement)) focused();
    const draft = readDraft();
    for (const field of BOOKING_FIELDS) {
      const input = form.elements.namedItem(field) as HTMLInputElement | HTMLSelectElement | null;
      // What the visitor typed before the script ran wins over the draft.
      if (input && draft?.[field] !== undefined && untouched(input)) input.value = draft[field];
    }
    const take = (service: string) => {
      (form.elements.namedItem('service') as HTMLSelectElement).value = service;
      writeDraft(valuesOf(form));
      (form.elements.namedItem('name') as HTMLInputElement).focus({ preventScroll: true });
    };
    if (asked.current) take(asked.current);
    asked.current = undefined;
    const stop = onBookingAsked(take);
    return () => {
      stop();
      form.removeEventListener('focusin', focused);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [form]);

  // While the thank-you is shown, a button brings the form back with its service.
  useEffect(() => {
    if (state !== 'sent') return;
    sent.current?.focus();
    return onBookingAsked((service) => {
      asked.current = service;
      setState('idle');
    });
  }, [state]);

  // After a refusal: focus on the first field that is not right.
  useEffect(() => {
    if (!focusFirst || !form) return;
    const first = BOOKING_FIELDS.find((field) => errors[field]);
    if (first) (form.elements.namedItem(first) as HTMLElement | null)?.focus();
  }, [focusFirst, errors, form]);

  const fail = (next: BookingErrors, message: TranslationKey) => {
    setErrors(next);
    setFormError(message);
    setState('error');
    setFocusFirst((n) => n + 1);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (state === 'sending') return;
    const element = event.currentTarget;
    const current = valuesOf(element);
    writeDraft(current);
    const found = checkBooking(lang, current);
    if (Object.keys(found).length) return fail(found, 'booking.fixErrors');
    const backend = await reader();
    if (!backend?.sendBooking) return fail({}, 'booking.failed');
    setErrors({});
    setFormError('');
    setState('sending');
    const website = String(new FormData(element).get('website') ?? '');
    try {
      // The token (asked for at the first focus; now if it never was), and the server's 3 s since it was issued.
      const { value, arrivedAt } = await ensureToken();
      const early = arrivedAt + BOOKING_MIN_FILL_MS - performance.now();
      if (early > 0) await wait(early);
      const request = { ...current, service: bookingService(current.service), website, token: value, lang } satisfies BookingRequest;
      await backend.sendBooking(request);
      writeDraft(undefined);
      setState('sent');
      // Fan numbers count requests sent (on Scena's server; elsewhere nothing is sent).
      track('booking');
      // Another request gets a token of its own, when the form is focused again.
      forgetToken();
    } catch (caught) {
      const refusal = caught instanceof BookingError ? caught : undefined;
      const fields = errorsOf(lang, refusal?.problems ?? []);
      const code = refusal?.code ?? 'network';
      const message = refusalMessage(code, Object.keys(fields).length > 0);
      fail(fields, message);
      if (message === 'booking.expired') {
        forgetToken();
        void ensureToken();
      }
    }
  };

  return (
    <BookingForm
      id={BOOKING_ID}
      lang={lang}
      // Each message in the page's language (a visitor may switch it with the errors shown).
      errors={Object.fromEntries(BOOKING_FIELDS.filter((field) => errors[field]).map((field) => [field, fieldMessage(lang, field)]))}
      formError={formError && translate(lang, formError)}
      state={state}
      noValidate={scripted}
      formRef={setForm}
      sentRef={sent}
      onSubmit={submit}
      onInput={(event) => writeDraft(valuesOf(event.currentTarget))}
      onAnother={() => {
        setState('idle');
        setErrors({});
        setFormError('');
      }}
    />
  );
}
