/**
 * The documents of the media library, on the Media page beside the images and the audio (src/content/kinds/documents.ts,
 * docs/decisions/0055-documents.md): the press kit's PDFs (a technical rider, a stage plot) and SVGs (a logo), each with
 * its format, pages and size, where it is used, Download, Rename, and Delete refused while it is used. On Scena's
 * server a file is uploaded here (its own control: the server checks it by its content and says why it refuses); where
 * the backend stores no files (Firebase), a document is added by its https address.
 */
import { ConfirmDelete, DeleteUnlessUsed } from './delete-unless-used';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import type { ContentAdmin, RemovedItem } from '../../content/backend';
import type { ListKind } from '../../content/fields/declare';
import { documents as documentsKind } from '../../content/kinds';
import { documentUrl } from '../../content/kinds/documents';
import { documentPlaces } from '../../content/kinds/image-places';
import { isLocalMedia } from '../../content/media';
import type { DocumentItem } from '../../content/model';
import { useBackend } from '../auth';
import { HistoryPanel } from '../kinds/history';
import { ChangeNotices, RemovedItems } from '../kinds/list-parts';
import { blocksOf, say, type Value } from '../kinds/form-model';
import { ItemForm } from '../kinds/item-form';
import { ListFilter, matches, NO_FILTER, type FindSpec } from '../kinds/list-filter';
import { useListChanges } from '../kinds/use-list-changes';
import { adminLanguage } from '../language';
import { errorMessage } from '../use-save-status';
import { ADMIN_WORDS } from '../words';
import { documentFacts, documentName } from './document-facts';
import { uploadFile } from './upload';
import { kindsPointingAt, readOwners } from './library';
import { fill, MEDIA_WORDS as W } from './words';

/** The documents library as the Media page's loader reads it. */
export interface DocumentsData {
  items: DocumentItem[];
  removed: RemovedItem[];
  /** The current value of every kind that points at documents (the press kit), to say where each is used. */
  owners: Record<string, unknown>;
}

/** The kinds whose itemRef fields point at documents (the press kit's rider, stage plot and SVG logo). */
const DOCUMENT_OWNERS = kindsPointingAt('documents');

export async function readDocumentsLibrary(backend: ContentAdmin): Promise<DocumentsData> {
  const [items, removed, owners] = await Promise.all([
    backend.list('documents'),
    backend.removedItems('documents').catch(() => []),
    readOwners(backend, DOCUMENT_OWNERS),
  ]);
  return { items, removed, owners };
}

/** What the file input offers: the server checks the content itself, whatever the name or this list says. */
export const ACCEPT_DOCUMENTS = 'application/pdf,image/svg+xml,.pdf,.svg';

/** An uploaded item's facts are the server's: the admin renames it. A link's are the admin's to give (Firebase). */
const RENAMED = new Set(['name']);
const BY_ADDRESS = new Set(['name', 'src', 'format', 'pages']);

