/**
 * The booking request form, as markup only: rendered on the page (server and build), by the server's
 * answers to a plain form POST (no JavaScript: the form again with its values and errors, or the thank-you),
 * and by the page's script (booking-client.tsx), which adds sending in place. No browser-only code at render
 * and no provider needed: everything it shows comes from its props.
 */
import type { FormEventHandler, Ref } from 'react';
import type { Language } from '../../content/constants';
import type { TranslationKey } from '../../i18n/en';
import { translate } from '../../i18n/translate';
import { BOOKING_LIMITS, LIVE_SERVICE } from '../../content/booking';
import { isEmail } from '../../content/fields/checks';
import { BOOKING_SERVICES, serviceLabel, type BookingService } from './booking-intent';

export { BOOKING_SERVICES, serviceLabel, type BookingService };

/** The fields a visitor fills in, as the form posts them. */
export const BOOKING_FIELDS = ['name', 'email', 'service', 'city', 'venue', 'budget', 'date', 'message'] as const;
export type BookingField = (typeof BOOKING_FIELDS)[number];
export type BookingValues = Record<BookingField, string>;
/** A message per field that is not right, in the page's language. */
export type BookingErrors = Partial<Record<BookingField, string>>;
export type BookingState = 'idle' | 'sending' | 'sent' | 'error';

export const EMPTY_BOOKING: BookingValues = { name: '', email: '', service: 'beat', city: '', venue: '', budget: '', date: '', message: '' };

const INVALID: Record<BookingField, TranslationKey> = {
  name: 'booking.nameInvalid',
  email: 'booking.emailInvalid',
  service: 'booking.serviceInvalid',
  city: 'booking.cityInvalid',
  venue: 'booking.venueInvalid',
  budget: 'booking.budgetInvalid',
  date: 'booking.dateInvalid',
  message: 'booking.messageInvalid',
};

/** The message shown beside a field that is not right, in `lang`. */
export const fieldMessage = (lang: Language, field: BookingField) => translate(lang, INVALID[field]);

/** Field problems as the server names them ([{ field, message }]) made into the page's own words. */
export function errorsOf(lang: Language, problems: readonly { field?: string }[]): BookingErrors {
  const errors: BookingErrors = {};
  for (const { field } of problems) if (isBookingField(field)) errors[field] = fieldMessage(lang, field);
  return errors;
}

/** The form's message for a request the backend refused (its code in server/errors.ts), above the fields' own. */
export function refusalMessage(code: string, fieldProblems: boolean): TranslationKey {
  if (code === 'booking-rate-limited' || code === 'booking-site-busy') return 'booking.tooMany';
  if (code === 'booking-too-soon') return 'booking.tooSoon';
  if (code === 'booking-token-expired' || code === 'booking-token-invalid') return 'booking.expired';
  return fieldProblems || code === 'invalid' ? 'booking.fixErrors' : 'booking.failed';
}

export const isBookingField = (field: unknown): field is BookingField => BOOKING_FIELDS.includes(field as BookingField);

/** The request's service from anything a visitor (or a bot) sent: one of the choices, else 'beat'. */
export const bookingService = (value: unknown): BookingService => (BOOKING_SERVICES.includes(value as BookingService) ? (value as BookingService) : 'beat');

/**
 * What the visitor's own checks find before sending: the server checks the same and more (links, dates in
 * the past by its clock, CR/LF), and its answer is shown the same way.
 */
export function checkBooking(lang: Language, values: BookingValues): BookingErrors {
  const errors: BookingErrors = {};
  const bad = (field: BookingField) => (errors[field] = fieldMessage(lang, field));
  const name = values.name.trim();
  if (!name || name.length > BOOKING_LIMITS.name || /[\r\n]/.test(values.name)) bad('name');
  if (!isEmail(values.email.trim())) bad('email');
  if (!BOOKING_SERVICES.includes(values.service as BookingService)) bad('service');
  // A live show's city is needed (the server says the same); a studio request's is ignored as sent.
  const city = values.city.trim();
  if ((values.service === LIVE_SERVICE && !city) || city.length > BOOKING_LIMITS.city || /[\r\n]/.test(values.city)) bad('city');
  if (values.venue.length > BOOKING_LIMITS.venue || /[\r\n]/.test(values.venue)) bad('venue');
  if (values.budget.length > BOOKING_LIMITS.budget) bad('budget');
  if (values.date && !/^\d{4}-\d{2}-\d{2}$/.test(values.date)) bad('date');
  const message = values.message.trim();
  if (!message || message.length > BOOKING_LIMITS.message) bad('message');
  return errors;
}

