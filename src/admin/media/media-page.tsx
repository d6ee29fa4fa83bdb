/**
 * The Media page: the library's images and audio (./audio-library.tsx) with where each is used, their names and alt
 * texts edited with the generic item form, delete refused while an item is used, history and undo as every list has
 * them. On Scena's server, files are uploaded here, images and audio through the same control (several at once, each
 * with its progress and Cancel); where the backend stores no files (Firebase), an item is added by its https address.
 */
import { useCallback, useId, useMemo, useRef, useState } from 'react';
import { useLoaderData, useRevalidator } from 'react-router';
import { BackendError, type RemovedItem } from '../../content/backend';
import type { ListKind } from '../../content/fields/declare';
import { fileLabel, problemText } from '../../content/media-problems';
import type { MediaItem } from '../../content/model';
import { useBackend } from '../auth';
import { HistoryPanel, UndoButton } from '../kinds/history';
import { ConfirmRemove, RemovedItems } from '../kinds/list-parts';
import { blocksOf, say, wordsOf, type Value } from '../kinds/form-model';
import { ItemForm } from '../kinds/item-form';
import { ListFilter, matches, NO_FILTER, type FindSpec } from '../kinds/list-filter';
import { useListChanges } from '../kinds/use-list-changes';
import { errorMessage } from '../use-save-status';
import { UnsavedGuard } from '../use-unsaved-guard';
import { ADMIN_WORDS } from '../words';
import { AddAudioByAddress, AudioLibrary, type AudioData } from './audio-library';
import { imageName, missingAlt, missingAltNote, Thumb, usesInWords } from './library';
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
    }
  | { error: string };

/** The audio files an upload takes, by extension and type (src/content/kinds/audio.ts). */
const AUDIO_EXTENSIONS = ['.wav', '.aif', '.aiff', '.flac', '.mp3', '.m4a', '.aac', '.ogg', '.opus'];
const AUDIO_TYPES = ['audio/wav', 'audio/x-wav', 'audio/aiff', 'audio/x-aiff', 'audio/flac', 'audio/mpeg', 'audio/mp4', 'audio/aac', 'audio/ogg', 'audio/opus'];
/** What an upload accepts; the server checks the content itself, whatever the name or this list says. */
const ACCEPT = ['image/jpeg,image/png,image/webp,image/avif,.jpg,.jpeg,.png,.webp,.avif', ...AUDIO_TYPES, ...AUDIO_EXTENSIONS].join(',');
/** The largest audio file the server takes (issue 21): refused here before a byte is sent, and by the server anyway. */
export const AUDIO_MAX_MB = 200;
const isAudioFile = (file: File) => file.type.startsWith('audio/') || AUDIO_EXTENSIONS.some((ext) => file.name.toLowerCase().endsWith(ext));

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

function Library({ kind, items, removed, owners, files, audio }: { kind: ListKind } & Extract<MediaData, { items: unknown }>) {
  const id = useId();
  const changes = useListChanges('media', id);
  const { busy, offer, offerUndo, editing, setEditing, confirming, setConfirming, error } = changes;
  const { announcement, setAnnouncement, addDirty, setAddDirty, editDirty, setEditDirty, returnFocus, change, restoreRemoved: restore } = changes;
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
  const shown = items.filter((item) => matches(find, item as never, filter, 0));

  const restoreRemoved = (item: RemovedItem) => restore(item, fill(say(W.restored), { name: imageName(item.value as MediaItem) }), say(W.restoreFailed));
  /** The audio's forms, for the one unsaved-changes guard of the page. */
  const [audioDirty, setAudioDirty] = useState({ add: false, edit: false });
  const onAudioAddDirty = useCallback((dirty: boolean) => setAudioDirty((d) => (d.add === dirty ? d : { ...d, add: dirty })), []);
  const onAudioEditDirty = useCallback((dirty: boolean) => setAudioDirty((d) => (d.edit === dirty ? d : { ...d, edit: dirty })), []);

  return (
    <>
      <p className="sr-only" role="status" aria-live="polite">
        {announcement}
      </p>
      {files ? (
        <Uploads onAnnounce={setAnnouncement} />
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
      <UndoButton offer={offer} onDone={() => offerUndo(undefined)} />
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
              const note = missingAltNote(item);
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
                <li key={item.id} className="media-card">
                  <Thumb item={item} />
                  <div className="item__text">
                    <span className="item__title">{name}</span>
                    <span className="item__meta">{fill(say(W.size), { width: item.width, height: item.height })}</span>
                    <span id={usedId} className="item__meta">
                      {usedIn.length > 0 ? fill(say(W.usedIn), { places: usedIn.join('; ') }) : say(W.unused)}
                    </span>
                    {note && <span className="media-card__warning">{note}</span>}
                  </div>
                  {confirming === item.id ? (
                    <ConfirmRemove
                      groupLabel={fill(say(W.confirmDeleteGroup), { name })}
                      question={fill(say(W.confirmDelete), { name })}
                      yes={say(W.yesDelete)}
                      cancel={say(W.cancel)}
                      busy={busy}
                      onYes={async () => {
                        setConfirming(undefined);
                        await change({ intent: 'remove', id: item.id }, fill(say(W.deleted), { name }));
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
                      {/* Refused here while used (the server refuses too): the button says where, through its description. */}
                      <button
                        type="button"
                        className="button button--small"
                        aria-label={fill(say(W.deleteLabel), { name })}
                        aria-describedby={usedIn.length > 0 ? `${usedId} ${usedId}-why` : undefined}
                        disabled={usedIn.length > 0}
                        onClick={() => setConfirming(item.id)}
                      >
                        {say(W.delete)}
                      </button>
                      {usedIn.length > 0 && (
                        <span id={`${usedId}-why`} className="item__meta">
                          {say(W.inUse)}
                        </span>
                      )}
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
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
      <UnsavedGuard dirty={editDirty || addDirty || audioDirty.add || audioDirty.edit} />
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
function Uploads({ onAnnounce }: { onAnnounce(text: string): void }) {
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
      if (isAudioFile(file) && file.size > AUDIO_MAX_MB * 1024 * 1024) {
        // The server's own refusal, in its declared words: the admin's language says them (problem-words.ts).
        throw new BackendError(problemText('tooBig', { name: fileLabel(file.name) }, 'en'), 'too-big', 'file');
      }
      const options = {
        signal: controller.signal,
        // Once every byte is sent, the server is still making the variants (an image) or taking the file in (audio).
        onProgress: (loaded: number, total: number) => patch(key, { loaded, total, state: loaded >= total ? 'processing' : 'uploading' }),
      };
      const made = backend.uploadMedia
        ? await backend.uploadMedia(file, options)
        : backend.uploadImage
          ? { kind: 'image' as const, item: await backend.uploadImage(file, options) }
          : undefined;
      if (!made) throw new BackendError(say(W.noStorage));
      drop(key);
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
