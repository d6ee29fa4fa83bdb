/** The people the artist works with, in the admin's order. */
import { list, text, type KindWords } from '../fields/declare';

export const collaborators = list({
  name: 'collaborators',
  item: 'collaborator',
  max: 200,
  fields: {
    name: text({ max: 120 }),
    role: text({ max: 120 }),
  },
});

export const collaboratorsWords = {
  label: { en: 'Collaborators', ro: 'Colaboratori' },
  fields: {
    name: { label: { en: 'Name', ro: 'Nume' } },
    role: { label: { en: 'Role', ro: 'Rol' } },
  },
} satisfies KindWords<typeof collaborators>;
