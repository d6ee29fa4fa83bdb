/** Zod-free constants and types of the model: safe for the public page's bundle. */
export const LANGUAGES = ['en', 'ro'] as const;
export type Language = (typeof LANGUAGES)[number];

export const LINK_KEYS = ['spotify', 'artistconnect', 'youtube', 'instagram', 'tiktok', 'twitter'] as const;
export type LinkKey = (typeof LINK_KEYS)[number];

/** The admin's password: 8 to 128 characters (docs/decisions/0014-password-policy.md); the same bounds everywhere. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
