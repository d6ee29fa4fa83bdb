/** Zod-free constants and types of the model: safe for the public page's bundle. */
export const LANGUAGES = ['en', 'ro'] as const;
export type Language = (typeof LANGUAGES)[number];

export const LINK_KEYS = ['spotify', 'artistconnect', 'youtube', 'instagram', 'tiktok', 'twitter'] as const;
export type LinkKey = (typeof LINK_KEYS)[number];

export const TEXT_FIELDS = [
  'heroTitle_en',
  'heroTitle_ro',
  'bio1_en',
  'bio2_en',
  'bio3_en',
  'bio1_ro',
  'bio2_ro',
  'bio3_ro',
] as const;
export type TextField = (typeof TEXT_FIELDS)[number];
