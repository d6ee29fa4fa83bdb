/**
 * The admin's dictionary: every phrase the admin shows that the declarations' words do not hold (navigation, headings,
 * buttons, hints, states, confirmations, summaries, the dashboard, the inbox, the account), in both languages (the
 * Media page's phrases are its part in ./media/words.ts; errors in ./problem-words.ts). Shown with t() / tCount() below
 * or say(), in the admin's language at render time (./language.ts, docs/decisions/0031); ./words.test.ts fails on a
 * phrase missing a language. `{name}` placeholders are filled; a phrase that counts has its plural forms by
 * Intl.PluralRules category.
 */
import type { Words } from '../content/fields/declare';
import { adminLanguage, localeOf } from './language';

/** Words by plural category (Intl.PluralRules): English has one/other; Romanian one/few/other ("1 zi", "3 zile", "20 de zile"). */
export type PluralWords = {
  en: Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };
  ro: Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };
};

export const ADMIN_WORDS = {
  // ---- the language switch and the languages' names (src/admin/language.ts) ----
  language: { en: 'Language', ro: 'Limba' },
  english: { en: 'English', ro: 'Engleză' },
  romanian: { en: 'Romanian', ro: 'Română' },
  switchUnsavedTitle: { en: 'Unsaved changes', ro: 'Modificări nesalvate' },
  switchUnsavedText: {
    en: 'Switching the language shows this page again, without the changes you have not saved. Switch and lose them?',
    ro: 'Schimbarea limbii afișează din nou această pagină, fără modificările pe care nu le-ați salvat. Schimbați limba și le pierdeți?',
  },
  switchStay: { en: 'Stay, keep my changes', ro: 'Rămâneți, păstrez modificările' },
  switchAnyway: { en: 'Switch to {language}', ro: 'Treceți la {language}' },
  // ---- the layout: header, navigation, the phone's menu (src/admin/layout.tsx) ----
  skipToContent: { en: 'Skip to content', ro: 'Salt la conținut' },
  adminNav: { en: 'Admin', ro: 'Administrare' },
  menu: { en: 'Menu', ro: 'Meniu' },
  navDashboard: { en: 'Dashboard', ro: 'Panou de control' },
  navInbox: { en: 'Inbox', ro: 'Mesaje' },
  navAccount: { en: 'Account', ro: 'Cont' },
  unread: { en: '{n} unread', ro: '{n} necitite' },
  unreadOne: { en: '{n} unread', ro: '{n} necitită' },
  signOut: { en: 'Sign out', ro: 'Ieșiți din cont' },
  signedInAs: { en: 'Signed in as {email}', ro: 'Conectat ca {email}' },
  noBackend: {
    en: 'No content backend is configured, so the admin is not available.',
    ro: 'Nu este configurat niciun backend de conținut, deci administrarea nu este disponibilă.',
  },
  firebaseNotConfigured: { en: 'Firebase not configured.', ro: 'Firebase nu este configurat.' },
  // ---- the dashboard (src/admin/layout.tsx, src/admin/dashboard/*) ----
  dashboardTitle: { en: 'Dashboard', ro: 'Panou de control' },
  noUnread: { en: 'No unread booking requests', ro: 'Nicio cerere de rezervare necitită' },
  unreadRequests: {
    en: { one: '{n} unread booking request', other: '{n} unread booking requests' },
    ro: { one: '{n} cerere de rezervare necitită', few: '{n} cereri de rezervare necitite', other: '{n} de cereri de rezervare necitite' },
  } satisfies PluralWords,
  inTheInbox: { en: ' in the inbox.', ro: ' în mesaje.' },
  welcome: {
    en: "Welcome. Use the navigation to manage the site's content (settings, stats, releases, collaborators, services and their samples, credits, testimonials, images and audio) and to read booking requests.",
    ro: 'Bun venit. Din navigare administrați conținutul site-ului (setări, cifre, lansări, colaboratori, servicii și mostrele lor, credite, recomandări, imagini și audio) și citiți cererile de rezervare.',
  },
  openPublicSite: { en: 'Open the public site', ro: 'Deschideți site-ul public' },
  nextRelease: { en: 'Next release', ro: 'Următoarea lansare' },
  loadingEllipsis: { en: 'Loading…', ro: 'Se încarcă…' },
  releasesUnreadable: { en: 'The releases could not be read.', ro: 'Lansările nu au putut fi citite.' },
  nextReleaseOut: { en: ', out on {date} on your clock ({when}).', ro: ', apare pe {date}, după ora dumneavoastră ({when}).' },
  withinADay: { en: 'within a day', ro: 'în mai puțin de o zi' },
  inDays: {
    en: { one: 'in {n} day', other: 'in {n} days' },
    ro: { one: 'peste {n} zi', few: 'peste {n} zile', other: 'peste {n} de zile' },
  } satisfies PluralWords,
  nothingScheduled: {
    en: 'Nothing is scheduled. A release with a date ahead is announced as “Coming soon” and goes out by itself.',
    ro: 'Nu este nimic programat. O lansare cu o dată viitoare este anunțată ca „În curând” și apare singură la data ei.',
  },
  scheduleRelease: { en: 'Schedule a release', ro: 'Programați o lansare' },
  backupsLine: { en: 'Backups: {message}', ro: 'Copii de siguranță: {message}' },
  backupNone: {
    en: "No backup yet: the first is taken from {hour}:00 of the artist's day.",
    ro: 'Încă nu există nicio copie de siguranță: prima se face de la ora {hour}:00, după ora artistului.',
  },
  backupOld: {
    en: { one: 'The newest backup is {n} hour old: is the server running?', other: 'The newest backup is {n} hours old: is the server running?' },
    ro: {
      one: 'Cea mai nouă copie de siguranță are {n} oră: serverul funcționează?',
      few: 'Cea mai nouă copie de siguranță are {n} ore: serverul funcționează?',
      other: 'Cea mai nouă copie de siguranță are {n} de ore: serverul funcționează?',
    },
  } satisfies PluralWords,
  backupFailed: { en: 'The last backup failed: {detail}', ro: 'Ultima copie de siguranță nu a reușit: {detail}' },
  backupOffsiteFailed: { en: 'The off-site copy failed: {detail}', ro: 'Copia din afara serverului nu a reușit: {detail}' },
  backupsAttention: { en: 'Backups need attention.', ro: 'Copiile de siguranță cer atenție.' },
  backupsAsk: { en: 'Ask whoever set up the server, or run {command} there.', ro: 'Întrebați persoana care a instalat serverul sau rulați acolo {command}.' },
  audience: { en: 'Audience', ro: 'Public' },
  noNumbersFirebase: {
    en: "No visitor numbers here: this site runs on Firebase, and only Scena's own server counts visits (Firebase Hosting has no server of Scena's to receive them).",
    ro: 'Aici nu există cifre despre vizitatori: acest site rulează pe Firebase, iar vizitele le numără doar serverul propriu al Scena (Firebase Hosting nu are un server Scena care să le primească).',
  },
  noNumbersNone: {
    en: "No visitor numbers here: only Scena's own server counts visits, and this site has none.",
    ro: 'Aici nu există cifre despre vizitatori: vizitele le numără doar serverul propriu al Scena, iar acest site nu îl are.',
  },
  audienceHint: {
    en: 'Counted without cookies or personal data; visitors who ask not to be tracked, bots and your own visits are left out.',
    ro: 'Numărate fără cookie-uri și fără date personale; vizitatorii care cer să nu fie urmăriți, roboții și propriile dumneavoastră vizite nu sunt numărate.',
  },
  period: { en: 'Period', ro: 'Perioada' },
  nDays: {
    en: { one: '{n} day', other: '{n} days' },
    ro: { one: '{n} zi', few: '{n} zile', other: '{n} de zile' },
  } satisfies PluralWords,
  lastNDays: {
    en: { one: 'last {n} day', other: 'last {n} days' },
    ro: { one: 'ultima zi', few: 'ultimele {n} zile', other: 'ultimele {n} de zile' },
  } satisfies PluralWords,
  loadingNumbers: { en: 'Loading the numbers…', ro: 'Se încarcă cifrele…' },
  numbersUnreadable: { en: 'The numbers could not be read.', ro: 'Cifrele nu au putut fi citite.' },
  numbersFailed: { en: 'The numbers could not be loaded: {message}', ro: 'Cifrele nu au putut fi încărcate: {message}' },
  tryAgain: { en: 'Try again', ro: 'Încercați din nou' },
  downloadCsv: { en: 'Download CSV ({period})', ro: 'Descărcați CSV ({period})' },
  visitors: { en: 'Visitors', ro: 'Vizitatori' },
  pageViews: { en: 'Page views', ro: 'Afișări de pagină' },
  visitorsHint: {
    en: 'Visitors are told apart within a day only (nothing in the browser remembers them): someone who comes back on another day counts again.',
    ro: 'Vizitatorii sunt deosebiți doar în aceeași zi (nimic din browser nu îi reține): cine revine în altă zi este numărat din nou.',
  },
  topPages: { en: 'Top pages', ro: 'Paginile cele mai văzute' },
  noPageViews: { en: 'No page views yet.', ro: 'Nicio afișare de pagină încă.' },
  pageColumn: { en: 'Page', ro: 'Pagina' },
  languageColumn: { en: 'Language', ro: 'Limba' },
  viewsColumn: { en: 'Views', ro: 'Afișări' },
  topReferrers: { en: 'Top referrers', ro: 'De unde vin vizitatorii' },
  noReferrers: { en: 'No visitor came from another site yet.', ro: 'Niciun vizitator nu a venit încă de pe alt site.' },
  sourceColumn: { en: 'Source', ro: 'Sursa' },
  platformClicksTitle: { en: 'Clicks per platform', ro: 'Clicuri pe platforme' },
  noPlatformClicks: { en: 'No clicks on a platform link yet.', ro: 'Niciun clic încă pe un link de platformă.' },
  platformColumn: { en: 'Platform', ro: 'Platforma' },
  clicksColumn: { en: 'Clicks', ro: 'Clicuri' },
  releasesTable: { en: 'Releases', ro: 'Lansări' },
  noReleaseNumbers: {
    en: 'No release page was viewed and no release link clicked yet.',
    ro: 'Nicio pagină de lansare nu a fost încă văzută și niciun link de lansare accesat.',
  },
  releaseColumn: { en: 'Release', ro: 'Lansarea' },
  platformClicksColumn: { en: 'Platform clicks', ro: 'Clicuri pe platforme' },
  playerStartsColumn: { en: 'Player starts', ro: 'Porniri ale playerului' },
  devices: { en: 'Devices', ro: 'Dispozitive' },
  noVisitors: { en: 'No visitors yet.', ro: 'Niciun vizitator încă.' },
  deviceColumn: { en: 'Device', ro: 'Dispozitivul' },
  phones: { en: 'Phones', ro: 'Telefoane' },
  tablets: { en: 'Tablets', ro: 'Tablete' },
  computers: { en: 'Computers', ro: 'Calculatoare' },
  otherEvents: { en: 'Other events', ro: 'Alte evenimente' },
  eventColumn: { en: 'Event', ro: 'Evenimentul' },
  countColumn: { en: 'Count', ro: 'Număr' },
  playersStarted: { en: 'Players started', ro: 'Playere pornite' },
  bookingsSent: { en: 'Booking requests sent', ro: 'Cereri de rezervare trimise' },
  newsletterLoaded: { en: 'Newsletter form loaded', ro: 'Formularul de newsletter încărcat' },
  newsletterFailed: { en: 'Newsletter form failed to load', ro: 'Formularul de newsletter nu s-a încărcat' },
  chartLabel: {
    en: 'Chart of visitors and page views by day, {period}: {views} page views in all. The table under "Show as table" has each day\'s figures.',
    ro: 'Graficul vizitatorilor și al afișărilor de pagină pe zile, {period}: {views} afișări în total. Tabelul de sub „Arătați ca tabel” are cifrele fiecărei zile.',
  },
  showAsTable: { en: 'Show as table', ro: 'Arătați ca tabel' },
  chartCaption: { en: 'Visitors and page views by day, {period}', ro: 'Vizitatori și afișări de pagină pe zile, {period}' },
  dayColumn: { en: 'Day', ro: 'Ziua' },
  // ---- the login page, the error page (src/admin/pages) ----
  adminLogin: { en: 'Admin Login', ro: 'Autentificare administrare' },
  adminDisabled: { en: 'Admin disabled', ro: 'Administrare dezactivată' },
  adminDisabledText: {
    en: 'No content backend is configured for this build. Run Scena with {start} (its own server and database), or set the Firebase environment variables {variables} before building.',
    ro: 'Această versiune nu are configurat niciun backend de conținut. Porniți Scena cu {start} (serverul și baza de date proprii) sau setați înainte de build variabilele de mediu Firebase {variables}.',
  },
  and: { en: ' and ', ro: ' și ' },
  email: { en: 'E-mail', ro: 'E-mail' },
  password: { en: 'Password', ro: 'Parolă' },
  signIn: { en: 'Sign in', ro: 'Conectați-vă' },
  loading: { en: 'Loading...', ro: 'Se încarcă...' },
  notAuthorized: { en: 'Not authorized', ro: 'Nu aveți acces' },
  loginFailed: { en: 'Login failed', ro: 'Autentificarea nu a reușit' },
  errorTitle: { en: 'Unexpected Application Error!', ro: 'Eroare neașteptată în aplicație!' },
  unknownError: { en: 'Unknown error', ro: 'Eroare necunoscută' },
  pageNotFound: { en: '404 Not Found', ro: '404 Pagina nu există' },
  backToDashboard: { en: 'Back to the dashboard', ro: 'Înapoi la panoul de control' },
  // ---- saving (src/admin/save-button.tsx, use-save-status.ts, use-unsaved-guard.tsx) ----
  save: { en: 'Save', ro: 'Salvați' },
  saving: { en: 'Saving...', ro: 'Se salvează...' },
  saved: { en: 'Saved', ro: 'Salvat' },
  saveFailed: { en: 'Save failed', ro: 'Salvarea nu a reușit' },
  unsavedTitle: { en: 'Unsaved changes', ro: 'Modificări nesalvate' },
  unsavedText: {
    en: 'You have changes that are not saved. Leave this page and lose them?',
    ro: 'Aveți modificări care nu sunt salvate. Părăsiți pagina și le pierdeți?',
  },
  stayOnPage: { en: 'Stay on this page', ro: 'Rămâneți pe pagină' },
  leaveWithoutSaving: { en: 'Leave without saving', ro: 'Plecați fără să salvați' },
  // ---- the inbox (src/admin/inbox) ----
  inboxTitle: { en: 'Inbox', ro: 'Mesaje' },
  inboxUnreadable: {
    en: 'The inbox could not be loaded. Reload the page to try again.',
    ro: 'Mesajele nu au putut fi încărcate. Reîncărcați pagina pentru a încerca din nou.',
  },
  deleteFailed: { en: 'Delete failed', ro: 'Ștergerea nu a reușit' },
  restoreFailedWord: { en: 'Restore failed', ro: 'Restaurarea nu a reușit' },
  mailOff: {
    en: 'E-mail notices are off (SMTP_URL and MAIL_FROM are not set): new requests arrive only here. See the README, "Booking requests".',
    ro: 'Notificările pe e-mail sunt oprite (SMTP_URL și MAIL_FROM nu sunt setate): cererile noi ajung doar aici. Vedeți README, „Booking requests”.',
  },
  mailFailing: {
    en: { one: 'E-mail notices are failing: {n} notice not sent since {since}.', other: 'E-mail notices are failing: {n} notices not sent since {since}.' },
    ro: {
      one: 'Notificările pe e-mail nu pleacă: {n} notificare netrimisă din {since}.',
      few: 'Notificările pe e-mail nu pleacă: {n} notificări netrimise din {since}.',
      other: 'Notificările pe e-mail nu pleacă: {n} de notificări netrimise din {since}.',
    },
  } satisfies PluralWords,
  mailLastAnswer: { en: "The mail server's last answer: {answer}.", ro: 'Ultimul răspuns al serverului de e-mail: {answer}.' },
  mailKeepsTrying: {
    en: 'Scena keeps trying (next at {next}); the requests themselves are all here. Check SMTP_URL, MAIL_FROM and NOTIFY_TO.',
    ro: 'Scena încearcă în continuare (următoarea dată la {next}); cererile sunt toate aici. Verificați SMTP_URL, MAIL_FROM și NOTIFY_TO.',
  },
  showView: { en: 'Show', ro: 'Arătați' },
  requestsView: { en: 'Requests ({count}, {unread} unread)', ro: 'Cereri ({count}, necitite: {unread})' },
  archivedView: { en: 'Archived ({count})', ro: 'Arhivate ({count})' },
  exportCsv: { en: 'Export CSV', ro: 'Exportați CSV' },
  requestsNewest: { en: 'Requests, newest first', ro: 'Cereri, cele mai noi întâi' },
  archivedNewest: { en: 'Archived requests, newest first', ro: 'Cereri arhivate, cele mai noi întâi' },
  noRequests: {
    en: 'No booking requests yet. They arrive here from the form on the public page.',
    ro: 'Nicio cerere de rezervare încă. Ajung aici din formularul de pe site-ul public.',
  },
  nothingArchived: { en: 'Nothing archived.', ro: 'Nimic arhivat.' },
  newBadge: { en: 'New', ro: 'Nouă' },
  statusNew: { en: 'New', ro: 'Nouă' },
  statusHandled: { en: 'Handled', ro: 'Rezolvată' },
  statusArchived: { en: 'Archived', ro: 'Arhivată' },
  receivedAt: { en: 'received {when}', ro: 'primită {when}' },
  deleteRequestGroup: { en: 'Delete {label}?', ro: 'Ștergeți {label}?' },
  deleteRequestQuestion: { en: 'Delete the request from {name}?', ro: 'Ștergeți cererea de la {name}?' },
  deleteWord: { en: 'Delete', ro: 'Ștergeți' },
  cancelWord: { en: 'Cancel', ro: 'Anulați' },
  deletedRequest: { en: 'Deleted the request from {name}.', ro: 'S-a șters cererea de la {name}.' },
  openRequest: { en: 'Open the request from {name}', ro: 'Deschideți cererea de la {name}' },
  closeRequest: { en: 'Close the request from {name}', ro: 'Închideți cererea de la {name}' },
  openWord: { en: 'Open', ro: 'Deschideți' },
  closeWord: { en: 'Close', ro: 'Închideți' },
  backToInboxLabel: { en: 'Move the request from {name} back to the inbox', ro: 'Mutați cererea de la {name} înapoi în mesaje' },
  movedBack: { en: 'Moved the request from {name} back to the inbox.', ro: 'Cererea de la {name} a fost mutată înapoi în mesaje.' },
  backToInbox: { en: 'Back to inbox', ro: 'Înapoi în mesaje' },
  markHandledLabel: { en: 'Mark the request from {name} handled', ro: 'Marcați cererea de la {name} ca rezolvată' },
  markNewLabel: { en: 'Mark the request from {name} new', ro: 'Marcați cererea de la {name} ca nouă' },
  markedHandled: { en: 'Marked the request from {name} handled.', ro: 'Cererea de la {name} a fost marcată ca rezolvată.' },
  markedNew: { en: 'Marked the request from {name} new.', ro: 'Cererea de la {name} a fost marcată ca nouă.' },
  markHandled: { en: 'Mark handled', ro: 'Marcați ca rezolvată' },
  markNew: { en: 'Mark new', ro: 'Marcați ca nouă' },
  archiveLabel: { en: 'Archive the request from {name}', ro: 'Arhivați cererea de la {name}' },
  archivedRequest: { en: 'Archived the request from {name}.', ro: 'Cererea de la {name} a fost arhivată.' },
  archive: { en: 'Archive', ro: 'Arhivați' },
  deleteRequestLabel: { en: 'Delete the request from {name}', ro: 'Ștergeți cererea de la {name}' },
  requestFrom: { en: 'Request from {name}', ro: 'Cerere de la {name}' },
  serviceLabel: { en: 'Service', ro: 'Serviciu' },
  budget: { en: 'Budget', ro: 'Buget' },
  dateLabel: { en: 'Date', ro: 'Data' },
  pageLabel: { en: 'Page', ro: 'Pagina' },
  notGiven: { en: 'Not given', ro: 'Nespecificat' },
  replyByEmail: { en: 'Reply by e-mail', ro: 'Răspundeți pe e-mail' },
  cannotReply: { en: 'This address cannot be replied to from here.', ro: 'La această adresă nu se poate răspunde de aici.' },
  deletedRequests: { en: 'Deleted requests', ro: 'Cereri șterse' },
  aVisitor: { en: 'A visitor', ro: 'Un vizitator' },
  deletedAt: { en: 'Deleted {at}', ro: 'Ștearsă {at}' },
  restoreWord: { en: 'Restore', ro: 'Restaurați' },
  restoreRequestLabel: { en: 'Restore the request from {name}', ro: 'Restaurați cererea de la {name}' },
  restoredRequest: { en: 'Restored the request from {name}.', ro: 'S-a restaurat cererea de la {name}.' },
  serviceBeat: { en: 'Custom beat', ro: 'Beat personalizat' },
  serviceMixing: { en: 'Mixing', ro: 'Mixaj' },
  serviceMastering: { en: 'Mastering', ro: 'Masterizare' },
  serviceCollab: { en: 'Collab', ro: 'Colaborare' },
  serviceOther: { en: 'Other', ro: 'Altceva' },
  // ---- the account page (src/admin/pages/account.tsx) ----
  accountTitle: { en: 'Account', ro: 'Cont' },
  signedInAsBefore: { en: 'Signed in as ', ro: 'Conectat ca ' },
  changePasswordTitle: { en: 'Change password', ro: 'Schimbarea parolei' },
  currentPassword: { en: 'Current password', ro: 'Parola actuală' },
  newPassword: { en: 'New password', ro: 'Parola nouă' },
  newPasswordAgain: { en: 'New password, again', ro: 'Parola nouă, încă o dată' },
  newPasswordHint: {
    en: '{min} to {max} characters, not one of the most common passwords.',
    ro: 'Între {min} și {max} de caractere, nu una dintre cele mai folosite parole.',
  },
  enterCurrentPassword: { en: 'Enter your current password.', ro: 'Introduceți parola actuală.' },
  passwordLength: {
    en: 'The new password must be {min} to {max} characters long.',
    ro: 'Parola nouă trebuie să aibă între {min} și {max} de caractere.',
  },
  passwordsDiffer: { en: 'The two new passwords differ.', ro: 'Cele două parole noi diferă.' },
  changePassword: { en: 'Change password', ro: 'Schimbați parola' },
  changing: { en: 'Changing...', ro: 'Se schimbă...' },
  passwordChanged: {
    en: 'Password changed. Every other session has ended.',
    ro: 'Parola a fost schimbată. Toate celelalte sesiuni s-au încheiat.',
  },
  passwordNotChanged: { en: 'The password could not be changed.', ro: 'Parola nu a putut fi schimbată.' },
  sessionsTitle: { en: 'Sessions', ro: 'Sesiuni' },
  sessionsText: {
    en: 'Signed in on another computer or phone, or not sure? This ends every session of this account, this one included.',
    ro: 'V-ați conectat pe alt calculator sau telefon ori nu sunteți sigur? Aceasta încheie toate sesiunile acestui cont, inclusiv pe aceasta.',
  },
  signOutEverywhere: { en: 'Sign out everywhere', ro: 'Ieșiți de pe toate dispozitivele' },
  signingOut: { en: 'Signing out...', ro: 'Se iese din cont...' },
  sessionsNotEnded: { en: 'The sessions could not be ended.', ro: 'Sesiunile nu au putut fi încheiate.' },
  sessionsFirebase: {
    en: 'Changing the password ends the sessions on every other device (within the hour, when their access expires).',
    ro: 'Schimbarea parolei încheie sesiunile de pe toate celelalte dispozitive (în cel mult o oră, când le expiră accesul).',
  },
  // ---- the list editor's summaries (src/admin/kinds/summaries.ts) ----
  untitled: { en: 'Untitled', ro: 'Fără titlu' },
  priceFrom: { en: 'From {price}', ro: 'De la {price}' },
  priceOnRequest: { en: 'No price shown', ro: 'Fără preț afișat' },
  days: { en: { one: '{n} day', other: '{n} days' }, ro: { one: '{n} zi', few: '{n} zile', other: '{n} de zile' } } satisfies PluralWords,
  samplesCount: {
    en: { one: '{n} sample', other: '{n} samples' },
    ro: { one: '{n} mostră', few: '{n} mostre', other: '{n} de mostre' },
  } satisfies PluralWords,
  noSamples: { en: 'No samples', ro: 'Nicio mostră' },
  beforeAfter: { en: 'Before / After', ro: 'Înainte / După' },
  matched: { en: 'Loudness matched', ro: 'Intensitate egalizată' },
  notMatched: { en: 'Loudness not matched', ro: 'Intensitate neegalizată' },
  before: { en: 'Before: {name}', ro: 'Înainte: {name}' },
  noAudioChosen: { en: 'No audio chosen: visitors do not see it', ro: 'Niciun audio ales: vizitatorii nu o văd' },
  audioGone: { en: 'Its audio was deleted: visitors do not see it', ro: 'Audio-ul ei a fost șters: vizitatorii nu o văd' },
  audioNotReady: { en: '{name} is not ready yet: visitors see the sample once it is', ro: '{name} nu este încă gata: vizitatorii văd mostra când va fi' },
  audioFailed: { en: '{name} failed: retry it on the Media page', ro: '{name} a eșuat: reîncercați din pagina Media' },
  roles: { en: 'No role ticked', ro: 'Niciun rol bifat' },
  // ---- a list's items placed on another list's item (a service's samples) ----
  childrenOf: { en: '{children} of {name}', ro: '{children}: {name}' },
  addChild: { en: 'Add a sample to {name}', ro: 'Adăugați o mostră la {name}' },
  addChildButton: { en: 'Add a sample', ro: 'Adăugați o mostră' },
  addChildSubmit: { en: 'Add sample', ro: 'Adăugați mostra' },
  newChild: { en: 'New sample', ro: 'Mostră nouă' },
  noChildren: { en: 'No samples yet: the card shows none.', ro: 'Nicio mostră încă: cardul nu arată niciuna.' },
  noAudioYet: {
    en: 'The audio library is empty: upload the audio on the Media page first.',
    ro: 'Biblioteca audio este goală: încărcați mai întâi fișierele audio în pagina Media.',
  },
  toMedia: { en: 'Go to Media', ro: 'Mergeți la Media' },
  chooseAudio: { en: 'must be chosen from the audio library', ro: 'trebuie ales din biblioteca audio' },
  noneChosen: { en: '(none chosen)', ro: '(niciunul ales)' },
  draft: { en: '(draft)', ro: '(ciornă)' },
  removedFromList: { en: 'Recently removed', ro: 'Eliminate recent' },
  seedOffer: {
    en: 'Add these {count} to the list to edit them, give them prices and place samples on them.',
    ro: 'Adăugați-le pe acestea {count} în listă pentru a le edita, a le da prețuri și a le pune mostre.',
  },
  seedButton: { en: 'Add the services visitors see now', ro: 'Adăugați serviciile pe care le văd acum vizitatorii' },
  seeded: { en: 'Added the {count} services: edit them below.', ro: 'S-au adăugat cele {count} servicii: editați-le mai jos.' },
  servicesEmpty: {
    en: 'Visitors see these until you add one: {names}.',
    ro: 'Vizitatorii le văd pe acestea până adăugați unul: {names}.',
  },
  // ---- audio in the media library (src/admin/media/audio-library.tsx) ----
  audioHeading: { en: 'Audio', ro: 'Audio' },
  imagesHeading: { en: 'Images', ro: 'Imagini' },
  audioEmpty: { en: 'No audio yet.', ro: 'Nu există încă fișiere audio.' },
  untitledAudio: { en: 'Untitled audio', ro: 'Audio fără nume' },
  ready: { en: 'Ready', ro: 'Gata' },
  processing: { en: 'Processing', ro: 'Se procesează' },
  failed: { en: 'Failed', ro: 'Eșuat' },
  processingPercent: { en: 'Processing: {percent}%', ro: 'Se procesează: {percent}%' },
  processingUnknown: { en: 'Processing…', ro: 'Se procesează…' },
  processingLabel: { en: 'Processing {name}', ro: 'Se procesează {name}' },
  becameReady: { en: '{name} is ready.', ro: '{name} este gata.' },
  becameFailed: { en: '{name} failed: {problem}', ro: '{name} a eșuat: {problem}' },
  failedNoReason: { en: 'the server gave no reason', ro: 'serverul nu a spus de ce' },
  retry: { en: 'Retry', ro: 'Reîncercați' },
  retryLabel: { en: 'Retry {name}', ro: 'Reîncercați {name}' },
  retrying: { en: 'Processing {name} again.', ro: 'Se procesează din nou {name}.' },
  retryFailed: { en: 'The retry could not start', ro: 'Reîncercarea nu a putut porni' },
  progressFailed: {
    en: 'The progress could not be read; trying again.',
    ro: 'Progresul nu a putut fi citit; se încearcă din nou.',
  },
  duration: { en: 'Duration', ro: 'Durată' },
  durationUnknown: { en: 'duration unknown', ro: 'durată necunoscută' },
  loudness: { en: '{value} LUFS', ro: '{value} LUFS' },
  listen: { en: 'Listen to {name}', ro: 'Ascultați {name}' },
  waveformOf: { en: 'Waveform of {name}', ro: 'Forma de undă a fișierului {name}' },
  audioUnused: { en: 'Not used anywhere yet.', ro: 'Nu este folosit încă nicăieri.' },
  audioUsedIn: { en: 'Used in: {places}', ro: 'Folosit în: {places}' },
  audioInUse: {
    en: 'Cannot be deleted while it is used: choose another audio there first.',
    ro: 'Nu poate fi șters cât timp este folosit: alegeți mai întâi alt audio acolo.',
  },
  sampleAfter: { en: 'sample “{name}”', ro: 'mostra „{name}”' },
  sampleBefore: { en: 'sample “{name}” (before)', ro: 'mostra „{name}” (înainte)' },
  confirmDeleteAudioGroup: { en: 'Confirm deleting {name}', ro: 'Confirmați ștergerea fișierului {name}' },
  renameLabel: { en: 'Rename {name}', ro: 'Redenumiți {name}' },
  rename: { en: 'Rename', ro: 'Redenumiți' },
  uploadedAudio: { en: 'Uploaded {name}: processing.', ro: 'S-a încărcat {name}: se procesează.' },
  tooBig: { en: '{name} is larger than {max} MB.', ro: '{name} are mai mult de {max} MB.' },
  addAudioByAddress: { en: 'Add audio by its address', ro: 'Adăugați audio după adresă' },
  addAudioByAddressHelp: {
    en: 'Audio is not stored here: give the https:// address of a file hosted elsewhere. Its loudness is optional: with it, a Before / After pair plays equally loud.',
    ro: 'Fișierele audio nu sunt stocate aici: dați adresa https:// a unui fișier găzduit în altă parte. Intensitatea este opțională: cu ea, o pereche Înainte / După se aude la fel de tare.',
  },
  addAudio: { en: 'Add audio', ro: 'Adăugați audio' },
  // ---- the dashboard's fan numbers per sample ----
  samplesTable: { en: 'Samples', ro: 'Mostre' },
  sampleColumn: { en: 'Sample', ro: 'Mostră' },
  playsColumn: { en: 'Plays', ro: 'Redări' },
  switchesColumn: { en: 'Before / After switches', ro: 'Comutări Înainte / După' },
  removedSample: { en: 'A removed sample', ro: 'O mostră eliminată' },
  // ---- shows (issue 23) ----
  venueClock: { en: 'On the venue’s clock: {zone}', ro: 'După ceasul locului: {zone}' },
  yourZone: { en: '{zone} (yours)', ro: '{zone} (al dumneavoastră)' },
  whichTime: {
    en: 'The clocks go back that night: {time} happens twice in {zone}. Which one?',
    ro: 'În acea noapte ceasurile se dau înapoi: ora {time} are loc de două ori în {zone}. Care dintre ele?',
  },
  firstTime: { en: 'The first (summer time, UTC{offset})', ro: 'Prima (ora de vară, UTC{offset})' },
  secondTime: { en: 'The second (winter time, UTC{offset})', ro: 'A doua (ora de iarnă, UTC{offset})' },
  chooseCountry: { en: 'Choose a country', ro: 'Alegeți o țară' },
  showsTable: { en: 'Shows', ro: 'Concerte' },
  showColumn: { en: 'Show', ro: 'Concert' },
  ticketsColumn: { en: 'Ticket clicks', ro: 'Clicuri pe bilete' },
  calendarsColumn: { en: 'Calendar downloads', ro: 'Descărcări în calendar' },
  removedShow: { en: 'A removed show', ro: 'Un concert eliminat' },
} as const satisfies Record<string, Words | PluralWords>;

