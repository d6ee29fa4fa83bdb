/**
 * The control of a field that points at the audio library (a sample's audio, its Before, the producer tag): a
 * <select> of the audio by name, duration and state ("mix-final.wav · 3:12 · Ready"), newest first, and "Upload new"
 * beside it: the file goes up as on the Media page (the same checks and refusals), is chosen here at once and its
 * processing is followed here (Processing… 40 %, then Ready or why it failed), the form keeping what was typed.
 */
import { useEffect, useId, useMemo, useRef, useState, type ChangeEvent } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useLoaderData } from 'react-router';
import { BackendError } from '../../content/backend';
import type { AudioItem } from '../../content/model';
import { useBackend } from '../auth';
import { say, type Item, type Value } from '../kinds/form-model';
import { audioLabel, audioName } from '../kinds/summaries';
import { errorMessage } from '../use-save-status';
import { ADMIN_WORDS } from '../words';
import { useAudioProgress } from './audio-progress';
import { plain } from '../kinds/list-filter';
import { FindByName, UploadLine, UploadNew, type UploadState } from './image-picker';
import { audioProblem } from './audio-problem';
import { ACCEPT_AUDIO, uploadFile } from './upload';
import { fill, MEDIA_WORDS as W } from './words';

type Props = UseFormRegisterReturn & { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined };

/** The audio newest first (an upload is added at the end of the list), those uploaded here first of all. */
export function audioNewestFirst(stored: readonly Item[], mine: readonly Item[]): Item[] {
  return [...stored, ...mine.filter((item) => !stored.some((s) => s.id === item.id))].reverse();
}

/** A list long enough to look through: from this many files the picker offers Find by name. */
export const FIND_FROM = 6;

/** The audio whose name has `query` in it, whatever the case and diacritics; the chosen one always stays (a select shows its value). */
export function findAudio(items: readonly Item[], query: string, chosen: string): Item[] {
  const q = plain(query.trim());
  return q ? items.filter((item) => item.id === chosen || plain(audioName(item)).includes(q)) : [...items];
}

export function AudioPicker({ ref, onChange, ...props }: Props) {
  const backend = useBackend();
  const data = useLoaderData() as { refs?: Record<string, Value[]> } | undefined;
  const stored = data?.refs?.audio as Item[] | undefined;
  const [mine, setMine] = useState<Item[]>([]);
  const items = useMemo(() => audioNewestFirst(stored ?? [], mine), [stored, mine]);
  const { progress } = useAudioProgress(items as unknown as AudioItem[]);
  const select = useRef<HTMLSelectElement | null>(null);
  const pending = useRef<string | undefined>(undefined);
  const [chosen, setChosen] = useState('');
  const [query, setQuery] = useState('');
  const shown = findAudio(items, query, chosen);
  const [upload, setUpload] = useState<UploadState | undefined>();
  const [announcement, setAnnouncement] = useState('');
  const controller = useRef<AbortController | undefined>(undefined);
  useEffect(() => () => controller.current?.abort(), []);
  const own = useId();
  const canUpload = Boolean(backend.uploadMedia);

  // An upload is chosen once its option is there.
  useEffect(() => {
    const el = select.current;
    const id = pending.current;
    if (!el || !id || !items.some((i) => i.id === id)) return;
    pending.current = undefined;
    el.value = id;
    setChosen(id);
    void onChange({ target: el, type: 'change' });
  }, [items, onChange]);

  const uploadNew = async (file: File | undefined) => {
    if (!file) return;
    controller.current?.abort();
    const signal = (controller.current = new AbortController()).signal;
    setUpload({ state: 'uploading', name: file.name, loaded: 0, total: file.size });
    try {
      const made = await uploadFile(backend, file, {
        signal,
        onProgress: (loaded, total) => setUpload({ state: 'uploading', name: file.name, loaded, total }),
      });
      if (made.kind !== 'audio') throw new BackendError(say(made.kind === 'document' ? W.documentNotAudio : W.notAudio), 'unsupported-type', 'file');
      setUpload(undefined);
      pending.current = made.item.id;
      setMine((list) => [...list, made.item as unknown as Item]);
      setAnnouncement(fill(say(W.uploadedAudioChosen), { name: file.name }));
    } catch (caught) {
      if (caught instanceof BackendError && caught.code === 'aborted') setUpload(undefined);
      else setUpload({ state: 'failed', name: file.name, message: errorMessage(caught, say(W.saveFailed)) });
    }
  };

  const item = items.find((i) => i.id === chosen);
  const state = item ? progress[item.id] : undefined;
  // The chosen audio while it is processed, and why it failed: said under the select, read with it.
  const status =
    item && (state?.status ?? item.status) === 'processing'
      ? `${say(W.processing)} ${Math.round(100 * (state?.fraction ?? 0))} %`
      : item && (state?.status ?? item.status) === 'failed'
        ? audioProblem(String(state?.problem || item.problem || '')) || fill(say(ADMIN_WORDS.audioFailed), { name: audioName(item) })
        : '';
  const describedBy = [props['aria-describedby'], status && `${own}-state`].filter(Boolean).join(' ') || undefined;
  return (
    <div className="picker picker--audio">
      <p className="sr-only" role="status" aria-live="polite">
        {announcement}
      </p>
      <div className="picker__tools">
        {items.length >= FIND_FROM && <FindByName id={`${own}-find`} query={query} onChange={setQuery} controls={props.id} />}
        <select
          {...props}
          aria-describedby={describedBy}
          ref={(el) => {
            ref(el);
            select.current = el;
            if (el && el.value !== chosen && !pending.current) setChosen(el.value);
          }}
          onChange={(event: ChangeEvent<HTMLSelectElement>) => {
            setChosen(event.target.value);
            return onChange(event);
          }}
        >
          <option value="">{say(ADMIN_WORDS.noneChosen)}</option>
          {shown.map((audio) => (
            <option key={audio.id} value={audio.id}>
              {audioLabel(progress[audio.id] ? { ...audio, status: progress[audio.id]!.status } : audio)}
            </option>
          ))}
        </select>
        {canUpload && (
          <UploadNew
            id={`${own}-file`}
            label={say(W.uploadNewAudio)}
            accept={ACCEPT_AUDIO}
            helpId={`${own}-upload-help`}
            onFile={(file) => void uploadNew(file)}
          />
        )}
      </div>
      {status && (
        <p id={`${own}-state`} className="field__hint">
          {status}
        </p>
      )}
      {canUpload && (
        <p id={`${own}-upload-help`} className="field__hint">
          {say(W.uploadNewAudioHelp)}
        </p>
      )}
      {upload && <UploadLine upload={upload} onCancel={() => controller.current?.abort()} onDismiss={() => setUpload(undefined)} />}
    </div>
  );
}
