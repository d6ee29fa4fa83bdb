/**
 * The kinds of content the server stores and serves, as plain data: each kind's name (its address
 * and its key in answers), whether it is one value or an ordered list, the zod schema its writes are
 * validated with (src/content/model.ts), and the content store's functions for it. The routes in
 * routes/content.ts are generic over this object; a new kind is one entry here (and its storage).
 */
import type { z } from 'zod';
import { CollaboratorInputSchema, ReleaseInputSchema, SettingsSchema, StatsSchema } from '../src/content/model';
import type { ContentRepo, ListName } from './db/content-repo';

export interface SingletonKind<S extends z.ZodType = z.ZodType> {
  shape: 'singleton';
  schema: S;
  /** merge: PATCH, the fields sent replace those stored and the rest stay; replace: PUT, the whole value. */
  save: 'merge' | 'replace';
  read(repo: ContentRepo): Promise<z.output<S> | undefined>;
  /** Stores a valid value and gives what the answer carries (after a merge, the whole merged value). */
  write(repo: ContentRepo, value: z.output<S>): Promise<z.output<S>>;
}

export interface ListKind<S extends z.ZodType = z.ZodType> {
  shape: 'list';
  schema: S;
  /** The items in their saved order. */
  read(repo: ContentRepo): Promise<(z.output<S> & { id: string })[]>;
  add(repo: ContentRepo, input: z.output<S>): Promise<z.output<S> & { id: string }>;
  update(repo: ContentRepo, id: string, input: z.output<S>): Promise<void>;
  remove(repo: ContentRepo, id: string): Promise<void>;
  /** ids name every item exactly once. */
  reorder(repo: ContentRepo, ids: string[]): Promise<void>;
}

export type ContentKind = SingletonKind | ListKind;

const singleton = <S extends z.ZodType>(kind: Omit<SingletonKind<S>, 'shape'>): SingletonKind<S> => ({ shape: 'singleton', ...kind });

const list = <S extends z.ZodType>(name: ListName, kind: Pick<ListKind<S>, 'schema' | 'read' | 'add' | 'update'>): ListKind<S> => ({
  shape: 'list',
  ...kind,
  remove: (repo, id) => repo.remove(name, id),
  reorder: (repo, ids) => repo.reorder(name, ids),
});

export const CONTENT_KINDS = {
  settings: singleton({
    schema: SettingsSchema,
    save: 'merge',
    read: (repo) => repo.getSettings(),
    write: async (repo, settings) => {
      await repo.mergeSettings(settings);
      return (await repo.getSettings()) ?? {};
    },
  }),
  stats: singleton({
    schema: StatsSchema,
    save: 'replace',
    read: (repo) => repo.getStats(),
    write: async (repo, stats) => {
      await repo.saveStats(stats);
      return stats;
    },
  }),
  releases: list('releases', {
    schema: ReleaseInputSchema,
    read: (repo) => repo.listReleases(),
    add: (repo, input) => repo.addRelease(input),
    update: (repo, id, input) => repo.updateRelease(id, input),
  }),
  collaborators: list('collaborators', {
    schema: CollaboratorInputSchema,
    read: (repo) => repo.listCollaborators(),
    add: (repo, input) => repo.addCollaborator(input),
    update: (repo, id, input) => repo.updateCollaborator(id, input),
  }),
} satisfies Record<string, ContentKind>;
