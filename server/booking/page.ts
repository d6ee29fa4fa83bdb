/**
 * The answers to a booking form sent without JavaScript (docs/decisions/0025-booking-requests.md): a thank-you page,
 * or the form again with what was typed kept, each error named beside its field, and a fresh token. Rendered here,
 * in the visitor's language, until the site's own form component (src/site/booking/booking-form.tsx) takes over.
 * Everything a visitor sent is escaped; the page has no script and no inline style (the CSP allows neither).
 */
import { BOOKING_SERVICES } from '../../src/content/kinds/bookings';
import { bookingsWords } from '../../src/content/kinds/bookings';
import type { Language } from '../../src/content/model';
import { siteConfig } from '../../site.config';

export type FormValues = Record<'name' | 'email' | 'service' | 'budget' | 'date' | 'message', string>;

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const WORDS = {
  en: {
    title: 'Booking request',
    intro: 'Tell me what you need: I answer every request by e-mail.',
    thanks: 'Thank you: your request has arrived. I will answer by e-mail.',
    back: 'Back to the site',
    send: 'Send request',
    problems: 'The request was not sent:',
    optional: '(optional)',
    website: 'Leave this field empty',
    orEmail: 'Or write by e-mail:',
    fields: {
      name: 'Write your name (at most 120 characters, one line).',
      email: 'Write an e-mail address I can answer, such as name@example.com.',
      service: 'Choose what you would like.',
      budget: 'The budget may be at most 60 characters, on one line.',
      date: 'Choose a date from today on, or leave it empty.',
      message: 'Write a message of at most 5,000 characters, with at most 3 links.',
    },
  },
  ro: {
    title: 'Cerere de colaborare',
    intro: 'Spune-mi de ce ai nevoie: răspund la fiecare cerere prin e-mail.',
    thanks: 'Mulțumesc: cererea ta a ajuns. Îți voi răspunde prin e-mail.',
    back: 'Înapoi la site',
    send: 'Trimite cererea',
    problems: 'Cererea nu a fost trimisă:',
    optional: '(opțional)',
    website: 'Lasă acest câmp gol',
    orEmail: 'Sau scrie-mi pe e-mail:',
    fields: {
      name: 'Scrie-ți numele (cel mult 120 de caractere, pe un rând).',
      email: 'Scrie o adresă de e-mail la care să-ți pot răspunde, de exemplu nume@exemplu.ro.',
      service: 'Alege ce ți-ar plăcea.',
      budget: 'Bugetul poate avea cel mult 60 de caractere, pe un rând.',
      date: 'Alege o dată de azi înainte sau las-o goală.',
      message: 'Scrie un mesaj de cel mult 5.000 de caractere, cu cel mult 3 linkuri.',
    },
  },
} as const;

/** The refusals a visitor can meet, in Romanian (the English words are errors.ts's). */
export const REFUSAL_WORDS_RO: Record<string, string> = {
  'booking-token-invalid': 'Formularul nu este cel dat de acest site: reîncarcă pagina și trimite din nou.',
  'booking-token-expired': 'Formularul a stat deschis mai mult de o zi: te rog trimite-l din nou.',
  'booking-too-soon': 'A fost trimis mai repede decât poate scrie un om: verifică formularul și trimite-l din nou.',
  'booking-rate-limited': 'Au venit mai multe cereri de la conexiunea ta în ultima oră: încearcă mai târziu sau scrie-mi pe e-mail.',
  'booking-site-busy': 'Site-ul primește multe cereri acum: încearcă mai târziu sau scrie-mi pe e-mail.',
  'booking-inbox-full': 'Căsuța de mesaje este plină acum: te rog scrie-mi pe e-mail.',
};

const FIELDS = ['name', 'email', 'service', 'budget', 'date', 'message'] as const;

function shell(lang: Language, title: string, body: string): string {
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(title)} · ${escape(siteConfig.artist.name)}</title>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

export function thankYouPage(lang: Language): string {
  const w = WORDS[lang];
  return shell(lang, w.title, `<h1>${w.title}</h1>\n<p role="status">${w.thanks}</p>\n<p><a href="/${lang}/#contact">${w.back}</a></p>`);
}

/**
 * The form again: `errors` by field (any of FIELDS) and `form` for a refusal about the whole request; each
 * error is linked from the summary at the top and tied to its field with aria-describedby.
 */
export function formAgainPage(
  lang: Language,
  values: FormValues,
  errors: Partial<Record<(typeof FIELDS)[number] | 'form', string>>,
  token: string,
  email?: string,
): string {
  const w = WORDS[lang];
  const labels = bookingsWords.fields;
  const summary = [
    ...(errors.form ? [`<li>${escape(errors.form)}</li>`] : []),
    ...FIELDS.filter((f) => errors[f]).map((f) => `<li><a href="#booking-${f}">${escape(labels[f].label[lang])}: ${escape(errors[f]!)}</a></li>`),
  ];
  const described = (f: string) => (errors[f as keyof typeof errors] ? ` aria-invalid="true" aria-describedby="booking-${f}-error"` : '');
  const error = (f: string) => (errors[f as keyof typeof errors] ? `<p id="booking-${f}-error">${escape(errors[f as keyof typeof errors]!)}</p>` : '');
  const input = (f: 'name' | 'email' | 'budget' | 'date', type: string, extra: string, optional = false) =>
    `<p><label for="booking-${f}">${escape(labels[f].label[lang])}${optional ? ` ${w.optional}` : ''}</label>
<input id="booking-${f}" name="${f}" type="${type}" value="${escape(values[f] ?? '')}"${extra}${described(f)}>
${error(f)}</p>`;
  const options = BOOKING_SERVICES.map(
    (s) => `<option value="${s}"${values.service === s ? ' selected' : ''}>${escape(labels.service.options[s][lang])}</option>`,
  ).join('');
  const body = `<h1>${w.title}</h1>
${summary.length ? `<div role="alert"><h2>${w.problems}</h2><ul>${summary.join('')}</ul></div>` : `<p>${w.intro}</p>`}
<form method="post" action="/api/booking" novalidate>
<input type="hidden" name="lang" value="${lang}">
<input type="hidden" name="token" value="${escape(token)}">
${input('name', 'text', ' maxlength="120" autocomplete="name" required')}
${input('email', 'email', ' maxlength="254" autocomplete="email" required')}
<p><label for="booking-service">${escape(labels.service.label[lang])}</label>
<select id="booking-service" name="service"${described('service')}>${options}</select>
${error('service')}</p>
${input('budget', 'text', ' maxlength="60"', true)}
${input('date', 'date', '', true)}
<p><label for="booking-message">${escape(labels.message.label[lang])}</label>
<textarea id="booking-message" name="message" rows="8" maxlength="5000" required${described('message')}>${escape(values.message ?? '')}</textarea>
${error('message')}</p>
<div hidden><label for="booking-website">${w.website}</label><input id="booking-website" name="website" type="text" tabindex="-1" autocomplete="off" value=""></div>
<p><button type="submit">${w.send}</button></p>
</form>
${email ? `<p>${w.orEmail} <a href="mailto:${escape(email)}">${escape(email)}</a></p>` : ''}
<p><a href="/${lang}/#contact">${w.back}</a></p>`;
  return shell(lang, w.title, body);
}

/** The message of a field's problem, in the visitor's language (the API's English words name the rule exactly). */
export const fieldMessage = (lang: Language, field: string, english: string): string =>
  lang === 'ro' ? (WORDS.ro.fields[field as keyof typeof WORDS.ro.fields] ?? english) : (WORDS.en.fields[field as keyof typeof WORDS.en.fields] ?? english);
