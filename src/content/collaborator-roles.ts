/**
 * The collaborators' common roles and their words in both languages: the declaration (src/content/kinds/collaborators.ts)
 * offers them, and the public page's "Worked with" reads them from here without the declarations (a small chunk).
 */
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

/** Each common role's words ('own' is the admin's form's choice: the admin's own words below it). */
export const COLLABORATOR_ROLE_WORDS = {
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
} satisfies Record<CollaboratorRole, { en: string; ro: string }>;

/** A collaborator's role in a language: the common role's words, else the admin's (the Romanian, else the English). */
export function collaboratorRole(c: Partial<Record<string, unknown>>, lang: 'en' | 'ro'): string {
  const options: Partial<Record<string, { en: string; ro: string }>> = COLLABORATOR_ROLE_WORDS;
  const common = c.roleKind !== 'own' && typeof c.roleKind === 'string' ? options[c.roleKind] : undefined;
  if (common) return common[lang];
  const own = (key: 'role' | 'roleRo') => (typeof c[key] === 'string' ? (c[key] as string) : '');
  return (lang === 'ro' && own('roleRo')) || own('role');
}
