/**
 * The one data model, shared by the UI, the adapters and the server: every edge validates the same way.
 * Made from the declarations in ./kinds (docs/adding-content.md): nothing here is written per field.
 * The public page imports only the types from here (zod stays out of its bundle).
 */
import type { ValueOfKind } from './fields/declare';
import { kindSchema } from './fields/schema';
import type { z } from 'zod';
import { collaborators, KINDS, media, releases, settings, stats } from './kinds';

export * from './constants';
export { INVISIBLE_MESSAGE, hasInvisible, isEmail, isSafeHttpsUrl } from './fields/checks';
export { LIST_LIMITS, listFullMessage, TEXT_FIELDS, type ListName, type TextField } from './kinds/derived';

import { EMAIL_MAX, URL_MAX } from './fields/checks';

/** The limits of the declarations, by the names the tests and the admin use. */
export const LIMITS = {
  heroTitle: settings.fields.heroTitle.max,
  bio: settings.fields.bio1.max,
  email: EMAIL_MAX,
  url: URL_MAX,
  title: releases.fields.title.max,
  meta: releases.fields.meta.max,
  name: collaborators.fields.name.max,
  role: collaborators.fields.role.max,
  monthlyListeners: stats.fields.monthlyListeners.max,
} as const;

export const SettingsSchema = kindSchema(settings);
export const LinksSchema = SettingsSchema.shape.links.unwrap();
export type Settings = ValueOfKind<typeof settings>;
export type Links = NonNullable<Settings['links']>;

export const StatsSchema = kindSchema(stats);
export type Stats = ValueOfKind<typeof stats>;

export const ReleaseInputSchema = kindSchema(releases);
export type ReleaseInput = ValueOfKind<typeof releases>;
export type Release = ReleaseInput & { id: string };

export const CollaboratorInputSchema = kindSchema(collaborators);
export type CollaboratorInput = ValueOfKind<typeof collaborators>;
export type Collaborator = CollaboratorInput & { id: string };

export const MediaInputSchema = kindSchema(media);
export type MediaInput = ValueOfKind<typeof media>;
export type MediaItem = MediaInput & { id: string };

/** Every kind's schema by its name, for code generic over the kinds (the Firebase adapter, the server's routes). */
export const KIND_SCHEMAS = Object.fromEntries(KINDS.map((kind) => [kind.name, kindSchema(kind)])) as unknown as Record<
  (typeof KINDS)[number]['name'],
  z.ZodType<Record<string, unknown>>
>;

/** Everything the public page shows from the backend, as one snapshot. */
export interface PublicContent {
  settings?: Settings;
  stats?: Stats;
  releases: Release[];
  collaborators: Collaborator[];
  /** The media items the page's content points at (portrait, share image, covers): not the whole library. */
  media?: MediaItem[];
}
