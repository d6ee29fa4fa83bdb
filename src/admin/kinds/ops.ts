/**
 * The one place that ties each kind's name to the backend's methods for it (ContentAdmin names them per
 * kind). A kind declared without its methods here fails to compile.
 */
import type { ContentAdmin } from '../../content/backend';
import type { LISTS, SINGLETONS } from '../../content/kinds';
import type { CollaboratorInput, ReleaseInput, Settings, Stats } from '../../content/model';
import type { Item, Value } from './form-model';

export interface SingletonOps {
  read(backend: ContentAdmin): Promise<Value | undefined>;
  save(backend: ContentAdmin, value: Value): Promise<void>;
}
export interface ListOps {
  list(backend: ContentAdmin): Promise<Item[]>;
  add(backend: ContentAdmin, value: Value): Promise<unknown>;
  update(backend: ContentAdmin, id: string, value: Value): Promise<void>;
  remove(backend: ContentAdmin, id: string): Promise<void>;
  reorder(backend: ContentAdmin, ids: string[]): Promise<void>;
}

// The values come from the kind's own schema (the form's resolver); the backends check them again.
export const SINGLETON_OPS: { [K in (typeof SINGLETONS)[number]['name']]: SingletonOps } = {
  settings: { read: (b) => b.getSettings(), save: (b, v) => b.saveSettings(v as Settings) },
  stats: { read: (b) => b.getStats(), save: (b, v) => b.saveStats(v as Stats) },
};

export const LIST_OPS: { [K in (typeof LISTS)[number]['name']]: ListOps } = {
  releases: {
    list: (b) => b.listReleases(),
    add: (b, v) => b.addRelease(v as ReleaseInput),
    update: (b, id, v) => b.updateRelease(id, v as ReleaseInput),
    remove: (b, id) => b.deleteRelease(id),
    reorder: (b, ids) => b.reorderReleases(ids),
  },
  collaborators: {
    list: (b) => b.listCollaborators(),
    add: (b, v) => b.addCollaborator(v as CollaboratorInput),
    update: (b, id, v) => b.updateCollaborator(id, v as CollaboratorInput),
    remove: (b, id) => b.deleteCollaborator(id),
    reorder: (b, ids) => b.reorderCollaborators(ids),
  },
};
