import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useI18n } from '../../i18n/i18n';
import { BOOKING_SERVICES, chosenService, serviceLabel } from './booking-intent';

/**
 * Lazy overlay: a booking request composed in the visitor's own e-mail app (no data leaves the
 * page through us). A native modal dialog gives focus trapping, Escape and focus return.
 */
export default function BookingDialog(props: { email: string; onClose(): void }) {
  const { t, lang } = useI18n();
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [errors, setErrors] = useState<{ name?: string; message?: string }>({});

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const name = String(data.get('name') ?? '').trim();
    const message = String(data.get('message') ?? '').trim();
    const service = serviceLabel(lang, String(data.get('service')));
    const next = {
      name: name ? undefined : t('booking.nameRequired'),
      message: message ? undefined : t('booking.messageRequired'),
    };
    setErrors(next);
    if (next.name || next.message) {
      (event.currentTarget.elements.namedItem(next.name ? 'name' : 'message') as HTMLElement).focus();
      return;
    }
    const subject = encodeURIComponent(t('booking.subject', { service }));
    const body = encodeURIComponent(`${message}\n\n${name}`);
    window.location.href = `mailto:${props.email}?subject=${subject}&body=${body}`;
    ref.current?.close();
  };

  return (
    <dialog ref={ref} className="dialog" aria-labelledby={`${id}-title`} onClose={props.onClose}>
      <form noValidate onSubmit={submit}>
        <h2 id={`${id}-title`}>{t('booking.title')}</h2>
        <p>{t('booking.intro')}</p>
        <label htmlFor={`${id}-name`}>{t('booking.name')}</label>
        <input
          id={`${id}-name`}
          name="name"
          autoComplete="name"
          maxLength={120}
          aria-invalid={Boolean(errors.name)}
          aria-describedby={errors.name ? `${id}-name-error` : undefined}
        />
        {errors.name && (
          <p id={`${id}-name-error`} className="field-error">
            {errors.name}
          </p>
        )}
        <label htmlFor={`${id}-service`}>{t('booking.service')}</label>
        <select id={`${id}-service`} name="service" defaultValue={chosenService()}>
          {BOOKING_SERVICES.map((service) => (
            <option key={service} value={service}>
              {serviceLabel(lang, service)}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-message`}>{t('booking.message')}</label>
        <textarea
          id={`${id}-message`}
          name="message"
          rows={5}
          maxLength={2000}
          aria-invalid={Boolean(errors.message)}
          aria-describedby={errors.message ? `${id}-message-error` : undefined}
        />
        {errors.message && (
          <p id={`${id}-message-error`} className="field-error">
            {errors.message}
          </p>
        )}
        <div className="dialog__actions">
          <button type="submit" className="button button--primary">
            {t('booking.send')}
          </button>
          <button type="button" className="button button--secondary" onClick={() => ref.current?.close()}>
            {t('booking.close')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
