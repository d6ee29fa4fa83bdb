/**
 * Every error the admin shows, in the admin's language (docs/decisions/0031): a backend's refusal by its code (the
 * server's REFUSALS, server/errors.ts, and the Firebase adapter's codes), a field's problem by its message id and
 * parameters (src/content/fields/messages.ts), naming the field as its label does ("Titlu, română: …"). English keeps
 * the backend's own message, as the API and the tests read it.
 */
import { BackendError } from '../content/backend';
import { KINDS } from '../content/kinds';
import { problemWords } from '../content/fields/messages';
import { declaredProblem } from '../content/media-problems';
import { problemText, type Agreement } from './field-problem';
import { inputsOf } from './kinds/form-model';
import { adminLanguage } from './language';
import { MEDIA_WORDS } from './media/words';
import { ADMIN_WORDS } from './words';

/**
 * A refusal's Romanian words by its code: every code of the server's REFUSALS (server/errors.ts; a test fails on one
 * missing here) and those the Firebase adapter and the admin's own requests give.
 */
export const REFUSAL_WORDS_RO: Record<string, string> = {
  invalid: 'Cererea nu este validă.',
  'bad-json': 'Datele trimise nu sunt JSON valid.',
  'empty-body': 'Cererea este goală.',
  'too-deep': 'Datele trimise au prea multe niveluri.',
  'bad-request': 'Cererea nu este validă.',
  'bad-url': 'Adresa nu este validă.',
  'wrong-password': 'Parola actuală nu este corectă.',
  'login-failed': 'Autentificarea nu a reușit',
  unauthenticated: 'Conectați-vă mai întâi.',
  'not-authorized': 'Nu aveți acces',
  'cross-site': 'Cererile venite de pe alt site sunt refuzate.',
  'cross-origin': 'Cererile venite din altă origine sunt refuzate.',
  'not-found': 'Elementul nu a fost găsit: poate a fost eliminat între timp. Reîncărcați pagina.',
  timeout: 'Cererea a sosit prea încet.',
  'list-full': 'Lista este plină: eliminați mai întâi un element.',
  'slug-taken': 'Alt element are deja această adresă: alegeți alta.',
  'too-large': 'Datele trimise sunt prea mari.',
  // The admin's own check before an upload (src/admin/media/media-page.tsx): audio over 200 MB.
  'too-big': 'Fișierul depășește 200 MB: exportați-l mai scurt sau comprimat.',
  'unsupported-media-type': 'Cererea trebuie să trimită JSON.',
  'too-many-attempts': 'Prea multe încercări de conectare nereușite. Încercați din nou mai târziu.',
  busy: 'Serverul verifică acum alte conectări. Încercați din nou peste câteva clipe.',
  'too-many-events': 'Prea multe evenimente: încercați din nou mai târziu.',
  'headers-too-large': 'Antetele cererii sunt prea mari.',
  'no-file': 'Trimiteți imaginea într-un câmp de formular numit „file”.',
  'one-file': 'Trimiteți câte o imagine, într-un câmp de formular numit „file”, fără nimic altceva.',
  empty: 'Fișierul este gol (0 octeți).',
  corrupt: 'Fișierul nu este o imagine care poate fi citită: poate este deteriorat sau incomplet.',
  'too-many-pixels': 'Imaginea are mai mult de 50 de megapixeli.',
  'unsupported-type': 'Fișierul nu este o imagine JPEG, PNG, WebP sau AVIF.',
  'not-audio': 'Fișierul nu este WAV, AIFF, FLAC, MP3, M4A/AAC sau Ogg/Opus.',
  truncated: 'Fișierul este incomplet: încărcați din nou întregul fișier.',
  undecodable: 'Fișierul nu a putut fi citit ca audio: poate este deteriorat.',
  'too-long': 'Fișierul audio durează mai mult de 15 minute: cel mult 15 minute.',
  // ---- The documents library (issue 31) ----
  'unsafe-document': 'Fișierul conține ceva care ar putea rula sau descărca ceva când este deschis.',
  'protected-document': 'PDF-ul este protejat cu o parolă sau cu restricții.',
  'in-use': 'Este folosit pe site: alegeți mai întâi altceva acolo.',
  'upload-offset': 'Serverul are altă parte a fișierului: încărcarea continuă de unde a rămas.',
  'upload-busy': 'O parte a acestei încărcări încă sosește: așteptați-o.',
  'upload-incomplete': 'Încărcarea nu este completă: trimiteți mai întâi restul.',
  'uploads-open': 'Trei încărcări sunt deja în curs: așteptați să se termine una sau anulați una.',
  'booking-token-invalid': 'Formularul nu este cel dat de acest site: reîncărcați pagina și trimiteți-l din nou.',
  'booking-token-expired': 'Formularul a stat deschis mai mult de o zi: trimiteți-l din nou.',
  'booking-too-soon': 'A fost trimis mai repede decât poate scrie cineva: verificați formularul și trimiteți-l din nou.',
  'booking-rate-limited': 'Din conexiunea dumneavoastră au venit mai multe cereri în ultima oră: încercați mai târziu sau scrieți pe e-mail.',
  'booking-site-busy': 'Site-ul primește acum multe cereri: încercați mai târziu sau scrieți pe e-mail.',
  'booking-inbox-full': 'Mesajele sunt pline acum: scrieți pe e-mail.',
  // The fans' list (server/routes/fans.ts): the visitor's refusals, in the admin's words too, and the import's.
  'fans-off': 'Acest site nu primește abonări la lista proprie.',
  'fans-token-invalid': 'Formularul nu este cel dat de acest site: reîncărcați pagina și abonați-vă din nou.',
  'fans-token-expired': 'Formularul a stat deschis mai mult de o zi: abonați-vă din nou.',
  'fans-too-soon': 'A fost trimis mai repede decât poate scrie un om: apăsați din nou butonul.',
  'fans-rate-limited': 'Au venit mai multe abonări de la conexiunea dumneavoastră în ultima oră: încercați mai târziu.',
  'fans-site-busy': 'Site-ul primește acum multe abonări: încercați mai târziu.',
  'fans-unavailable': 'Lista nu poate primi abonări acum: nu s-a salvat nimic. Încercați din nou peste câteva minute.',
  'fans-import-too-large': 'Fișierul are mai mult de 40 MB: exportați mai puține persoane deodată sau doar pe cele abonate.',
  'fans-import-not-csv': 'Fișierul nu este un export CSV (text separat prin virgule, cu un rând de antet).',
  'fans-import-no-email': 'Fișierul nu are o coloană de e-mail: un export Kit are „email”, un export Mailchimp „Email Address”.',
  'letter-problems': 'Scrisoarea are probleme de rezolvat înainte de a fi trimisă: le vedeți sub fiecare câmp.',
  'letter-state': 'Scrisoarea nu mai poate fi schimbată: se trimite acum sau a fost trimisă ori anulată.',
  'mail-not-set-up': 'E-mailul nu este configurat: setați SMTP_URL și MAIL_FROM pe server (docs/operating.md).',
  'database-busy': 'Baza de date este ocupată de alt program: încercați din nou peste câteva clipe.',
  'disk-full': 'Discul serverului s-a umplut: nu s-a salvat nimic. Faceți loc pe server (docs/operating.md), apoi încercați din nou.',
  // The admin's own requests and the Firebase adapter (src/content/backends).
  network: 'Serverul nu poate fi contactat. Verificați conexiunea și încercați din nou.',
  aborted: 'Încărcarea a fost anulată.',
  'not-image': 'Fișierul nu este o imagine.',
  'session-expired': 'Sesiunea s-a încheiat: conectați-vă din nou.',
  'not-admin': 'Nu aveți acces',
  interrupted: 'Conectarea nu a reușit. Încercați din nou.',
  unverified: 'Adresa de e-mail a acestui cont nu este confirmată.',
  'no-claim': 'Acest cont nu este confirmat ca administrator.',
  'weak-password': 'Parola nouă nu respectă regulile de parole ale acestui proiect Firebase.',
  'permission-denied': 'Nu aveți acces: conectați-vă din nou.',
  'resource-exhausted': 'Limita zilnică a proiectului Firebase a fost atinsă. Încercați din nou mai târziu.',
  'deadline-exceeded': 'Serverul a răspuns prea încet. Încercați din nou.',
  'auth/invalid-credential': 'Autentificarea nu a reușit',
  'auth/invalid-login-credentials': 'Autentificarea nu a reușit',
  'auth/wrong-password': 'Autentificarea nu a reușit',
  'auth/user-not-found': 'Autentificarea nu a reușit',
  'auth/invalid-email': 'Adresa de e-mail nu este validă.',
  'auth/missing-email': 'Introduceți adresa de e-mail.',
  'auth/missing-password': 'Introduceți parola.',
  'auth/user-disabled': 'Acest cont este dezactivat.',
  'auth/too-many-requests': 'Prea multe încercări de conectare nereușite. Încercați din nou mai târziu.',
  'auth/network-request-failed': 'Serverul nu poate fi contactat. Verificați conexiunea și încercați din nou.',
  'auth/operation-not-allowed': 'Conectarea cu e-mail și parolă nu este activată în acest proiect Firebase.',
  'auth/invalid-api-key': 'Setările Firebase ale acestui site nu sunt valide.',
};

