/**
 * One admin page per kind of content, from the declarations: its loader reads through the backend (so
 * the page renders with its content, never an empty form first) and its action writes.
 */
import type { RouteObject, ShouldRevalidateFunctionArgs } from 'react-router';
import type { ContentAdmin, ContentListName, SingletonName } from '../../content/backend';
import type { Kind, ListKind, SingletonKind } from '../../content/fields/declare';
import { KINDS } from '../../content/kinds';
import { hasImageField, readImageOwners, readLibrary, WithLibrary } from '../media/library';
import { MediaPage, type MediaData } from '../media/media-page';
import { say, wordsOf, type Value } from './form-model';
import { KindForm, type SingletonData, type SingletonPayload } from './kind-form';
import { ListEditor, type ListData, type ListPayload } from './list-editor';
import { KIND_OPTIONS } from './options';
import { attempt, type ActionResult } from './use-route-action';

const loadError = (kind: Kind) => `The ${say(wordsOf(kind).label).toLowerCase()} could not be loaded. Reload the page to try again.`;

/** A refused save keeps the admin's edits: only a stored change reads the page again. */
const unlessRefused = ({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) =>
  (actionResult as ActionResult | undefined)?.ok === false ? false : defaultShouldRevalidate;

/** The lists a kind's itemRef fields choose from (settings' featured release: the releases), by name. */
async function readRefs(kind: SingletonKind, backend: ContentAdmin): Promise<Record<string, Value[]>> {
  const lists = [...new Set(Object.values(kind.fields).flatMap((f) => (f.type === 'itemRef' ? [f.list] : [])))];
  return Object.fromEntries(
    await Promise.all(lists.map(async (list) => [list, await backend.list(list as ContentListName).catch(() => [])] as const)),
  ) as Record<string, Value[]>;
}

function singletonRoute(kind: SingletonKind, backend: ContentAdmin | undefined): RouteObject {
  const name = kind.name as SingletonName;
  return {
    path: kind.name,
    loader: async (): Promise<SingletonData> => {
      if (!backend) return { value: undefined };
      try {
        const [value, media, refs] = await Promise.all([backend.read(name), hasImageField(kind) ? readLibrary(backend) : undefined, readRefs(kind, backend)]);
        return { value, media, refs };
      } catch {
        return { error: loadError(kind) };
      }
    },
    action: async ({ request }): Promise<ActionResult> => {
      // The value comes from the kind's own schema (the form's resolver); the backend checks it again.
      const { value } = (await request.json()) as SingletonPayload;
      return backend ? attempt(() => backend.save(name, value as never), 'Save failed') : { ok: false, message: 'Save failed' };
    },
    shouldRevalidate: unlessRefused,
    element: withLibrary(kind, <KindForm kind={kind} options={KIND_OPTIONS[kind.name as keyof typeof KIND_OPTIONS]} />),
  };
}

function listRoute(kind: ListKind, backend: ContentAdmin | undefined): RouteObject {
  const name = kind.name as ContentListName;
  return {
    path: kind.name,
    loader: async (): Promise<ListData> => {
      if (!backend) return { items: [], removed: [] };
      try {
        const [items, removed, media] = await Promise.all([
          backend.list(name),
          backend.removedItems(name).catch(() => []),
          hasImageField(kind) ? readLibrary(backend) : undefined,
        ]);
        return { items, removed, media };
      } catch {
        return { error: loadError(kind) };
      }
    },
    // The list is read again after every change, refused or not: another tab may have changed it.
    action: async ({ request }): Promise<ActionResult> => {
      const payload = (await request.json()) as ListPayload;
      if (!backend) return { ok: false, message: 'Save failed' };
      switch (payload.intent) {
        case 'add':
          return attempt(() => backend.add(name, payload.value as never), 'Save failed');
        case 'update':
          return attempt(() => backend.update(name, payload.id, payload.value as never), 'Save failed');
        case 'remove':
          return attempt(() => backend.remove(name, payload.id), 'Delete failed');
        case 'reorder':
          return attempt(() => backend.reorder(name, payload.ids), 'Save failed');
      }
    },
    element: withLibrary(kind, <ListEditor kind={kind} options={KIND_OPTIONS[kind.name as keyof typeof KIND_OPTIONS]} />),
  };
}

/** A form with an image field offers the library's images: its page reads them too. */
const withLibrary = (kind: Kind, element: React.ReactElement) => (hasImageField(kind) ? <WithLibrary>{element}</WithLibrary> : element);

/**
 * The media library has a page of its own (uploads, thumbnails, where each image is used) instead of the
 * generic list editor, whose add form would ask for an upload's address and size; it writes through the
 * same list action.
 */
function mediaRoute(kind: ListKind, backend: ContentAdmin | undefined, files: boolean): RouteObject {
  return {
    ...listRoute(kind, backend),
    loader: async (): Promise<MediaData> => {
      if (!backend) return { items: [], removed: [], owners: {}, files };
      try {
        const [items, removed, owners] = await Promise.all([backend.list('media'), backend.removedItems('media').catch(() => []), readImageOwners(backend)]);
        return { items, removed, owners, files };
      } catch {
        return { error: loadError(kind) };
      }
    },
    element: <MediaPage kind={kind} />,
  };
}

/** The kinds edited with a generic page: an inbox (booking requests) has its own page (src/admin/inbox). */
const EDITED: Kind[] = KINDS.filter((kind: Kind) => !(kind.shape === 'list' && kind.inbox));

/** The admin's page of every kind of content, in the declarations' order. */
export function kindRoutes(backend: ContentAdmin | undefined): RouteObject[] {
  return EDITED.map((kind: Kind) =>
    kind.shape === 'singleton'
      ? singletonRoute(kind, backend)
      : kind.name === 'media'
        ? mediaRoute(kind, backend, Boolean(backend?.uploadImage))
        : listRoute(kind, backend),
  );
}

/** The layout's links to them. */
export const kindLinks = EDITED.map((kind) => ({ to: `/admin/${kind.name}`, label: say(wordsOf(kind).label) }));
