/**
 * The answers to a booking form sent without JavaScript (docs/decisions/0025-booking-requests.md): the thank-you,
 * the form again with what was typed kept, each error named beside its field, and a fresh token, or (a form sent
 * from the cached page, which carries no token) the form again with a fresh token and "Please press Send again". The form is
 * the site's own component (src/site/booking/booking-form.tsx), rendered here to static markup in the visitor's
 * language, in a page with the site's inline style (its hash is in the CSP) and no script: React escapes
 * everything a visitor sent.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { siteConfig } from '../../site.config';
import type { Language } from '../../src/content/model';
import { translate } from '../../src/i18n/translate';
import { BookingForm, errorsOf, refusalMessage, type BookingValues } from '../../src/site/booking/booking-form';
import { escape, plainPage } from '../plain-page';

export type FormValues = BookingValues;

function shell(lang: Language, template: string | undefined, body: string, email?: string): string {
  return plainPage({
    lang,
    template,
    title: translate(lang, 'booking.formTitle'),
    section: 'contact',
    heading: `<h1>${escape(siteConfig.artist.name)}</h1>`,
    body: body + (email ? `\n<p>${escape(translate(lang, 'booking.orEmail'))} <a href="mailto:${escape(email)}">${escape(email)}</a></p>` : '\n'),
    back: translate(lang, 'booking.backToSite'),
  });
}

export function thankYouPage(lang: Language, template?: string): string {
  return shell(lang, template, renderToStaticMarkup(createElement(BookingForm, { lang, state: 'sent' })));
}

/** The form again: `problems` names the fields at fault; `code` (errors.ts) says why the whole request was refused. */
export function formAgainPage(
  lang: Language,
  values: FormValues,
  refusal: { code: string; message: string; problems?: readonly { field?: string }[] },
  token: string,
  options: { template?: string; email?: string } = {},
): string {
  const errors = errorsOf(lang, refusal.problems ?? []);
  const key = refusalMessage(refusal.code, (refusal.problems ?? []).length > 0);
  const form = createElement(BookingForm, { lang, values, errors, token, state: 'error', formError: translate(lang, key) });
  return shell(lang, options.template, renderToStaticMarkup(form), options.email);
}

/**
 * The form again for a post that carried no token (the cached page's form, sent without JavaScript): every value
 * kept, a token of the second step issued now, and the send button focused under "One more step", in a neutral colour.
 * Nothing was wrong, so nothing is marked; the next press is taken at once (token.ts).
 */
export function pressAgainPage(lang: Language, values: FormValues, token: string, options: { template?: string; email?: string } = {}): string {
  const form = createElement(BookingForm, { lang, values, token, formNote: translate(lang, 'booking.pressAgain'), focusSubmit: true });
  return shell(lang, options.template, renderToStaticMarkup(form), options.email);
}
