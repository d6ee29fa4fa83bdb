/**
 * The audio of the media library, on the Media page beside the images (src/content/kinds/audio.ts): each item with its
 * state (Processing with its progress, Ready with its duration, loudness, waveform and a player, or Failed with the
 * server's reason and Retry), where it is used, Rename, and Delete refused while it is used. On Scena's server the
 * files arrive through the page's upload control; the processing is polled every second while an item is processing,
 * and not at all otherwise. Where the backend stores no files (Firebase), audio is added by its https address.
 */
import { ConfirmDelete, DeleteUnlessUsed } from './delete-unless-used';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import type { AudioProgress, ContentAdmin, RemovedItem } from '../../content/backend';
import { audioSources } from '../../content/audio';
import type { Kind, ListKind } from '../../content/fields/declare';
import { audio as audioKind, samples, services } from '../../content/kinds';
import { isLocalMedia } from '../../content/media';
import type { AudioItem } from '../../content/model';
import { useBackend } from '../auth';
import { HistoryPanel } from '../kinds/history';
import { ChangeNotices, RemovedItems } from '../kinds/list-parts';
import { blocksOf, say, wordsOf, type Item, type Value } from '../kinds/form-model';
import { ItemForm } from '../kinds/item-form';
import { ListFilter, matches, NO_FILTER, type FindSpec } from '../kinds/list-filter';
import { audioName, formatDuration, formatLoudness, itemName, statusWords, textOf } from '../kinds/summaries';
import { useListChanges } from '../kinds/use-list-changes';
import { errorMessage } from '../use-save-status';
import { ADMIN_WORDS as W } from '../words';
import { audioProblem } from './audio-problem';
import { useAudioProgress } from './audio-progress';
import { Waveform } from './waveform';
import { kindsPointingAt, readOwners } from './library';
import { fill, MEDIA_WORDS as M } from './words';

/** The audio library as the Media page's loader reads it. */
export interface AudioData {
  items: AudioItem[];
  removed: RemovedItem[];
  /** The current value of every kind that points at audio (and the lists that name them), to say where each is used. */
  owners: Record<string, unknown>;
}

/** The kinds whose itemRef fields point at audio (a sample's audio and before, settings' producer tag). */
const AUDIO_OWNERS = kindsPointingAt('audio');

export async function readAudioLibrary(backend: ContentAdmin): Promise<AudioData> {
  const [items, removed, owners] = await Promise.all([
    backend.list('audio'),
    backend.removedItems('audio').catch(() => []),
    // The services name the samples' places ("Mixing › sample “Demo”").
    readOwners(backend, [...AUDIO_OWNERS, services as Kind]),
  ]);
  return { items, removed, owners };
}

/** Where each audio item is used, in words: "Mixing › sample “Demo”", "Mixing › sample “Demo” (before)", "Settings › Producer tag". */
export function audioPlaces(owners: Record<string, unknown>): Map<string, string[]> {
  const places = new Map<string, string[]>();
  const add = (id: unknown, place: string) => {
    if (typeof id === 'string' && id !== '') places.set(id, [...(places.get(id) ?? []), place]);
  };
  const serviceList = (owners[services.name] as Item[] | undefined) ?? [];
  for (const kind of AUDIO_OWNERS) {
    const value = owners[kind.name];
    if (!value) continue;
    const words = wordsOf(kind);
    const fields = Object.entries(kind.fields).filter(([, f]) => f.type === 'itemRef' && f.list === 'audio');
    if (kind.name === samples.name) {
      for (const sample of value as Item[]) {
        const service = serviceList.find((s) => s.id === sample.service);
        const where = service ? `${textOf(service, 'title') || say(W.untitled)} › ` : '';
        const title = textOf(sample, 'title') || say(W.untitled);
        add(sample.audio, where + fill(say(W.sampleAfter), { name: title }));
        add(sample.before, where + fill(say(W.sampleBefore), { name: title }));
      }
    } else if (kind.shape === 'singleton') {
      for (const [field] of fields) add((value as Value)[field], `${say(words.label)} › ${say(words.fields[field]!.label)}`);
    } else {
      for (const item of value as Item[]) {
        for (const [field] of fields) {
          add(item[field], `${say(words.label)} › “${itemName(kind, item) || say(W.untitled)}” › ${say(words.fields[field]!.label)}`);
        }
      }
    }
  }
  return places;
}

/** An uploaded item's facts are the server's: the admin renames it. An address's are the admin's to give (Firebase). */
const RENAMED = new Set(['name']);
const BY_ADDRESS = new Set(['name', 'src', 'loudness']);