/** How the admin names each language of the content, by language (LANGUAGE_NAMES in ./kinds/form-model.ts reads these). */
export const LANGUAGE_WORDS = { en: ADMIN_WORDS.english, ro: ADMIN_WORDS.romanian } as const;

type WordKey = { [K in keyof typeof ADMIN_WORDS]: (typeof ADMIN_WORDS)[K] extends PluralWords ? never : K }[keyof typeof ADMIN_WORDS];
type PluralKey = Exclude<keyof typeof ADMIN_WORDS, WordKey>;

const fillIn = (text: string, values: Record<string, string | number> = {}) =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));

/** An admin phrase in the admin's language now, its `{placeholders}` filled. */
export function t(key: WordKey, values?: Record<string, string | number>): string {
  return fillIn((ADMIN_WORDS[key] as Words)[adminLanguage()], values);
}

/** A counted admin phrase ("3 zile", "20 de zile") in the admin's language now, `{n}` written with Intl. */
export function tCount(key: PluralKey, n: number, values?: Record<string, string | number>): string {
  const language = adminLanguage();
  const locale = localeOf(language);
  const forms = (ADMIN_WORDS[key] as PluralWords)[language];
  return fillIn(forms[new Intl.PluralRules(locale).select(n)] ?? forms.other, { ...values, n: new Intl.NumberFormat(locale).format(n) });
}
