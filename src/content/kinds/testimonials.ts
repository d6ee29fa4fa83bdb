/** What clients say, under Services: a quote per language, who said it, their role or project, a link and a photo. */
import { image, link, list, longText, text, type KindWords } from '../fields/declare';

export const testimonials = list({
  name: 'testimonials',
  item: 'testimonial',
  max: 50,
  fields: {
    quote: longText({ max: 400, perLanguage: true }),
    name: text({ max: 120 }),
    /** Their role or project ("Singer, Ora albastră"). */
    role: text({ max: 120, perLanguage: true }),
    link: link({}),
    photo: image({}),
  },
});

export const testimonialsWords = {
  label: { en: 'Testimonials', ro: 'Recomandări' },
  fields: {
    quote: {
      label: { en: 'Quote', ro: 'Citat' },
      help: { en: 'At most 400 characters.', ro: 'Cel mult 400 de caractere.' },
    },
    name: { label: { en: 'Name', ro: 'Nume' } },
    role: {
      label: { en: 'Role or project', ro: 'Rol sau proiect' },
      help: { en: 'Such as “Singer, Ora albastră”.', ro: 'De exemplu „Cântăreață, Ora albastră”.' },
    },
    link: { label: { en: 'Link (optional)', ro: 'Link (opțional)' } },
    photo: {
      label: { en: 'Photo (optional)', ro: 'Fotografie (opțională)' },
      help: { en: 'From Media, or uploaded here.', ro: 'Din Media sau încărcată aici.' },
    },
  },
} satisfies KindWords<typeof testimonials>;
