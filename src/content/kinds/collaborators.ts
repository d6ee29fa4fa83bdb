/**
 * The people the artist works with, in the admin's order. A role is one of the common ones, with its words in both
 * languages, or the admin's own words, in English and in Romanian (docs/decisions/0042-romanian-everywhere-and-promoters.md).
 */
import { COLLABORATOR_ROLES, COLLABORATOR_ROLE_WORDS } from '../collaborator-roles';
import { choice, list, text, type KindWords } from '../fields/declare';

export { COLLABORATOR_ROLES, collaboratorRole, type CollaboratorRole } from '../collaborator-roles';

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
      options: COLLABORATOR_ROLE_WORDS,
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
