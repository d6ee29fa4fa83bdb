/**
 * The Media page: the library's images, audio (./audio-library.tsx) and documents (./documents-library.tsx) with where each is used, their names and alt
 * texts edited with the generic item form, delete refused while an item is used, history and undo as every list has
 * them. On Scena's server, files are uploaded here, images and audio through the same control (several at once, each
 * with its progress and Cancel); where the backend stores no files (Firebase), an item is added by its https address.
 */
import { ConfirmDelete, DeleteUnlessUsed } from './delete-unless-used';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useLoaderData, useRevalidator } from 'react-router';
import { BackendError, type RemovedItem } from '../../content/backend';
import type { ListKind } from '../../content/fields/declare';
import type { MediaItem } from '../../content/model';
import { useBackend } from '../auth';
import { HistoryPanel } from '../kinds/history';
import { Notice } from '../kinds/list-parts';
import { RemovedItems } from '../kinds/list-parts';
import { blocksOf, say, wordsOf, type Value } from '../kinds/form-model';
import { ItemForm } from '../kinds/item-form';
import { ListFilter, matches, NO_FILTER, type FindSpec } from '../kinds/list-filter';
import { useListChanges } from '../kinds/use-list-changes';
import { errorMessage } from '../use-save-status';
import { UnsavedGuard } from '../use-unsaved-guard';
import { ADMIN_WORDS } from '../words';
import { AddAudioByAddress, AudioLibrary, type AudioData } from './audio-library';
import { DocumentsLibrary, type DocumentsData } from './documents-library';
import { imageName, missingAlt, missingAltNote, Thumb, usesInWords } from './library';
import { ACCEPT, uploadFile } from './upload';
import { fill, MEDIA_WORDS as W } from './words';

export type MediaData =
  | {
      items: MediaItem[];
      removed: RemovedItem[];
      /** The current value of every kind with an image field, to say where each image is used. */
      owners: Record<string, unknown>;
      /** Whether the backend stores uploaded files (Scena's server) or takes addresses only (Firebase). */
      files: boolean;
      audio: AudioData;
      /** The press kit's PDFs and SVGs (./documents-library.tsx). */
      documents: DocumentsData;
    }
  | { error: string };

/** The fields the admin edits: an upload's address, size and placeholder come from its file. */
const EDITED = new Set(['name', 'alt']);
/** By address (no file to read them from), the admin gives the size too; never a placeholder. */
const BY_ADDRESS = new Set(['src', 'width', 'height', 'name', 'alt']);

export function MediaPage({ kind }: { kind: ListKind }) {
  const data = useLoaderData() as MediaData;
  return (
    <>
      <h1>{say(wordsOf(kind).label)}</h1>
      {'error' in data ? (
        <p className="form-error" role="alert">
          {data.error}
        </p>
      ) : (
        <Library kind={kind} {...data} />
      )}
    </>
  );
}