const INVALID_VALUE_RO = 'valoarea nu este validă';
/** The account's and the upload's fields, as a Romanian sentence names them, with their gender (issue 33). */
const ACCOUNT_FIELDS_RO: Record<string, { the: string } & Agreement> = {
  currentPassword: { the: 'Parola actuală', gender: 'f' },
  newPassword: { the: 'Parola nouă', gender: 'f' },
  file: { the: 'Fișierul', gender: 'n' },
};

/**
 * A field as a sentence about it names it ("Title, Romanian", "Spotify"; „Titlul în română”, „Linkul Spotify”), by its
 * stored name ("title_ro", "links.spotify"), with what a Romanian message agrees with.
 */
export function fieldLabel(field: string): { name: string; agree?: Agreement } {
  for (const kind of KINDS) {
    const input = inputsOf(kind).find((i) => i.name === field);
    if (input) return { name: input.subject, ...(input.agree && { agree: input.agree }) };
  }
  const account = adminLanguage() === 'ro' ? ACCOUNT_FIELDS_RO[field] : undefined;
  return account ? { name: account.the, agree: account } : { name: field };
}

/**
 * An error as the admin shows it, in the admin's language: English keeps the backend's message ("links.spotify must be
 * an https:// link", "Not authorized"); Romanian words the refusal by its code, a field's problem by its id, naming the
 * field by its label ("Spotify: trebuie să fie un link https://"), a media refusal by its declared words
 * (src/content/media-problems.ts: „photo.jpg” and its advice kept). Anything else: `fallback`, already in the language.
 */
