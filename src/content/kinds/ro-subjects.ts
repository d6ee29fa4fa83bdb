/**
 * How Romanian names each field when a sentence is about it (issue 33): a refusal says „Țara trebuie aleasă”, not
 * „Țară trebuie ales”. Beside the kinds' words (their Romanian labels are the keys, as the forms show them): the
 * field as the subject of a sentence, articulated („Țara”, „Titlul”, „Data și ora lansării”), and its gender and number,
 * which the admin's Romanian messages agree with (src/admin/field-problem.ts). A label without an entry fails
 * src/admin/agreement.test.ts; a label changed in a kind's words needs its entry changed here.
 */

/** Masculine, feminine or neuter (a neuter agrees as a masculine in the singular and as a feminine in the plural). */
export type RoGender = 'm' | 'f' | 'n';

export interface RoSubject {
  /** The field as the subject of a sentence, articulated, without „(opțional)”. */
  the: string;
  gender: RoGender;
  plural?: true;
}

const f = (the: string): RoSubject => ({ the, gender: 'f' });
const m = (the: string): RoSubject => ({ the, gender: 'm' });
const n = (the: string): RoSubject => ({ the, gender: 'n' });

/** By the field's Romanian label (a link of a group by its own label). */
export const RO_SUBJECTS: Readonly<Record<string, RoSubject>> = {
  // Settings and stats.
  'Titlul principal': n('Titlul principal'),
  'Biografie, primul paragraf': n('Primul paragraf al biografiei'),
  'Biografie, al doilea paragraf': n('Al doilea paragraf al biografiei'),
  'Biografie, al treilea paragraf': n('Al treilea paragraf al biografiei'),
  'E-mail de contact': f('Adresa de e-mail de contact'),
  Portret: n('Portretul'),
  'Imagine pentru distribuire': f('Imaginea pentru distribuire'),
  'Lansarea evidențiată': f('Lansarea evidențiată'),
  'Cel mai nou vlog': n('Linkul celui mai nou vlog'),
  'Lansări afișate în statistici': n('Numărul de lansări afișate în statistici'),
  'Ordinea discografiei': f('Ordinea discografiei'),
  'Tag de producător': n('Tagul de producător'),
  'Abonarea la newsletter': f('Abonarea la newsletter'),
  'Codul formularului Kit': n('Codul formularului Kit'),
  'Ascultători lunari': n('Numărul de ascultători lunari'),
  // The links of a group (settings' and a release's), each by its platform.
  Spotify: n('Linkul Spotify'),
  'Spotify for Artists': n('Linkul Spotify for Artists'),
  YouTube: n('Linkul YouTube'),
  Instagram: n('Linkul Instagram'),
  TikTok: n('Linkul TikTok'),
  'X (Twitter)': n('Linkul X (Twitter)'),
  'Apple Music': n('Linkul Apple Music'),
  'YouTube Music': n('Linkul YouTube Music'),
  Deezer: n('Linkul Deezer'),
  TIDAL: n('Linkul TIDAL'),
  'Amazon Music': n('Linkul Amazon Music'),
  SoundCloud: n('Linkul SoundCloud'),
  Bandcamp: n('Linkul Bandcamp'),
  Beatport: n('Linkul Beatport'),
  // Releases.
  Titlu: n('Titlul'),
  Adresă: f('Adresa'),
  Stare: f('Starea'),
  Tip: n('Tipul'),
  'Data și ora lansării': { the: 'Data și ora lansării', gender: 'f', plural: true },
  Copertă: f('Coperta'),
  Descriere: f('Descrierea'),
  'Număr de piese': n('Numărul de piese'),
  'Detalii (album, an, piese)': { the: 'Detaliile', gender: 'n', plural: true },
  Link: n('Linkul'),
  'Scrie-le fanilor când apare': f('Scrisoarea către fani la apariție'),
  // Shows.
  Locul: n('Locul'),
  Oraș: n('Orașul'),
  'Numele orașului în această limbă (opțional)': n('Numele orașului'),
  Țară: f('Țara'),
  'Adresa (opțional)': f('Adresa'),
  'Fusul orar al locului': n('Fusul orar al locului'),
  Începe: n('Începutul'),
  'Deschiderea porților (opțional)': f('Deschiderea porților'),
  'Se termină (opțional)': n('Sfârșitul'),
  Situație: f('Situația'),
  'Data anterioară (la reprogramare)': f('Data anterioară'),
  'Link pentru bilete': n('Linkul pentru bilete'),
  Intrare: f('Intrarea'),
  'Preț de la': n('Prețul minim'),
  Monedă: f('Moneda'),
  'Notă despre preț (opțional)': f('Nota despre preț'),
  'Afiș (opțional)': n('Afișul'),
  'Adresa paginii': f('Adresa paginii'),
  // Collaborators, services, samples, credits, testimonials.
  Nume: n('Numele'),
  Rol: n('Rolul'),
  'Rolul cu cuvintele dumneavoastră, în engleză': n('Rolul cu cuvintele dumneavoastră, în engleză'),
  'Rolul cu cuvintele dumneavoastră, în română': n('Rolul cu cuvintele dumneavoastră, în română'),
  'Precizare preț': f('Precizarea despre preț'),
  'Termen de la (zile)': n('Termenul minim (în zile)'),
  'Termen până la (zile)': n('Termenul maxim (în zile)'),
  'Ce include': n('Conținutul serviciului'),
  'Serviciul din formularul de rezervare': n('Serviciul din formularul de rezervare'),
  Serviciu: n('Serviciul'),
  'Audio (după)': n('Fișierul audio (după)'),
  'Înainte (opțional)': n('Fișierul audio (înainte)'),
  'Egalizarea intensității': f('Egalizarea intensității'),
  Artist: m('Artistul'),
  'Rolurile dumneavoastră': { the: 'Rolurile dumneavoastră', gender: 'n', plural: true },
  Anul: m('Anul'),
  Citat: n('Citatul'),
  'Rol sau proiect': n('Rolul sau proiectul'),
  'Link (opțional)': n('Linkul'),
  'Fotografie (opțională)': f('Fotografia'),
  // The press kit (issue 31).
  'Biografie scurtă': f('Biografia scurtă'),
  'Biografie lungă': f('Biografia lungă'),
  'Condițiile de folosire a fotografiilor': { the: 'Condițiile de folosire a fotografiilor', gender: 'f', plural: true },
  'Logo (SVG)': n('Logoul SVG'),
  'Logo (PNG)': n('Logoul PNG'),
  'Rider tehnic (PDF)': n('Riderul tehnic'),
  'Plan de scenă (PDF)': n('Planul de scenă'),
  'Contact de presă': n('Contactul de presă'),
  'E-mail de presă': f('Adresa de e-mail de presă'),
  Fotografie: f('Fotografia'),
  Fotograf: n('Numele fotografului'),
  Publicație: f('Publicația'),
  'Linkul articolului (opțional)': n('Linkul articolului'),
  'Data (opțională)': f('Data'),
  // Documents.
  'Adresa fișierului': f('Adresa fișierului'),
  Format: n('Formatul'),
  'Dimensiune (octeți)': f('Dimensiunea'),
  Pagini: n('Numărul de pagini'),
  // The link page's own links (issue 31).
  Etichetă: f('Eticheta'),
  'Adresa (https)': f('Adresa'),
  Pictogramă: f('Pictograma'),
  // Media and audio.
  'Adresa imaginii': f('Adresa imaginii'),
  'Lățime (pixeli)': f('Lățimea'),
  'Înălțime (pixeli)': f('Înălțimea'),
  Previzualizare: f('Previzualizarea'),
  'Text alternativ': n('Textul alternativ'),
  'Adresa fișierului audio': f('Adresa fișierului audio'),
  Problemă: f('Problema'),
  'Durată (milisecunde)': f('Durata'),
  'Intensitate (LUFS)': f('Intensitatea'),
  'Vârf real (dBTP)': n('Vârful real'),
  'Formă de undă': f('Forma de undă'),
  // Booking requests.
  'E-mail': f('Adresa de e-mail'),
  Ce: n('Serviciul cerut'),
  'Orașul evenimentului': n('Orașul evenimentului'),
  Buget: n('Bugetul'),
  Data: f('Data'),
  Mesaj: n('Mesajul'),
  Limba: f('Limba'),
  Primit: f('Data primirii'),
};
