/**
 * The words of the artist's own list, in both languages: the sign-up form (its chunk loads when the Newsletter section
 * nears the view), the server's pages (a form sent without JavaScript, the confirm and unsubscribe pages) and the
 * confirmation mail. Kept out of the page's dictionaries (src/i18n) so the public page's first JavaScript does not grow.
 * The page speaks as the artist, to one person (tu), as the rest of the site does.
 */
import type { Language } from '../../content/constants';

const en = {
  email: 'Your e-mail',
  submit: 'Sign me up',
  sending: 'Signing you up…',
  checkInbox: 'Almost there: check your inbox and press the button in the e-mail I just sent you. Not there in a few minutes? Look in spam too.',
  emailInvalid: 'Please enter your e-mail address, for example ana@example.com.',
  tooMany: 'Too many sign-ups right now: please try again later.',
  expired: 'This form was open too long: please press the button again.',
  tooSoon: 'That was very quick: please press the button again.',
  pressAgain: 'Almost done: please press “Sign me up” again.',
  failed: 'You could not be signed up just now: please try again in a few minutes.',
  website: 'Leave this field empty',
  pageTitle: 'Newsletter',
  confirmTitle: 'Confirm your sign-up',
  confirmText: 'Press the button to get an e-mail from {artist} when there is new music or a show.',
  confirmButton: 'Confirm',
  confirmed: 'You’re on the list. Thank you!',
  expiredLink: 'This link has expired (links work for 7 days). Sign up again on the site and you’ll get a new one.',
  invalidLink: 'This link does not work (it may be from an older e-mail).',
  unsubscribeTitle: 'Leave the list',
  unsubscribeText: 'Press the button and you’ll get no more e-mails from {artist}.',
  unsubscribeButton: 'Unsubscribe',
  unsubscribed: 'Done: you’re off the list and won’t get any more e-mails. Changed your mind? Sign up again on the site.',
  backToSite: 'Back to the site',
  mailSubject: 'Confirm your sign-up to {artist}’s list',
  mailHello: 'Hi,',
  mailBody: 'Someone (hopefully you) asked to get e-mails from {artist} at this address. Press the button to confirm:',
  mailButton: 'Yes, sign me up',
  mailIgnore: 'If it wasn’t you, ignore this e-mail: without a confirmation nobody gets anything. The link works for 7 days.',
  mailWhy: 'You get this e-mail because this address was entered in the sign-up form at {site}.',
};

export type FansWord = keyof typeof en;

const ro: Record<FansWord, string> = {
  email: 'E-mailul tău',
  submit: 'Abonează-mă',
  sending: 'Te abonez…',
  checkInbox: 'Aproape gata: verifică-ți căsuța de e-mail și apasă butonul din mesajul pe care ți l-am trimis. Nu apare în câteva minute? Uită-te și în Spam.',
  emailInvalid: 'Te rog să îți scrii adresa de e-mail, de exemplu ana@example.com.',
  tooMany: 'Sunt prea multe abonări acum: te rog să încerci mai târziu.',
  expired: 'Formularul a stat deschis prea mult: te rog să apeși din nou butonul.',
  tooSoon: 'A fost foarte repede: te rog să apeși din nou butonul.',
  pressAgain: 'Aproape gata: te rog să apeși din nou pe „Abonează-mă”.',
  failed: 'Nu te-am putut abona acum: te rog să încerci din nou peste câteva minute.',
  website: 'Lasă acest câmp gol',
  pageTitle: 'Newsletter',
  confirmTitle: 'Confirmă abonarea',
  confirmText: 'Apasă butonul ca să primești un e-mail de la {artist} când apare muzică nouă sau un concert.',
  confirmButton: 'Confirmă',
  confirmed: 'Ești pe listă. Mulțumesc!',
  expiredLink: 'Linkul a expirat (linkurile merg 7 zile). Abonează-te din nou de pe site și primești unul nou.',
  invalidLink: 'Linkul nu funcționează (poate fi dintr-un e-mail mai vechi).',
  unsubscribeTitle: 'Ieși de pe listă',
  unsubscribeText: 'Apasă butonul și nu mai primești e-mailuri de la {artist}.',
  unsubscribeButton: 'Dezabonează-mă',
  unsubscribed: 'Gata: ai ieșit de pe listă și nu mai primești e-mailuri. Te-ai răzgândit? Abonează-te din nou de pe site.',
  backToSite: 'Înapoi la site',
  mailSubject: 'Confirmă abonarea la lista lui {artist}',
  mailHello: 'Salut,',
  mailBody: 'Cineva (sper că tu) a cerut să primească e-mailuri de la {artist} la această adresă. Apasă butonul ca să confirmi:',
  mailButton: 'Da, abonează-mă',
  mailIgnore: 'Dacă nu ai fost tu, ignoră acest e-mail: fără confirmare nu primește nimeni nimic. Linkul merge 7 zile.',
  mailWhy: 'Primești acest e-mail pentru că adresa ta a fost scrisă în formularul de abonare de pe {site}.',
};

const WORDS: Record<Language, Record<FansWord, string>> = { en, ro };

/** A word of the list in `lang`, its {names} filled. */
export function fansWord(lang: Language, key: FansWord, vars: Record<string, string> = {}): string {
  return WORDS[lang][key].replace(/\{(\w+)\}/g, (whole, name: string) => vars[name] ?? whole);
}

/** The form's message for a refusal's code (server/errors.ts), as the page's script and the server's pages word it. */
export function refusalWord(code: string): FansWord {
  if (code === 'fans-rate-limited' || code === 'fans-site-busy') return 'tooMany';
  if (code === 'fans-too-soon') return 'tooSoon';
  if (code === 'fans-token-expired' || code === 'fans-token-invalid') return 'expired';
  return 'failed';
}
