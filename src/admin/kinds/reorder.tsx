/**
 * Reorder mode: on a list whose order the artist chooses (releases, collaborators, services, credits, testimonials, a
 * service's samples), "Reorder" turns the rows into handles to drag and Move up / Move down buttons; otherwise a row only
 * opens its item. A list with a natural order (shows, by date) has no such mode (options.ts: `timeline`).
 */
import { useRef, type DragEvent } from 'react';
import { fill } from '../media/words';
import { ADMIN_WORDS as W } from '../words';
import { say } from './form-model';

/** A new order with one item moved from its place to `to` (undefined when it does not move). */
export function moved(ids: string[], itemId: string, to: number): string[] | undefined {
  const from = ids.indexOf(itemId);
  if (from < 0 || to < 0 || to >= ids.length || from === to) return undefined;
  const next = [...ids];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/** The switch into and out of reorder mode, with what the mode does said under it while on. */
export function ReorderSwitch(props: { on: boolean; onChange(on: boolean): void; hintId: string }) {
  return (
    <>
      <button
        type="button"
        className="button button--secondary button--small"
        aria-pressed={props.on}
        aria-describedby={props.on ? props.hintId : undefined}
        onClick={() => props.onChange(!props.on)}
      >
        {say(props.on ? W.reorderDone : W.reorder)}
      </button>
      {props.on && (
        <p id={props.hintId} className="field__hint list-tools__hint">
          {say(W.reorderHint)}
        </p>
      )}
    </>
  );
}

/** Move up and Move down of one row, named for its item ("Move Ploaie up"). */
export function MoveButtons(props: { label: string; index: number; count: number; busy: boolean; onMove(to: number): void }) {
  const { label, index, count, busy } = props;
  return (
    <div className="actions item__moves">
      <button
        type="button"
        className="button button--small"
        aria-label={fill(say(W.moveUp), { name: label })}
        disabled={busy || index === 0}
        onClick={() => props.onMove(index - 1)}
      >
        ↑
      </button>
      <button
        type="button"
        className="button button--small"
        aria-label={fill(say(W.moveDown), { name: label })}
        disabled={busy || index === count - 1}
        onClick={() => props.onMove(index + 1)}
      >
        ↓
      </button>
    </div>
  );
}

/** Dragging a row onto another moves it there: the props of each row, made for its place. */
export function useDragToMove(onMove: (itemId: string, to: number) => void) {
  const dragged = useRef<string | undefined>(undefined);
  return (itemId: string, index: number) => ({
    draggable: true,
    onDragStart: (e: DragEvent) => {
      // An item inside another (a sample in its service) is dragged alone.
      e.stopPropagation();
      dragged.current = itemId;
      e.dataTransfer.effectAllowed = 'move';
      e.dataTransfer.setData('text/plain', itemId);
    },
    onDragOver: (e: DragEvent) => {
      e.preventDefault();
      e.stopPropagation();
      e.dataTransfer.dropEffect = 'move';
    },
    onDrop: (e: DragEvent) => {
      e.preventDefault();
      e.stopPropagation();
      const from = dragged.current ?? e.dataTransfer.getData('text/plain');
      dragged.current = undefined;
      if (from) onMove(from, index);
    },
  });
}
