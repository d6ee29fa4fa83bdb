// @vitest-environment jsdom
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BOOKING_SERVICES as DECLARED } from '../../content/kinds/bookings';
import { SEED_SERVICES } from '../../content/seed';
import { en } from '../../i18n/en';
import { ro } from '../../i18n/ro';
import { BookingForm, checkBooking, EMPTY_BOOKING, errorsOf } from './booking-form';
import { BOOKING_SERVICES, serviceLabel } from './booking-intent';

/** The form as the server renders it, parsed the way a browser without JavaScript reads it. */
function render(element: React.ReactElement) {
  const host = document.createElement('div');
  host.innerHTML = renderToString(element);
  return host;
}

describe('booking form (markup)', () => {
  it('offers exactly the declared services, and the first-start services preselect their own, by the same words', () => {
    expect(BOOKING_SERVICES).toEqual(DECLARED);
    expect(SEED_SERVICES.map((service) => service.booking)).toEqual(['beat', 'mixing', 'mastering', 'collab']);
    for (const service of SEED_SERVICES) {
      expect(serviceLabel('en', service.booking)).toBe(service.title_en);
      expect(serviceLabel('ro', service.booking)).toBe(service.title_ro);
    }
  });

  it('is a real POST to /api/booking with its language and token, every field labelled', () => {
    const host = render(<BookingForm lang="ro" token="tok-123" />);
    const form = host.querySelector('form')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/api/booking');
    expect(form.hasAttribute('novalidate')).toBe(false);
    expect((form.elements.namedItem('lang') as HTMLInputElement).value).toBe('ro');
    expect((form.elements.namedItem('token') as HTMLInputElement).value).toBe('tok-123');
    for (const name of ['name', 'email', 'service', 'budget', 'date', 'message']) {
      const control = form.elements.namedItem(name) as HTMLElement;
      expect(host.querySelector(`label[for="${control.id}"]`)?.textContent, name).toBeTruthy();
    }
    expect(host.querySelector('label[for="booking-name"]')!.textContent).toBe(ro['booking.name']);
    expect(host.textContent).not.toMatch(/[şţŞŢ]/);
  });

  it('has no token field at all without a token (the cached page: docs/decisions/0025)', () => {
    for (const lang of ['en', 'ro'] as const) {
      const html = renderToString(<BookingForm lang={lang} />);
      expect(html).not.toContain('name="token"');
      expect(
        render(<BookingForm lang={lang} />)
          .querySelector('form')!
          .elements.namedItem('token'),
      ).toBeNull();
    }
  });

  it('asks to press Send again with the send button’s own words, in both languages', () => {
    for (const dict of [en, ro]) expect(dict['booking.pressAgain']).toContain(dict['booking.submit']);
    const host = render(<BookingForm lang="ro" token="tok-1" formNote={ro['booking.pressAgain']} focusSubmit />);
    // A step, not a fault: a status in the text's colour, no alert.
    expect(host.querySelector('.booking__note[role="status"]')!.textContent).toBe('Încă un pas: te rog să apeși din nou pe „Trimite cererea”.');
    expect(host.querySelector('[role="alert"]')).toBeNull();
    expect(host.querySelector('button[type="submit"]')!.hasAttribute('autofocus')).toBe(true);
  });

  it('puts the error summary above the fields, each fault a link to its field (GOV.UK)', () => {
    const host = render(
      <BookingForm lang="en" formError={en['booking.fixErrors']} errors={{ email: en['booking.emailInvalid'], message: en['booking.messageInvalid'] }} />,
    );
    const summary = host.querySelector('.booking__summary')!;
    const firstLabel = host.querySelector('label[for="booking-name"]')!;
    expect(summary.compareDocumentPosition(firstLabel) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(summary.querySelector('[role="alert"]')!.textContent).toBe(en['booking.fixErrors']);
    expect([...summary.querySelectorAll('a')].map((a) => [a.getAttribute('href'), a.textContent])).toEqual([
      ['#booking-email', en['booking.emailInvalid']],
      ['#booking-message', en['booking.messageInvalid']],
    ]);
  });

  it('hides the honeypot from people and assistive technology, and keeps it out of the Tab order', () => {
    const host = render(<BookingForm lang="en" />);
    const trap = host.querySelector('input[name="website"]') as HTMLInputElement;
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(trap.tabIndex).toBe(-1);
    expect(trap.getAttribute('autocomplete')).toBe('off');
    expect(trap.type).toBe('text');
  });

  it('shows the values kept after an error, escaped, with each error tied to its field', () => {
    const evil = '<img src=x onerror=alert(1)>';
    const host = render(
      <BookingForm
        lang="en"
        values={{ ...EMPTY_BOOKING, name: evil, email: 'ana@example.com', service: 'mastering', message: `${evil}\n"quoted"` }}
        errors={errorsOf('en', [{ field: 'email' }, { field: 'message' }, { field: 'nonsense' }])}
        formError="Not sent."
      />,
    );
    expect(host.querySelector('img')).toBeNull();
    expect((host.querySelector('input[name="name"]') as HTMLInputElement).value).toBe(evil);
    expect((host.querySelector('textarea') as HTMLTextAreaElement).value).toBe(`${evil}\n"quoted"`);
    expect((host.querySelector('select') as HTMLSelectElement).value).toBe('mastering');
    const email = host.querySelector('input[name="email"]')!;
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(host.querySelector(`#${email.getAttribute('aria-describedby')}`)!.textContent).toBe(en['booking.emailInvalid']);
    expect(host.querySelector('input[name="name"]')!.hasAttribute('aria-invalid')).toBe(false);
    // Without JavaScript the browser itself puts the focus on the first field at fault.
    expect([...host.querySelectorAll('[autofocus]')].map((element) => element.getAttribute('name'))).toEqual(['email']);
    expect(host.querySelector('[role="alert"]')!.textContent).toBe('Not sent.');
  });

  it('says thank you once sent, in the page language', () => {
    const host = render(<BookingForm lang="ro" state="sent" />);
    expect(host.querySelector('form')).toBeNull();
    expect(host.querySelector('[role="status"]')!.textContent).toBe(ro['booking.sent']);
  });

  it("the visitor's own checks find what the server would refuse first", () => {
    const ok = { ...EMPTY_BOOKING, name: 'Ana', email: 'ana@example.com', message: 'A mix, please.' };
    expect(checkBooking('en', ok)).toEqual({});
    expect(Object.keys(checkBooking('en', { ...ok, name: ' ', email: 'ana@', message: '' })).sort()).toEqual(['email', 'message', 'name']);
    expect(Object.keys(checkBooking('en', { ...ok, name: 'Ana\r\nBcc: x@y.z' }))).toEqual(['name']);
    expect(Object.keys(checkBooking('en', { ...ok, budget: 'x'.repeat(61), service: 'free' })).sort()).toEqual(['budget', 'service']);
  });
});
