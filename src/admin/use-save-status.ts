import { useCallback, useEffect, useRef, useState } from 'react';
import { wordError } from './problem-words';
import { t } from './words';

export const SAVE_MESSAGE_MS = 2000;

export type SaveStatus = { state: 'idle' } | { state: 'saving' } | { state: 'done'; message: string; ok: boolean };

/** Save button states: idle, saving, then "Saved" or the error message ("Save failed" without one), cleared after 2 s. */
export function useSaveStatus() {
  const [status, setStatus] = useState<SaveStatus>({ state: 'idle' });
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const run = useCallback(async (save: () => Promise<void>): Promise<boolean> => {
    clearTimeout(timer.current);
    setStatus({ state: 'saving' });
    let result: SaveStatus;
    try {
      await save();
      result = { state: 'done', ok: true, message: t('saved') };
    } catch (error) {
      result = { state: 'done', ok: false, message: errorMessage(error, t('saveFailed')) };
    }
    setStatus(result);
    timer.current = setTimeout(() => setStatus({ state: 'idle' }), SAVE_MESSAGE_MS);
    return result.state === 'done' && result.ok;
  }, []);

  return { status, run, saving: status.state === 'saving' };
}

/**
 * An error in the admin's language (./problem-words.ts): the backend's refusal or a field's problem, worded from its
 * code and field; `fallback` (in the admin's language too) when it says nothing the admin can word.
 */
export function errorMessage(error: unknown, fallback: string): string {
  return wordError(error, fallback);
}
