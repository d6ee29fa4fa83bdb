/**
 * Where the audio items still processing are: read every POLL_MS while there are any (apart from the Media page's
 * library, so that a field's audio picker can follow its own upload without importing the page).
 */
import { useEffect, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import type { AudioProgress } from '../../content/backend';
import type { AudioItem } from '../../content/model';
import { useBackend } from '../auth';

export const POLL_MS = 1000;

/**
 * The progress of the items still processing, read every POLL_MS while there are any (none: no request at all), and
 * the page read again once one of them is done. Skips its turns while the tab is hidden.
 */
export function useAudioProgress(items: AudioItem[]): { progress: Record<string, AudioProgress>; trouble: boolean } {
  const backend = useBackend();
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const waiting = items
    .filter((item) => item.status === 'processing')
    .map((item) => item.id)
    .join(' ');
  const [progress, setProgress] = useState<Record<string, AudioProgress>>({});
  const [trouble, setTrouble] = useState(false);
  useEffect(() => {
    const read = backend.audioProgress;
    if (!waiting || !read) return;
    const ids = waiting.split(' ');
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      if (document.visibilityState !== 'hidden') {
        try {
          const answers = await Promise.all(ids.map((id) => read(id)));
          if (!live) return;
          setTrouble(false);
          setProgress((all) => ({ ...all, ...Object.fromEntries(ids.map((id, i) => [id, answers[i]!])) }));
          // One is done: the library is read again (its facts, its waveform), which ends or narrows the polling.
          if (answers.some((answer) => answer.status !== 'processing')) void revalidate.current();
        } catch {
          if (live) setTrouble(true);
        }
      }
      if (live) timer = setTimeout(() => void tick(), POLL_MS);
    };
    timer = setTimeout(() => void tick(), POLL_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [backend, waiting]);
  return { progress, trouble };
}
