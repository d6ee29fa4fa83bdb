/**
 * The one data model, shared by the UI, the adapters and the server: every edge validates the same way.
 * Made from the declarations in ./kinds (docs/adding-content.md): nothing here is written per field.
 * The public page imports only the types from here (zod stays out of its bundle).
 */
import type { ValueOfKind } from './fields/declare';
import type { LISTS } from './kinds';
import { kindSchema } from './fields/schema';
import type { z } from 'zod';
import {
  audio,
  collaborators,
  credits,
  documents,
  KINDS,
  links,
  media,
  press,
  pressPhotos,
  quotes,
  releases,
  samples,
  services,
  settings,
  shows,
  stats,
  testimonials,
} from './kinds';

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

export type Service = ValueOfKind<typeof services> & { id: string };
export type Sample = ValueOfKind<typeof samples> & { id: string };
export type Credit = ValueOfKind<typeof credits> & { id: string };
export type Testimonial = ValueOfKind<typeof testimonials> & { id: string };
export type Show = ValueOfKind<typeof shows> & { id: string };
/** One of the artist's own links on the link page (issue 31). */
export type OwnLink = ValueOfKind<typeof links> & { id: string };
export type AudioItem = ValueOfKind<typeof audio> & { id: string };
/** The press kit (issue 31; src/content/kinds/press.ts). */
export type Press = ValueOfKind<typeof press>;
export type PressPhoto = ValueOfKind<typeof pressPhotos> & { id: string };
export type PressQuote = ValueOfKind<typeof quotes> & { id: string };
/** A PDF or SVG of the documents library (src/content/kinds/documents.ts). */
export type DocumentItem = ValueOfKind<typeof documents> & { id: string };

/** Every kind's schema by its name, for code generic over the kinds (the Firebase adapter, the server's routes). */
export const KIND_SCHEMAS = Object.fromEntries(KINDS.map((kind) => [kind.name, kindSchema(kind)])) as unknown as Record<
  (typeof KINDS)[number]['name'],
  z.ZodType<Record<string, unknown>>
>;

type ListDecl = (typeof LISTS)[number];
/**
 * The libraries: the page gets only the items its content points at (`media`: images, `audio`: recordings,
 * `documents`: the press kit's PDFs and SVGs).
 */
export type LibraryName = 'media' | 'audio' | 'documents';
/**
 * The lists whose public items the home page shows, every one (not an inbox, whose items are never public; not a
 * library; not a list with a page of its own).
 */
export type ShownListName = Exclude<Exclude<ListDecl, { inbox: object } | { page: string }>['name'], LibraryName>;
/** The lists shown on a page of their own (the press kit's photos and quotes): not in the home page's snapshot. */
export type OwnPageListName = Exclude<Extract<ListDecl, { page: string }>['name'], LibraryName>;

/**
 * Everything the public page shows from the backend, as one snapshot: each singleton (absent when never saved), each
 * shown list's public items, and of the libraries only what that content points at. Made from the declarations: a new
 * list is in it (and EMPTY_CONTENT fails to compile until it names it).
 */
export type PublicContent = {
  settings?: Settings;
  stats?: Stats;
  /** The images the page's content points at (portrait, share image, covers): not the whole library. */
  media?: MediaItem[];
  /** The recordings the page's samples point at (a beat's as its preview on Scena's server): not the whole library. */
  audio?: AudioItem[];
  /** The press kit's, where the snapshot is the whole public content (the press page, the build): never the home page's. */
  press?: Press;
  /** The documents the press kit points at (a rider, a stage plot, a logo). */
  documents?: DocumentItem[];
} & { [N in ShownListName]: (ValueOfKind<Extract<ListDecl, { name: N }>> & { id: string })[] } & {
  [N in OwnPageListName]?: (ValueOfKind<Extract<ListDecl, { name: N }>> & { id: string })[];
};