export interface BookingFormProps {
  lang: Language;
  /** What the visitor typed (kept after an error); the service preselected. */
  values?: Partial<BookingValues>;
  errors?: BookingErrors;
  /** A message about the whole request (too many requests, the form was open too long, not sent): atop the form. */
  formError?: string;
  /** A neutral line by the send button (the no-JavaScript form's "One more step"), not an error. */
  formNote?: string;
  /**
   * The signed token of the moment the form was given out: only in the server's answers to a post without
   * JavaScript (the form again). The cached page has none, and the page's script sends its own.
   */
  token?: string;
  state?: BookingState;
  /** Prefix of the elements' ids, so two forms could share a page. */
  id?: string;
  /** The page's script: sending in place, the draft kept as it is typed, "Send another". */
  formRef?: Ref<HTMLFormElement>;
  /** The thank-you's message, which takes the focus from the form it replaces. */
  sentRef?: Ref<HTMLParagraphElement>;
  /** Set by the page's script, whose own checks replace the browser's. */
  noValidate?: boolean;
  /** The send button takes the focus (the server's "Please press Send again", without JavaScript). */
  focusSubmit?: boolean;
  onSubmit?: FormEventHandler<HTMLFormElement>;
  onInput?: FormEventHandler<HTMLFormElement>;
  onAnother?(): void;
}

