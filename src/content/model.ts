/**
 * The one data model, shared by the UI, the adapters and the server: every edge validates the same way.
 * The public page imports only the types from here (zod stays out of its bundle).
 */
import { z } from 'zod';
import { LINK_KEYS, type LinkKey } from './constants';

export * from './constants';

export const LIMITS = {
  heroTitle: 120,
  bio: 2000,
  email: 254,
  url: 2048,
  title: 200,
  meta: 300,
  name: 120,
  role: 120,
  monthlyListeners: 1_000_000_000,
} as const;

/** Control characters other than tab and newline never belong in content. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/**
 * Characters that show nothing but change what is shown: the bidirectional controls (embeddings,
 * overrides, isolates, and the LRM, RLM and ALM marks) and the zero-width ones. In a name or a title they
 * can make one text look like another (a reversed file name, a look-alike collaborator), and no English or
 * Romanian text needs them. Firebase's rules refuse the same set (isPlainText in firebase/firestore.rules).
 */
const INVISIBLE = /[\u061C\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/;
/**
 * The one exception: a zero-width joiner after a pictograph (or its emoji presentation selector U+FE0F) and
 * before another, which is how emoji such as 🧑‍🎤 or 🏳️‍🌈 are written. Pictographs are the emoji blocks by
 * code point rather than \p{So}, whose tables lag behind emoji (the rules' regex engine must agree).
 */
const PICTOGRAPH = '\\u2190-\\u21FF\\u2300-\\u23FF\\u2600-\\u27BF\\u2B00-\\u2BFF\\u{1F000}-\\u{1FAFF}';
// eslint-disable-next-line no-misleading-character-class -- U+FE0F alone in the class is the point: it may precede the joiner
const EMOJI_JOINER = new RegExp(`([${PICTOGRAPH}\\uFE0F])\\u200D(?=[${PICTOGRAPH}])`, 'gu');
export const INVISIBLE_MESSAGE = 'must not contain invisible or direction-changing characters (zero-width or bidirectional controls)';

/** True when the text holds an invisible or direction-changing character (a joiner inside an emoji excepted). */
export function hasInvisible(value: string): boolean {
  return INVISIBLE.test(value.replace(EMOJI_JOINER, '$1'));
}

/** Every text of the model (titles, names, roles, meta, bios): one rule, so it is easy to state and to mirror in the rules. */
const text = (max: number) =>
  z
    .string({ error: 'must be text' })
    .max(max, { error: `must be at most ${max} characters` })
    .refine((s) => !CONTROL.test(s), { error: 'must not contain control characters' })
    .refine((s) => !hasInvisible(s), { error: INVISIBLE_MESSAGE });

/** Only https links, parsed the way a browser would parse them. Empty means "not set". */
export function isSafeHttpsUrl(value: string): boolean {
  if (value !== value.trim() || CONTROL.test(value) || /\s/.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return url.protocol === 'https:' && url.hostname.length > 0 && !url.username && !url.password;
}

/**
 * The public page links the contact address as mailto:, where `?` starts headers (?bcc=, ?cc=, ?subject=,
 * ?body=) that a visitor's mail app fills in unseen, `#` starts a fragment and `%` escapes any of them (%3F).
 * An address needs none of the three.
 */
const QUERY = /[?#%]/;
const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;
export function isEmail(value: string): boolean {
  return value.length <= LIMITS.email && EMAIL.test(value) && !QUERY.test(value) && !INVISIBLE.test(value);
}

const httpsUrl = z
  .string({ error: 'must be text' })
  .max(LIMITS.url, { error: `must be at most ${LIMITS.url} characters` })
  .refine((s) => s === '' || isSafeHttpsUrl(s), { error: 'must be an https:// link' });

/** The contact e-mail: a plain address, or a mailto: link to one. */
const contactEmail = z
  .string({ error: 'must be text' })
  .max(LIMITS.email + 7, { error: `must be at most ${LIMITS.email} characters` })
  .refine((s) => !QUERY.test(s), { error: 'must be a plain e-mail address, without a ?subject=, ?cc= or ?bcc= part (no ?, # or %)' })
  .refine((s) => s === '' || isEmail(s.replace(/^mailto:/i, '')), { error: 'must be an e-mail address' });

export const LinksSchema = z.strictObject(
  Object.fromEntries(LINK_KEYS.map((k) => [k, httpsUrl.optional()])) as Record<LinkKey, z.ZodOptional<typeof httpsUrl>>,
);

export const SettingsSchema = z.strictObject({
  heroTitle_en: text(LIMITS.heroTitle).optional(),
  heroTitle_ro: text(LIMITS.heroTitle).optional(),
  bio1_en: text(LIMITS.bio).optional(),
  bio2_en: text(LIMITS.bio).optional(),
  bio3_en: text(LIMITS.bio).optional(),
  bio1_ro: text(LIMITS.bio).optional(),
  bio2_ro: text(LIMITS.bio).optional(),
  bio3_ro: text(LIMITS.bio).optional(),
  email: contactEmail.optional(),
  links: LinksSchema.optional(),
});
export type Settings = z.infer<typeof SettingsSchema>;
export type Links = z.infer<typeof LinksSchema>;

export const StatsSchema = z.strictObject({
  monthlyListeners: z
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(0, { error: 'must be 0 or more' })
    .max(LIMITS.monthlyListeners, { error: `must be at most ${LIMITS.monthlyListeners}` }),
});
export type Stats = z.infer<typeof StatsSchema>;

export const ReleaseInputSchema = z.strictObject({
  title: text(LIMITS.title),
  meta: text(LIMITS.meta),
  url: httpsUrl,
});
export type ReleaseInput = z.infer<typeof ReleaseInputSchema>;
export type Release = ReleaseInput & { id: string };

export const CollaboratorInputSchema = z.strictObject({
  name: text(LIMITS.name),
  role: text(LIMITS.role),
});
export type CollaboratorInput = z.infer<typeof CollaboratorInputSchema>;
export type Collaborator = CollaboratorInput & { id: string };

/** Everything the public page shows from the backend, as one snapshot. */
export interface PublicContent {
  settings?: Settings;
  stats?: Stats;
  releases: Release[];
  collaborators: Collaborator[];
}