export function wordError(error: unknown, fallback: string): string {
  const message = error instanceof Error ? error.message : '';
  if (adminLanguage() === 'en') return message || fallback;
  if (!(error instanceof BackendError)) return inRomanian(fallback);
  const { code, field } = error;
  // Every backend's refusal has a code: one without is the admin's own, worded already (a form passing on its answer).
  if (!code) return message || inRomanian(fallback);
  if (field && (code === 'invalid' || error.problem)) {
    const own = field && message.startsWith(`${field} `) ? message.slice(field.length + 1) : message;
    const problem = error.problem ?? problemWords(own);
    const { name, agree } = fieldLabel(field);
    return `${name}: ${problem ? problemText(problem, own, undefined, agree) : INVALID_VALUE_RO}`;
  }
  // A file's refusal (an upload's, the admin's own check): its declared Romanian, with the file's name and the advice.
  return declaredProblem(message, 'ro') ?? (REFUSAL_WORDS_RO[code] || inRomanian(fallback));
}

let fromEnglish: Map<string, string> | undefined;
/**
 * A fallback some caller still gives in English ("Save failed", "Restore failed") in Romanian when the dictionaries
 * hold it; any other text as it is (the Romanian page's browser test finds those).
 */
function inRomanian(text: string): string {
  fromEnglish ??= new Map(
    [...Object.values(ADMIN_WORDS), ...Object.values(MEDIA_WORDS)].flatMap((w) => (typeof w.en === 'string' ? [[w.en, w.ro as string] as const] : [])),
  );
  return fromEnglish.get(text) ?? text;
}