/** The form itself: a real POST to /api/booking that works without JavaScript, and the thank-you once sent. */
export function BookingForm(props: BookingFormProps) {
  const { lang, errors = {}, state = 'idle' } = props;
  const t = (key: TranslationKey) => translate(lang, key);
  const id = props.id ?? 'booking';
  const values = { ...EMPTY_BOOKING, ...props.values };
  const fieldId = (field: string) => `${id}-${field}`;
  /** The field's hint and error, if any, as its accessible description. */
  const described = (field: BookingField, hint?: boolean) =>
    [hint ? fieldId(`${field}-hint`) : '', errors[field] ? fieldId(`${field}-error`) : ''].filter(Boolean).join(' ') || undefined;
  const invalid = (field: BookingField) => (errors[field] ? true : undefined);
  // The server's answer without JavaScript puts the focus on the first field at fault (the page's script does it itself).
  const firstInvalid = BOOKING_FIELDS.find((field) => errors[field]);
  const focus = (field: BookingField) => (field === firstInvalid ? true : undefined);
  const error = (field: BookingField) =>
    errors[field] ? (
      <p id={fieldId(`${field}-error`)} className="field-error">
        {errors[field]}
      </p>
    ) : null;

  if (state === 'sent') {
    return (
      <div className="booking booking--sent" id={id}>
        <h3 id={fieldId('title')}>{t('booking.formTitle')}</h3>
        <p ref={props.sentRef} role="status" className="booking__status" tabIndex={-1}>
          {t('booking.sent')}
        </p>
        {props.onAnother && (
          <button type="button" className="button button--secondary" onClick={props.onAnother}>
            {t('booking.sendAnother')}
          </button>
        )}
      </div>
    );
  }

  return (
    <div className="booking" id={id}>
      <h3 id={fieldId('title')}>{t('booking.formTitle')}</h3>
      <p>{t('booking.formIntro')}</p>
      <form
        ref={props.formRef}
        method="post"
        action="/api/booking"
        noValidate={props.noValidate}
        aria-labelledby={fieldId('title')}
        aria-busy={state === 'sending' || undefined}
        onSubmit={props.onSubmit}
        onInput={props.onInput}
      >
        <input type="hidden" name="lang" value={lang} />
        {props.token && <input type="hidden" name="token" value={props.token} />}
        {/* The honeypot: off screen and out of the accessibility tree, never reached by Tab; a bot fills it. */}
        <div className="booking__trap" aria-hidden="true">
          <label htmlFor={fieldId('website')}>{t('booking.website')}</label>
          <input id={fieldId('website')} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>

        {/* The error summary above the fields, each fault a link to its field (GOV.UK's pattern, issue 32). */}
        {props.formError && (
          <div className="booking__summary">
            <p role="alert" className="booking__error">
              {props.formError}
            </p>
            {firstInvalid && (
              <ul className="booking__faults">
                {BOOKING_FIELDS.filter((field) => errors[field]).map((field) => (
                  <li key={field}>
                    <a href={`#${fieldId(field)}`}>{errors[field]}</a>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
        <label htmlFor={fieldId('name')}>{t('booking.name')}</label>
        <input
          id={fieldId('name')}
          name="name"
          autoComplete="name"
          required
          maxLength={BOOKING_LIMITS.name}
          defaultValue={values.name}
          autoFocus={focus('name')}
          aria-invalid={invalid('name')}
          aria-describedby={described('name')}
        />
        {error('name')}

        <label htmlFor={fieldId('email')}>{t('booking.email')}</label>
        <input
          id={fieldId('email')}
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={BOOKING_LIMITS.email}
          defaultValue={values.email}
          autoFocus={focus('email')}
          aria-invalid={invalid('email')}
          aria-describedby={described('email')}
        />
        {error('email')}

        <label htmlFor={fieldId('service')}>{t('booking.service')}</label>
        <select
          id={fieldId('service')}
          name="service"
          defaultValue={bookingService(values.service)}
          autoFocus={focus('service')}
          aria-invalid={invalid('service')}
          aria-describedby={described('service')}
        >
          {BOOKING_SERVICES.map((service) => (
            <option key={service} value={service}>
              {serviceLabel(lang, service)}
            </option>
          ))}
        </select>
        {error('service')}

        {/* A promoter's questions: shown by CSS while "Live show / DJ set" is chosen (no script needed), hidden otherwise. */}
        <fieldset className="booking__live" aria-describedby={fieldId('live-hint')}>
          <legend>{t('booking.live')}</legend>
          <p id={fieldId('live-hint')} className="booking__hint">
            {t('booking.liveHint')}
          </p>
          <div className="booking__pair">
            <div>
              <label htmlFor={fieldId('city')}>{t('booking.city')}</label>
              <input
                id={fieldId('city')}
                name="city"
                autoComplete="address-level2"
                maxLength={BOOKING_LIMITS.city}
                defaultValue={values.city}
                autoFocus={focus('city')}
                aria-invalid={invalid('city')}
                aria-describedby={described('city')}
              />
              {error('city')}
            </div>
            <div>
              <label htmlFor={fieldId('venue')}>{t('booking.venue')}</label>
              <input
                id={fieldId('venue')}
                name="venue"
                maxLength={BOOKING_LIMITS.venue}
                defaultValue={values.venue}
                autoFocus={focus('venue')}
                aria-invalid={invalid('venue')}
                aria-describedby={described('venue')}
              />
              {error('venue')}
            </div>
          </div>
        </fieldset>

        <div className="booking__pair">
          <div>
            <label htmlFor={fieldId('budget')}>{t('booking.budget')}</label>
            <input
              id={fieldId('budget')}
              name="budget"
              maxLength={BOOKING_LIMITS.budget}
              defaultValue={values.budget}
              autoFocus={focus('budget')}
              aria-invalid={invalid('budget')}
              aria-describedby={described('budget', true)}
            />
            <p id={fieldId('budget-hint')} className="booking__hint">
              {t('booking.budgetHint')}
            </p>
            {error('budget')}
          </div>
          <div>
            <label htmlFor={fieldId('date')}>{t('booking.date')}</label>
            <input
              id={fieldId('date')}
              name="date"
              type="date"
              defaultValue={values.date}
              autoFocus={focus('date')}
              aria-invalid={invalid('date')}
              aria-describedby={described('date', true)}
            />
            <p id={fieldId('date-hint')} className="booking__hint">
              {t('booking.dateHint')}
            </p>
            {error('date')}
          </div>
        </div>

        <label htmlFor={fieldId('message')}>{t('booking.message')}</label>
        <textarea
          id={fieldId('message')}
          name="message"
          rows={6}
          required
          maxLength={BOOKING_LIMITS.message}
          defaultValue={values.message}
          autoFocus={focus('message')}
          aria-invalid={invalid('message')}
          aria-describedby={described('message')}
        />
        {error('message')}

        <p role="status" className={props.formNote ? 'booking__status booking__note' : 'booking__status'}>
          {state === 'sending' ? t('booking.sending') : (props.formNote ?? '')}
        </p>
        <div>
          <button type="submit" className="button button--primary" aria-disabled={state === 'sending' || undefined} autoFocus={props.focusSubmit}>
            {t('booking.submit')}
          </button>
        </div>
      </form>
    </div>
  );
}
