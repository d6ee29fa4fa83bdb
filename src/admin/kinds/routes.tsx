/**
 * One admin page per kind of content, from the declarations: its loader reads through the backend (so
 * the page renders with its content, never an empty form first) and its action writes.
 */
import type { RouteObject, ShouldRevalidateFunctionArgs } from 'react-router';
import type { ContentAdmin, ContentListName, SingletonName } from '../../content/backend';
import type { Kind, ListKind, SingletonKind } from '../../content/fields/declare';
import { KINDS } from '../../content/kinds';
import { DOCUMENTS_ON_MEDIA_PAGE, EDITED, ON_MEDIA_PAGE, optionsOf, pageGroup } from './edited';
import { readAudioLibrary } from '../media/audio-library';
import { readDocumentsLibrary } from '../media/documents-library';
import { hasImageField, readImageOwners, readLibrary, WithLibrary } from '../media/library';
import { MediaPage, type MediaData } from '../media/media-page';
import { say, wordsOf, type Item } from './form-model';
import { KindForm, type SingletonData, type SingletonPayload } from './kind-form';
import { ListEditor, type ListData, type ListPayload } from './list-editor';
import { attempt, type ActionResult } from './use-route-action';
import { fill } from '../media/words';
import { adminLanguage } from '../language';
import { ADMIN_WORDS as W } from '../words';

const loadError = (kind: Kind) =>
  fill(say(W.loadError), { list: adminLanguage() === 'ro' ? say(wordsOf(kind).label) : say(wordsOf(kind).label).toLowerCase() });

/** A refused save keeps the admin's edits: only a stored change reads the page again. */
const unlessRefused = ({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) =>
  (actionResult as ActionResult | undefined)?.ok === false ? false : defaultShouldRevalidate;

/** The lists the itemRef fields of these kinds choose from (settings' featured release: the releases), by name. */
async function readRefs(kinds: Kind[], backend: ContentAdmin): Promise<Record<string, Item[]>> {
  const lists = [...new Set(kinds.flatMap((kind) => Object.values(kind.fields).flatMap((f) => (f.type === 'itemRef' ? [f.list] : []))))];
  return Object.fromEntries(
    await Promise.all(lists.map(async (list) => [list, await backend.list(list as ContentListName).catch(() => [])] as const)),
  ) as Record<string, Item[]>;
}

const listNamed = (name: string) => KINDS.find((k) => k.name === name) as ListKind;

function singletonRoute(kind: SingletonKind, backend: ContentAdmin | undefined): RouteObject {
  const name = kind.name as SingletonName;
  return {
    path: kind.name,
    loader: async (): Promise<SingletonData> => {
      if (!backend) return { value: undefined };
      try {
        const [value, media, refs] = await Promise.all([backend.read(name), hasImageField(kind) ? readLibrary(backend) : undefined, readRefs([kind], backend)]);
        return { value, media, refs };
      } catch {
        return { error: loadError(kind) };
      }
    },
    action: async ({ request }): Promise<ActionResult> => {
      // The value comes from the kind's own schema (the form's resolver); the backend checks it again.
      const { value } = (await request.json()) as SingletonPayload;
      return backend ? attempt(() => backend.save(name, value as never), say(W.saveFailed)) : { ok: false, message: say(W.saveFailed) };
    },
    shouldRevalidate: unlessRefused,
    element: withLibrary(kind, <KindForm kind={kind} options={optionsOf(kind)} />),
  };
}

function listRoute(kind: ListKind, backend: ContentAdmin | undefined): RouteObject {
  const name = kind.name as ContentListName;
  const spec = optionsOf(kind)?.children;
  const child = spec && listNamed(spec.list);
  return {
    path: kind.name,
    loader: async (): Promise<ListData> => {
      if (!backend) return { items: [], removed: [] };
      try {
        const [items, removed, media, refs, children] = await Promise.all([
          backend.list(name),
          backend.removedItems(name).catch(() => []),
          hasImageField(kind) || (child && hasImageField(child)) ? readLibrary(backend) : undefined,
          readRefs(child ? [kind, child] : [kind], backend),
          spec
            ? Promise.all([backend.list(spec.list), backend.removedItems(spec.list).catch(() => [])]).then(([items, removed]) => ({ items, removed }))
            : undefined,
        ]);
        return { items, removed, media, refs, ...(children && { children }) };
      } catch {
        return { error: loadError(kind) };
      }
    },
    // The list is read again after every change, refused or not: another tab may have changed it.
    action: listAction(backend, [name, ...(spec ? [spec.list] : [])]),
    element: withLibrary(child && hasImageField(child) ? child : kind, <ListEditor kind={kind} options={optionsOf(kind)} />),
  };
}

/** Writes one of the lists a page edits: its own (the first), or another it shows (a service's samples, the audio library). */
function listAction(backend: ContentAdmin | undefined, lists: ContentListName[]) {
  return async ({ request }: { request: Request }): Promise<ActionResult> => {
    const payload = (await request.json()) as ListPayload;
    const list = payload.list ?? lists[0]!;
    if (!backend || !lists.includes(list)) return { ok: false, message: say(W.saveFailed) };
    switch (payload.intent) {
      case 'add':
        return attempt(() => backend.add(list, payload.value as never), say(W.saveFailed));
      case 'update':
        return attempt(() => backend.update(list, payload.id, payload.value as never), say(W.saveFailed));
      case 'remove':
        return attempt(() => backend.remove(list, payload.id), say(W.deleteFailed));
      case 'reorder':
        return attempt(() => backend.reorder(list, payload.ids), say(W.saveFailed));
    }
  };
}

/** A form with an image field offers the library's images: its page reads them too. */
const withLibrary = (kind: Kind, element: React.ReactElement) => (hasImageField(kind) ? <WithLibrary>{element}</WithLibrary> : element);

/**
 * The media library has a page of its own (uploads, thumbnails, where each image is used) instead of the
 * generic list editor, whose add form would ask for an upload's address and size; it writes through the
 * same list action.
 */
function mediaRoute(kind: ListKind, backend: ContentAdmin | undefined): RouteObject {
  const files = Boolean(backend?.uploadMedia ?? backend?.uploadImage);
  return {
    ...listRoute(kind, backend),
    loader: async (): Promise<MediaData> => {
      if (!backend)
        return { items: [], removed: [], owners: {}, files, audio: { items: [], removed: [], owners: {} }, documents: { items: [], removed: [], owners: {} } };
      try {
        const [items, removed, owners, audio, documents] = await Promise.all([
          backend.list('media'),
          backend.removedItems('media').catch(() => []),
          readImageOwners(backend),
          readAudioLibrary(backend),
          readDocumentsLibrary(backend),
        ]);
        return { items, removed, owners, files, audio, documents };
      } catch {
        return { error: loadError(kind) };
      }
    },
    action: listAction(backend, ['media', ON_MEDIA_PAGE, DOCUMENTS_ON_MEDIA_PAGE]),
    element: <MediaPage kind={kind} />,
  };
}

/** The admin's page of every kind of content, in the declarations' order. */
export function kindRoutes(backend: ContentAdmin | undefined): RouteObject[] {
  return EDITED.map((kind: Kind) =>
    kind.shape === 'singleton' ? singletonRoute(kind, backend) : kind.name === 'media' ? mediaRoute(kind, backend) : listRoute(kind, backend),
  );
}

/** The layout's links to them: one per kind, one per group of a page's kinds. */
export const kindLinks = EDITED.filter((kind) => !kind.page || pageGroup(kind)[0] === kind).map((kind) => ({
  to: `/admin/${kind.name}`,
  label: say(wordsOf(kind).label),
}));
