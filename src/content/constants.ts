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

/**
 * The most items a list holds (docs/decisions/0201-firebase-admin-safety.md). The public page shows every
 * item inline, and the Firebase reader gets a list in one page of 300: 200 keeps both small with room to spare.
 */
export const LIST_LIMITS = { releases: 200, collaborators: 200 } as const;
export type ListName = keyof typeof LIST_LIMITS;

/** The refusal of an add to a full list, the same words on every backend. */
export const listFullMessage = (list: ListName): string => `${list}: at most ${LIST_LIMITS[list]} items; remove one first`;

/** The admin's password: 8 to 128 characters (docs/decisions/0102-password-policy.md); the same bounds everywhere. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