function Library({ kind, items, removed, owners, files, audio, documents }: { kind: ListKind } & Extract<MediaData, { items: unknown }>) {
  const id = useId();
  const changes = useListChanges('media', id);
  const { busy, offer, offerUndo, editing, setEditing, confirming, setConfirming, error } = changes;
  const { announcement, announce, addDirty, setAddDirty, editDirty, setEditDirty, returnFocus, change, restoreRemoved: restore } = changes;
  const blocks = useMemo(() => blocksOf(kind), [kind]);
  const edited = useMemo(() => blocks.filter((b) => EDITED.has(b.name)), [blocks]);
  const byAddress = useMemo(() => blocks.filter((b) => BY_ADDRESS.has(b.name)), [blocks]);
  const uses = useMemo(() => usesInWords(owners), [owners]);
  // The images found by their name, their descriptions and where they are used; or those still missing a description.
  const [filter, setFilter] = useState(NO_FILTER);
  const find = useMemo<FindSpec>(
    () => ({
      words: (item) => [imageName(item as MediaItem), String(item.alt_en ?? ''), String(item.alt_ro ?? ''), ...(uses.get(item.id) ?? [])],
      hint: () => say(ADMIN_WORDS.findImages),
      states: [{ key: 'no-alt', label: () => say(ADMIN_WORDS.imagesWithoutAlt), has: (item) => missingAlt(item as MediaItem).length > 0 }],
    }),
    [uses],
  );
  // Newest first: an upload is added at the end of the list, so the library reads it backwards (issue 33).
  const shown = items.filter((item) => matches(find, item as never, filter, 0)).reverse();
  // The files of the latest upload, marked "Just uploaded"; the last image is scrolled into view once listed.
  const [fresh, setFresh] = useState<ReadonlySet<string>>(() => new Set());
  const latest = useRef<string | undefined>(undefined);
  const uploaded = useCallback((itemId: string) => {
    latest.current = itemId;
    setFresh((set) => new Set(set).add(itemId));
  }, []);
  useEffect(() => {
    const wanted = latest.current;
    const card = wanted ? document.getElementById(`${id}-card-${wanted}`) : null;
    if (!card) return;
    latest.current = undefined;
    card.scrollIntoView({ block: 'center', behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
  }, [id, items, fresh]);

  const restoreRemoved = (item: RemovedItem) => restore(item, fill(say(W.restored), { name: imageName(item.value as MediaItem) }), say(W.restoreFailed));
  /** The audio's forms, for the one unsaved-changes guard of the page. */
  const [audioDirty, setAudioDirty] = useState({ add: false, edit: false });
  const onAudioAddDirty = useCallback((dirty: boolean) => setAudioDirty((d) => (d.add === dirty ? d : { ...d, add: dirty })), []);
  const onAudioEditDirty = useCallback((dirty: boolean) => setAudioDirty((d) => (d.edit === dirty ? d : { ...d, edit: dirty })), []);
  const [documentsDirty, setDocumentsDirty] = useState(false);

  return (
    <>
      <Notice message={announcement} serial={changes.serial} offer={offer} onUndoDone={() => offerUndo(undefined)} />
      {files ? (
        <Uploads onAnnounce={announce} onStart={() => setFresh(new Set())} onUploaded={uploaded} />
      ) : (
        <section aria-labelledby={`${id}-add`}>
          <h2 id={`${id}-add`}>{say(W.addByAddress)}</h2>
          <p className="field__hint">{say(W.addByAddressHelp)}</p>
          <ItemForm
            kind={kind}
            blocks={byAddress}
            idPrefix={`${id}-new`}
            stored={undefined}
            submit={busy ? say(W.saving) : say(W.addImage)}
            busy={busy}
            clearOnSave
            onDirty={setAddDirty}
            onSave={(value) => change({ intent: 'add', value }, fill(say(W.added), { name: imageName(value as MediaItem) }))}
          />
        </section>
      )}
      {!files && <AddAudioByAddress onDirty={onAudioAddDirty} />}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <section aria-labelledby={`${id}-library`}>
        <h2 id={`${id}-library`}>{say(W.library)}</h2>
        <AudioLibrary {...audio} onDirty={onAudioEditDirty} />
        <h3>{say(ADMIN_WORDS.imagesHeading)}</h3>
        {items.length > 0 && (
          <ListFilter spec={find} filter={filter} onChange={setFilter} shown={shown.length} total={items.length} name={say(ADMIN_WORDS.imagesHeading)} />
        )}
        {items.length === 0 ? (
          <p>{say(W.empty)}</p>
        ) : (
          <ul className="media-grid">
            {shown.map((item) => {
              const name = imageName(item);
              const usedIn = uses.get(item.id) ?? [];
              const note = missingAltNote(item, usedIn.length > 0);
              const usedId = `${id}-used-${item.id}`;
              if (editing === item.id) {
                const close = () => {
                  returnFocus.current = item.id;
                  setEditing(undefined);
                };
                return (
                  <li key={item.id} className="media-card media-card--editing">
                    <Thumb item={item} />
                    <HistoryPanel kind={kind} id={item.id} label={name} />
                    <ItemForm
                      kind={kind}
                      blocks={edited}
                      idPrefix={`${id}-e-${item.id}`}
                      stored={item}
                      label={fill(say(W.editLabel), { name })}
                      submit={busy ? say(W.saving) : say(W.save)}
                      busy={busy}
                      onDirty={setEditDirty}
                      onSave={async (value: Value) => {
                        const result = await change({ intent: 'update', id: item.id, value }, fill(say(W.saved), { name: imageName(value as MediaItem) }));
                        if (result.ok) close();
                        return result;
                      }}
                    >
                      <button type="button" className="button button--secondary" onClick={close}>
                        {say(W.cancel)}
                      </button>
                    </ItemForm>
                  </li>
                );
              }
              return (
                <li key={item.id} id={`${id}-card-${item.id}`} className={fresh.has(item.id) ? 'media-card media-card--new' : 'media-card'}>
                  <Thumb item={item} />
                  <div className="item__text">
                    {fresh.has(item.id) && <span className="media-card__new">{say(W.justUploaded)}</span>}
                    <span className="item__title">{name}</span>
                    <span className="item__meta">{fill(say(W.size), { width: item.width, height: item.height })}</span>
                    <span id={usedId} className="item__meta">
                      {usedIn.length > 0 ? fill(say(W.usedIn), { places: usedIn.join('; ') }) : say(W.unused)}
                    </span>
                    {note && <span className="media-card__warning">{note}</span>}
                  </div>
                  {confirming === item.id ? (
                    <ConfirmDelete
                      name={name}
                      group={W.confirmDeleteGroup}
                      busy={busy}
                      onDelete={(notice) => {
                        setConfirming(undefined);
                        void change({ intent: 'remove', id: item.id }, notice);
                      }}
                      onCancel={() => setConfirming(undefined)}
                    />
                  ) : (
                    <div className="actions">
                      <button
                        type="button"
                        id={`${id}-edit-${item.id}`}
                        className="button button--small"
                        aria-label={fill(say(W.editLabel), { name })}
                        onClick={() => setEditing(item.id)}
                      >
                        {say(W.edit)}
                      </button>
                      <DeleteUnlessUsed name={name} usedIn={usedIn} usedId={usedId} inUse={W.inUse} onDelete={() => setConfirming(item.id)} />
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        {/* The press kit's PDFs and SVGs: their own upload, their own list (issue 31). */}
        <DocumentsLibrary {...documents} files={files} onDirty={setDocumentsDirty} />
      </section>
      <RemovedItems
        id={id}
        title={say(W.removed)}
        items={removed}
        nameOf={(item) => imageName(item.value as MediaItem)}
        removedAt={(when) => fill(say(W.removedAt), { when })}
        restore={say(W.restore)}
        restoreLabel={(name) => fill(say(W.restoreLabel), { name })}
        busy={busy}
        onRestore={restoreRemoved}
      />
      <UnsavedGuard dirty={editDirty || addDirty || audioDirty.add || audioDirty.edit || documentsDirty} />
    </>
  );
}

interface Upload {
  key: number;
  file: File;
  loaded: number;
  total: number;
  state: 'waiting' | 'uploading' | 'processing' | 'failed';
  message?: string;
  controller: AbortController;
}

/**
 * Several files at once, one after another (the server processes one or two at a time anyway), each with
 * its progress, Cancel and, when refused, the server's reason. The file input is the way in; dropping files
 * on the area is a convenience.
 */
function Uploads(props: { onAnnounce(text: string): void; onStart(): void; onUploaded(id: string): void }) {
  const { onAnnounce, onUploaded } = props;
  const backend = useBackend();
  const revalidator = useRevalidator();
  const id = useId();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [over, setOver] = useState(false);
  const next = useRef(0);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const input = useRef<HTMLInputElement>(null);

  const patch = (key: number, change: Partial<Upload>) => setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));
  const drop = (key: number) => setUploads((list) => list.filter((u) => u.key !== key));

  const run = async (upload: Upload) => {
    const { key, file, controller } = upload;
    if (controller.signal.aborted) return;
    patch(key, { state: 'uploading' });
    try {
      const made = await uploadFile(backend, file, {
        signal: controller.signal,
        // Once every byte is sent, the server is still making the variants (an image) or taking the file in (audio).
        onProgress: (loaded: number, total: number) => patch(key, { loaded, total, state: loaded >= total ? 'processing' : 'uploading' }),
      });
      drop(key);
      onUploaded(made.item.id);
      // An audio file is processed after its upload: the library shows its progress from here.
      onAnnounce(fill(say(made.kind === 'audio' ? ADMIN_WORDS.uploadedAudio : W.uploaded), { name: file.name }));
      // Not awaited: the next upload must not wait on the library's reading (once, on a busy machine, the second
      // file stayed "Waiting" behind an awaited revalidation that did not settle). The last one shows every upload.
      void revalidator.revalidate();
    } catch (caught) {
      if (caught instanceof BackendError && caught.code === 'aborted') {
        drop(key);
        onAnnounce(fill(say(W.cancelled), { name: file.name }));
        // Cancelled as its last bytes left, the server may have kept it: the library shows what it has.
        void revalidator.revalidate();
      } else patch(key, { state: 'failed', message: errorMessage(caught, fill(say(W.saveFailed), {})) });
    }
  };

  const add = (files: FileList | null) => {
    const fresh = [...(files ?? [])].map((file): Upload => ({
      key: next.current++,
      file,
      loaded: 0,
      total: file.size,
      state: 'waiting',
      controller: new AbortController(),
    }));
    if (fresh.length === 0) return;
    // Marked "Just uploaded": this choice of files alone.
    props.onStart();
    setUploads((list) => [...list, ...fresh]);
    for (const upload of fresh) queue.current = queue.current.then(() => run(upload));
  };

  const cancel = (upload: Upload) => {
    upload.controller.abort();
    // One still waiting never started: nothing will report its end.
    if (upload.state === 'waiting') {
      drop(upload.key);
      onAnnounce(fill(say(W.cancelled), { name: upload.file.name }));
    }
  };

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{say(W.upload)}</h2>
      <div
        className={over ? 'dropzone dropzone--over' : 'dropzone'}
        onDragEnter={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragOver={(e) => {
          e.preventDefault();
          e.dataTransfer.dropEffect = 'copy';
        }}
        onDragLeave={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(false);
        }}
        onDrop={(e) => {
          e.preventDefault();
          setOver(false);
          add(e.dataTransfer.files);
        }}
      >
        <label htmlFor={`${id}-file`} className="button button--primary">
          {say(W.choose)}
        </label>
        <input
          ref={input}
          id={`${id}-file`}
          className="dropzone__input"
          type="file"
          multiple
          accept={ACCEPT}
          aria-describedby={`${id}-help`}
          onChange={(e) => {
            add(e.currentTarget.files);
            // The same file chosen again (after a refusal) is a new change.
            e.currentTarget.value = '';
          }}
        />
        <p id={`${id}-help`} className="field__hint">
          {over ? say(W.dropHere) : say(W.uploadHelp)}
        </p>
      </div>
      {uploads.length > 0 && (
        <ul className="uploads">
          {uploads.map((upload) => {
            const name = upload.file.name;
            return (
              <li key={upload.key} className="upload">
                <span className="item__title">{name}</span>
                {upload.state === 'failed' ? (
                  <>
                    <p className="form-error" role="alert">
                      {upload.message}
                    </p>
                    <button type="button" className="button button--small" aria-label={fill(say(W.dismissError), { name })} onClick={() => drop(upload.key)}>
                      {say(W.dismiss)}
                    </button>
                  </>
                ) : (
                  <>
                    <progress
                      aria-label={fill(say(W.uploading), { name })}
                      max={upload.total || 1}
                      // Indeterminate while waiting and while the server makes the variants.
                      value={upload.state === 'uploading' ? upload.loaded : undefined}
                    />
                    <span className="item__meta">
                      {upload.state === 'waiting'
                        ? say(W.waiting)
                        : upload.state === 'processing'
                          ? say(W.processing)
                          : `${Math.round((100 * upload.loaded) / (upload.total || 1))}%`}
                    </span>
                    {/* Once every byte is sent there is nothing left to cancel: the server is making the image. */}
                    {upload.state !== 'processing' && (
                      <button type="button" className="button button--small" aria-label={fill(say(W.cancelUpload), { name })} onClick={() => cancel(upload)}>
                        {say(W.cancel)}
                      </button>
                    )}
                  </>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