/** The Audio part of the Media page's library; `onDirty` tells the page's unsaved-changes guard about its edit form. */
export function AudioLibrary({ items, removed, owners, onDirty }: AudioData & { onDirty(dirty: boolean): void }) {
  const id = useId();
  const backend = useBackend();
  const revalidator = useRevalidator();
  const changes = useListChanges('audio', id);
  const { busy, editing, setEditing, confirming, setConfirming, setError } = changes;
  const { announce, editDirty, setEditDirty, returnFocus, change, restoreRemoved } = changes;
  const blocks = useMemo(() => blocksOf(audioKind as ListKind), []);
  const uses = useMemo(() => audioPlaces(owners), [owners]);
  const { progress, trouble } = useAudioProgress(items);
  const [retrying, setRetrying] = useState<string | undefined>();
  useEffect(() => onDirty(editDirty), [onDirty, editDirty]);
  // The audio found by its name and where it is used, or by its state (Processing, Ready, Failed), as the images are.
  // The filter lives here, not in an item: it stays while an item is renamed and closed.
  const [filter, setFilter] = useState(NO_FILTER);
  const find = useMemo<FindSpec>(
    () => ({
      words: (item) => [audioName(item as AudioItem), ...(uses.get(item.id) ?? [])],
      hint: () => say(W.findAudio),
      states: (['processing', 'ready', 'failed'] as const).map((status) => ({
        key: status,
        label: () => statusWords(status),
        has: (item) => item.status === status,
      })),
    }),
    [uses],
  );
  // Newest first, as the images (decision 0049): an upload is added at the end of the list.
  const shown = items.filter((item) => matches(find, item as never, filter, 0)).reverse();

  // Say it when an item is done, whatever read the library again (the polling, another change).
  const seen = useRef(new Map(items.map((item) => [item.id, item.status])));
  useEffect(() => {
    for (const item of items) {
      const before = seen.current.get(item.id);
      if (before === 'processing' && item.status === 'ready') announce(fill(say(W.becameReady), { name: audioName(item) }));
      if (before === 'processing' && item.status === 'failed') {
        announce(fill(say(W.becameFailed), { name: audioName(item), problem: item.problem ? audioProblem(item.problem) : say(W.failedNoReason) }));
      }
    }
    seen.current = new Map(items.map((item) => [item.id, item.status]));
  }, [items, announce]);

  const retry = async (item: AudioItem) => {
    if (!backend.retryAudio) return;
    setError('');
    setRetrying(item.id);
    try {
      await backend.retryAudio(item.id);
      announce(fill(say(W.retrying), { name: audioName(item) }));
      await revalidator.revalidate();
    } catch (caught) {
      setError(errorMessage(caught, say(W.retryFailed)));
    } finally {
      setRetrying(undefined);
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="audio-library">
      <h3 id={`${id}-title`}>{say(W.audioHeading)}</h3>
      <ChangeNotices {...changes.notices} />
      {trouble && (
        <p className="field__hint" role="status">
          {say(W.progressFailed)}
        </p>
      )}
      {items.length > 0 && <ListFilter spec={find} filter={filter} onChange={setFilter} shown={shown.length} total={items.length} name={say(W.audioHeading)} />}
      {items.length === 0 ? (
        <p>{say(W.audioEmpty)}</p>
      ) : (
        <ul className="items">
          {shown.map((item) => {
            const name = audioName(item);
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
                  <HistoryPanel kind={audioKind as ListKind} id={item.id} label={name} />
                  <ItemForm
                    kind={audioKind as ListKind}
                    blocks={blocks.filter((b) => (uploaded ? RENAMED : BY_ADDRESS).has(b.name))}
                    idPrefix={`${id}-e-${item.id}`}
                    stored={item}
                    label={fill(say(uploaded ? W.renameLabel : M.editLabel), { name })}
                    submit={busy ? say(M.saving) : say(M.save)}
                    busy={busy}
                    focusFirst
                    onDirty={setEditDirty}
                    onSave={async (value: Value) => {
                      const result = await change({ intent: 'update', id: item.id, value }, fill(say(M.saved), { name: audioName(value) }));
                      if (result.ok) close();
                      return result;
                    }}
                  >
                    <button type="button" className="button button--secondary" onClick={close}>
                      {say(M.cancel)}
                    </button>
                  </ItemForm>
                </li>
              );
            }
            return (
              <li key={item.id} className={`item audio audio--${item.status}`}>
                <div className="item__text">
                  <span className="item__title">{name}</span>
                  <AudioState item={item} progress={progress[item.id]} />
                  <span id={usedId} className="item__meta">
                    {usedIn.length > 0 ? fill(say(W.audioUsedIn), { places: usedIn.join('; ') }) : say(W.audioUnused)}
                  </span>
                </div>
                {item.status === 'ready' && (
                  <div className="audio__listen">
                    <Waveform hex={item.waveform} label={fill(say(W.waveformOf), { name })} />
                    {/* The full renditions, for the admin; nothing is fetched before Play. */}
                    <audio controls preload="none" aria-label={fill(say(W.listen), { name })}>
                      {audioSources(item.src).map((source) => (
                        <source key={source.src} src={source.src} {...(source.type ? { type: source.type } : {})} />
                      ))}
                    </audio>
                  </div>
                )}
                {confirming === item.id ? (
                  <ConfirmDelete
                    name={name}
                    group={W.confirmDeleteAudioGroup}
                    busy={busy}
                    onDelete={(notice) => {
                      setConfirming(undefined);
                      void change({ intent: 'remove', id: item.id }, notice);
                    }}
                    onCancel={() => setConfirming(undefined)}
                  />
                ) : (
                  <div className="actions">
                    {item.status === 'failed' && backend.retryAudio && (
                      <button
                        type="button"
                        className="button button--small button--primary"
                        aria-label={fill(say(W.retryLabel), { name })}
                        disabled={retrying !== undefined}
                        onClick={() => retry(item)}
                      >
                        {say(W.retry)}
                      </button>
                    )}
                    {/* Not while processing: the server is about to write the item's facts. */}
                    <button
                      type="button"
                      id={`${id}-edit-${item.id}`}
                      className="button button--small"
                      aria-label={fill(say(uploaded ? W.renameLabel : M.editLabel), { name })}
                      disabled={item.status === 'processing'}
                      onClick={() => setEditing(item.id)}
                    >
                      {say(uploaded ? W.rename : M.edit)}
                    </button>
                    <DeleteUnlessUsed name={name} usedIn={usedIn} usedId={usedId} inUse={W.audioInUse} onDelete={() => setConfirming(item.id)} />
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
        title={say(M.removed)}
        items={removed}
        nameOf={(item) => audioName(item.value)}
        removedAt={(when) => fill(say(M.removedAt), { when })}
        restore={say(M.restore)}
        restoreLabel={(name) => fill(say(M.restoreLabel), { name })}
        busy={busy}
        onRestore={(item) => restoreRemoved(item, fill(say(M.restored), { name: audioName(item.value) }), say(M.restoreFailed))}
      />
    </section>
  );
}

/** "Processing: 42%" with its bar, "3:12 · −14.2 LUFS · Ready", or "Failed: <the server's reason>". */
function AudioState({ item, progress }: { item: AudioItem; progress: AudioProgress | undefined }) {
  const name = audioName(item);
  if (item.status === 'processing') {
    const fraction = progress?.status === 'processing' ? progress.fraction : undefined;
    const percent = fraction === undefined ? undefined : Math.round(Math.min(1, Math.max(0, fraction)) * 100);
    return (
      <span className="audio__progress">
        <progress aria-label={fill(say(W.processingLabel), { name })} max={100} value={percent} />
        <span className="item__meta">{percent === undefined ? say(W.processingUnknown) : fill(say(W.processingPercent), { percent })}</span>
      </span>
    );
  }
  if (item.status === 'failed') {
    return (
      <span className="audio__problem">
        {statusWords('failed')}: {item.problem ? audioProblem(item.problem) : say(W.failedNoReason)}
      </span>
    );
  }
  const facts = [
    item.durationMs > 0 ? formatDuration(item.durationMs) : say(W.durationUnknown),
    item.loudness !== 0 ? formatLoudness(item.loudness) : '',
    statusWords('ready'),
  ];
  return <span className="item__meta">{facts.filter(Boolean).join(' · ')}</span>;
}

/** Firebase: an audio file hosted elsewhere, added by its https address (ready as given; its loudness if known). */
export function AddAudioByAddress({ onDirty }: { onDirty(dirty: boolean): void }) {
  const id = useId();
  const changes = useListChanges('audio', id);
  const { busy, change } = changes;
  const blocks = useMemo(() => blocksOf(audioKind as ListKind).filter((b) => BY_ADDRESS.has(b.name)), []);
  return (
    <section aria-labelledby={`${id}-add`} className="audio-add">
      <h2 id={`${id}-add`}>{say(W.addAudioByAddress)}</h2>
      <p className="field__hint">{say(W.addAudioByAddressHelp)}</p>
      <ChangeNotices {...changes.notices} />
      <ItemForm
        kind={audioKind as ListKind}
        blocks={blocks}
        idPrefix={`${id}-new`}
        stored={{ status: 'ready' }}
        submit={busy ? say(M.saving) : say(W.addAudio)}
        busy={busy}
        clearOnSave
        onDirty={onDirty}
        onSave={(value) => change({ intent: 'add', value }, fill(say(M.added), { name: audioName(value) }))}
      />
    </section>
  );
}
