/** The public page's sections, in order. The nav lists those with a label. */
export const SECTION_IDS = ['hero', 'about', 'services', 'music', 'newsletter', 'contact'] as const;
export type SectionId = (typeof SECTION_IDS)[number];

export const NAV_ITEMS = [
  { id: 'hero', label: 'nav.home' },
  { id: 'about', label: 'nav.about' },
  { id: 'services', label: 'nav.services' },
  { id: 'music', label: 'nav.music' },
  { id: 'contact', label: 'nav.contact' },
] as const;