/** The Documents part of the Media page's library; `onDirty` tells the page's unsaved-changes guard about its forms. */
export function DocumentsLibrary({ items, removed, owners, files, onDirty }: DocumentsData & { files: boolean; onDirty(dirty: boolean): void }) {
  const id = useId();
  const backend = useBackend();
  const revalidator = useRevalidator();
  const changes = useListChanges('documents', id);
  const { busy, editing, setEditing, confirming, setConfirming } = changes;
  const { announce, editDirty, setEditDirty, addDirty, setAddDirty, returnFocus, change, restoreRemoved } = changes;
  const kind = documentsKind as ListKind;
  const blocks = useMemo(() => blocksOf(kind), [kind]);
  const uses = useMemo(() => documentPlaces(owners, adminLanguage(), W.untitled), [owners]);
  useEffect(() => onDirty(editDirty || addDirty), [onDirty, editDirty, addDirty]);
  const [filter, setFilter] = useState(NO_FILTER);
  const find = useMemo<FindSpec>(
    () => ({
      words: (item) => [documentName(item as DocumentItem), ...(uses.get(item.id) ?? [])],
      hint: () => say(W.findDocuments),
    }),
    [uses],
  );
  // Newest first, as the images and the audio.
  const shown = items.filter((item) => matches(find, item as never, filter, 0)).reverse();

  // The upload in progress (one at a time: a rider and a plot are two clicks), and the last refusal, by file name.
  const [uploading, setUploading] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<{ name: string; message: string } | undefined>();
  const input = useRef<HTMLInputElement>(null);
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setRefusal(undefined);
    setUploading(file.name);
    try {
      const made = await uploadFile(backend, file, {});
      if (made.kind !== 'document') {
        // Taken all the same (an image or audio the server recognised): it is in the library above.
        setRefusal({ name: file.name, message: fill(say(W.notADocument), { name: file.name }) });
      } else announce(fill(say(W.uploadedDocument), { name: documentName(made.item) }));
      await revalidator.revalidate();
    } catch (caught) {
      setRefusal({ name: file.name, message: errorMessage(caught, say(W.saveFailed)) });
    } finally {
      setUploading(undefined);
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="audio-library documents-library">
      <h3 id={`${id}-title`}>{say(W.documentsHeading)}</h3>
      <p className="field__hint">{say(W.documentsHelp)}</p>
      <ChangeNotices {...changes.notices} />
      {files ? (
        <div className="documents-upload">
          <label htmlFor={`${id}-file`} className="button button--primary">
            {say(W.chooseDocument)}
          </label>
          <input
            ref={input}
            id={`${id}-file`}
            className="dropzone__input"
            type="file"
            accept={ACCEPT_DOCUMENTS}
            aria-describedby={`${id}-help`}
            disabled={uploading !== undefined}
            onChange={(e) => {
              void upload(e.currentTarget.files?.[0]);
              // The same file chosen again (after a refusal) is a new change.
              e.currentTarget.value = '';
            }}
          />
          <p id={`${id}-help`} className="field__hint">
            {say(W.chooseDocumentHelp)}
          </p>
          {uploading !== undefined && (
            <p className="item__meta" role="status">
              {fill(say(W.uploadingDocument), { name: uploading })}
            </p>
          )}
          {refusal && (
            <div className="documents-upload__refusal">
              <p className="form-error" role="alert">
                {refusal.message}
              </p>
              <button
                type="button"
                className="button button--small"
                aria-label={fill(say(W.dismissError), { name: refusal.name })}
                onClick={() => {
                  setRefusal(undefined);
                  input.current?.focus();
                }}
              >
                {say(W.dismiss)}
              </button>
            </div>
          )}
        </div>
      ) : (
        <section aria-labelledby={`${id}-add`} className="audio-add">
          <h4 id={`${id}-add`}>{say(W.addDocumentByAddress)}</h4>
          <p className="field__hint">{say(W.addDocumentByAddressHelp)}</p>
          <ItemForm
            kind={kind}
            blocks={blocks.filter((b) => BY_ADDRESS.has(b.name))}
            idPrefix={`${id}-new`}
            stored={{ format: 'pdf' }}
            submit={busy ? say(W.saving) : say(W.addDocument)}
            busy={busy}
            clearOnSave
            onDirty={setAddDirty}
            onSave={(value) => change({ intent: 'add', value }, fill(say(W.added), { name: documentName(value as DocumentItem) }))}
          />
        </section>
      )}
      {items.length > 0 && (
        <ListFilter spec={find} filter={filter} onChange={setFilter} shown={shown.length} total={items.length} name={say(W.documentsHeading)} />
      )}
      {items.length === 0 ? (
        <p>{say(W.documentsEmpty)}</p>
      ) : (
        <ul className="items">
          {shown.map((item) => {
            const name = documentName(item);
            const usedIn = uses.get(item.id) ?? [];
            const usedId = `${id}-used-${item.id}`;
            const uploaded = isLocalMedia(item.src);
            if (editing === item.id) {
              const close = () => {
                returnFocus.current = item.id;
                setEditing(undefined);
              };
              return (
                <li key={item.id} className="item item--editing">
                  <HistoryPanel kind={kind} id={item.id} label={name} />
                  <ItemForm
                    kind={kind}
                    blocks={blocks.filter((b) => (uploaded ? RENAMED : BY_ADDRESS).has(b.name))}
                    idPrefix={`${id}-e-${item.id}`}
                    stored={item}
                    label={fill(say(uploaded ? ADMIN_WORDS.renameLabel : W.editLabel), { name })}
                    submit={busy ? say(W.saving) : say(W.save)}
                    busy={busy}
                    focusFirst
                    onDirty={setEditDirty}
                    onSave={async (value: Value) => {
                      const result = await change({ intent: 'update', id: item.id, value }, fill(say(W.saved), { name: documentName(value as DocumentItem) }));
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
              <li key={item.id} className="item document">
                <div className="item__text">
                  <span className="item__title">{name}</span>
                  <span className="item__meta">{documentFacts(item)}</span>
                  <span id={usedId} className="item__meta">
                    {usedIn.length > 0 ? fill(say(W.documentUsedIn), { places: usedIn.join('; ') }) : say(W.documentUnused)}
                  </span>
                </div>
                {confirming === item.id ? (
                  <ConfirmDelete
                    name={name}
                    group={W.confirmDeleteDocumentGroup}
                    busy={busy}
                    onDelete={(notice) => {
                      setConfirming(undefined);
                      void change({ intent: 'remove', id: item.id }, notice);
                    }}
                    onCancel={() => setConfirming(undefined)}
                  />
                ) : (
                  <div className="actions">
                    {/* The file as visitors get it: a download, never opened in the admin's page. */}
                    <a className="button button--small" href={documentUrl(item)} download aria-label={fill(say(W.downloadDocumentLabel), { name })}>
                      {say(W.downloadDocument)}
                    </a>
                    <button
                      type="button"
                      id={`${id}-edit-${item.id}`}
                      className="button button--small"
                      aria-label={fill(say(uploaded ? ADMIN_WORDS.renameLabel : W.editLabel), { name })}
                      onClick={() => setEditing(item.id)}
                    >
                      {say(uploaded ? ADMIN_WORDS.rename : W.edit)}
                    </button>
                    <DeleteUnlessUsed name={name} usedIn={usedIn} usedId={usedId} inUse={W.documentInUse} onDelete={() => setConfirming(item.id)} />
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <RemovedItems
        id={id}
        level={4}
        title={say(W.removed)}
        items={removed}
        nameOf={(item) => documentName(item.value as DocumentItem)}
        removedAt={(when) => fill(say(W.documentRemovedAt), { when })}
        restore={say(W.restore)}
        restoreLabel={(name) => fill(say(W.restoreLabel), { name })}
        busy={busy}
        onRestore={(item) => restoreRemoved(item, fill(say(W.restored), { name: documentName(item.value as DocumentItem) }), say(W.restoreFailed))}
      />
    </section>
  );
}
