import { useCallback, useEffect, useRef } from 'react';
import { useFetcher } from 'react-router';
import { BackendError } from '../../content/backend';
import { errorMessage } from '../use-save-status';

/** What a page's action answers: done, or the backend's refusal (naming its field when it does). */
export type ActionResult = { ok: true; id?: string } | { ok: false; message: string; field?: string };

/** Runs a backend write for an action, turning a refusal into an answer the page shows (never a thrown error page). */
export async function attempt(write: () => Promise<unknown>, fallback: string): Promise<ActionResult> {
  try {
    const written = await write();
    // An add answers the new item: its id lets the page mark it and offer Undo.
    const id = written && typeof written === 'object' && 'id' in written && typeof written.id === 'string' ? written.id : undefined;
    return id ? { ok: true, id } : { ok: true };
  } catch (error) {
    return { ok: false, message: errorMessage(error, fallback), ...(error instanceof BackendError && error.field ? { field: error.field } : {}) };
  }
}

/**
 * Submits to the current route's action, as a promise of its answer: the router runs the action, then the
 * page's loader again (the form shows what was stored), and only then does the promise settle.
 */
export function useRouteAction<P extends object>() {
  const { state, data, submit } = useFetcher<ActionResult>();
  const waiting = useRef<((result: ActionResult) => void) | undefined>(undefined);
  useEffect(() => {
    if (state !== 'idle' || !data || !waiting.current) return;
    const resolve = waiting.current;
    waiting.current = undefined;
    resolve(data);
  }, [state, data]);
  const call = useCallback(
    (payload: P) =>
      new Promise<ActionResult>((resolve) => {
        waiting.current = resolve;
        void submit(payload as never, { method: 'post', encType: 'application/json' });
      }),
    [submit],
  );
  return { call, busy: state !== 'idle' };
}
