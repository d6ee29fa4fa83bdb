/**
 * The admin's own phrases that the declarations' words do not hold (headings, buttons, states, summaries), in both
 * languages, one place for all of them (the Media page's older ones are in ./media/words.ts). The admin shows them
 * with say() in ADMIN_LANGUAGE; the day it speaks Romanian (issue 22), nothing here changes. `{name}` placeholders are
 * filled with fill() (./media/words.ts). A phrase that counts has its plural forms by Intl.PluralRules category.
 */
import type { Words } from '../content/fields/declare';

/** Words by plural category (Intl.PluralRules): English has one/other; Romanian one/few/other ("1 zi", "3 zile", "20 de zile"). */
export type PluralWords = {
  en: Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };
  ro: Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };
};

export const ADMIN_WORDS = {
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
