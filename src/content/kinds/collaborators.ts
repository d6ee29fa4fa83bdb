/**
 * The people the artist works with, in the admin's order. A role is one of the common ones, with its words in both
 * languages, or the admin's own words, in English and in Romanian (docs/decisions/0042-romanian-everywhere-and-promoters.md).
 */
import { choice, list, text, type KindWords } from '../fields/declare';

/**
 * The common roles, 'own' first (the admin's words in `role` and `roleRo`: what every collaborator written before the
 * choice existed reads as). Romanian says most of them as credits do, by the work ("Mixaj: …", "Vioară: …"), which
 * reads right for a woman and a man alike.
 */
export const COLLABORATOR_ROLES = [
  'own',
  'artist',
  'producer',
  'songwriter',
  'vocals',
  'mixing-engineer',
  'mastering-engineer',
  'audio-engineer',
  'violin',
  'guitar',
  'keys',
  'drums',
  'photographer',
  'video-director',
  'designer',
] as const;
export type CollaboratorRole = (typeof COLLABORATOR_ROLES)[number];

export const collaborators = list({
  name: 'collaborators',
  item: 'collaborator',
  max: 200,
  fields: {
    name: text({ max: 120 }),
    roleKind: choice({ options: COLLABORATOR_ROLES }),
    /** With roleKind 'own': the role in English (and on the Romanian page while roleRo is empty). */
    role: text({ max: 120 }),
    /** With roleKind 'own': the role in Romanian. */
    roleRo: text({ max: 120 }),
  },
});

export const collaboratorsWords = {
  label: { en: 'Collaborators', ro: 'Colaboratori' },
  fields: {
    name: { label: { en: 'Name', ro: 'Nume' } },
    roleKind: {
      label: { en: 'Role', ro: 'Rol' },
      options: {
        own: { en: 'In my own words (below)', ro: 'Cu cuvintele mele (mai jos)' },
        artist: { en: 'Artist', ro: 'Artist' },
        producer: { en: 'Producer', ro: 'Producție' },
        songwriter: { en: 'Songwriter', ro: 'Compoziție' },
        vocals: { en: 'Vocals', ro: 'Voce' },
        'mixing-engineer': { en: 'Mixing engineer', ro: 'Mixaj' },
        'mastering-engineer': { en: 'Mastering engineer', ro: 'Masterizare' },
        'audio-engineer': { en: 'Audio engineer', ro: 'Inginerie de sunet' },
        violin: { en: 'Violin', ro: 'Vioară' },
        guitar: { en: 'Guitar', ro: 'Chitară' },
        keys: { en: 'Keys', ro: 'Clape' },
        drums: { en: 'Drums', ro: 'Tobe' },
        photographer: { en: 'Photographer', ro: 'Fotografie' },
        'video-director': { en: 'Video director', ro: 'Regie video' },
        designer: { en: 'Designer', ro: 'Design' },
      },
    },
    role: {
      label: { en: 'Role in your words, English', ro: 'Rolul cu cuvintele dumneavoastră, în engleză' },
      help: {
        en: 'With “In my own words”. Also shown on the Romanian page while the next field is empty.',
        ro: 'La „Cu cuvintele mele”. Apare și pe pagina în română cât timp câmpul următor e gol.',
      },
    },
    roleRo: {
      label: { en: 'Role in your words, Romanian', ro: 'Rolul cu cuvintele dumneavoastră, în română' },
      help: {
        en: 'With “In my own words”: as Romanian visitors read it (“Artistă”, “Orchestrații”).',
        ro: 'La „Cu cuvintele mele”: cum îl citesc vizitatorii români („Artistă”, „Orchestrații”).',
      },
    },
  },
} satisfies KindWords<typeof collaborators>;

/** A collaborator's role in a language: the common role's words, else the admin's (the Romanian, else the English). */
export function collaboratorRole(c: Partial<Record<string, unknown>>, lang: 'en' | 'ro'): string {
  const options: Partial<Record<string, { en: string; ro: string }>> = collaboratorsWords.fields.roleKind.options;
  const common = c.roleKind !== 'own' && typeof c.roleKind === 'string' ? options[c.roleKind] : undefined;
  if (common) return common[lang];
  const own = (key: 'role' | 'roleRo') => (typeof c[key] === 'string' ? (c[key] as string) : '');
  return (lang === 'ro' && own('roleRo')) || own('role');
}
