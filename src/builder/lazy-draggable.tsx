import { KeyboardSensor, PointerSensor, useDraggable, type DraggableAttributes, type UniqueIdentifier, type UseDraggableArguments } from '@dnd-kit/core';
import { createContext, useContext, useId, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode, type RefObject, type SyntheticEvent } from 'react';
import { flushSync } from 'react-dom';

type Data = UseDraggableArguments['data'];

/**
 * A draggable that is one only while it may start a drag.
 *
 * dnd-kit's `useDraggable` reads the drag-and-drop context, which changes when a drag starts, passes into another
 * list and ends: every draggable of the builder (each canvas field and palette entry, several hundred at 300 fields)
 * would render again at each of those steps. Here an item is a plain element whose drag listeners register it with
 * dnd-kit (a `useDraggable` in a child that draws nothing) at the moment its first pointer-down or key-down arrives,
 * synchronously, before dnd-kit's own listener sees the event; the registration stays until another item is armed.
 * So at any time one item (two while a new one takes over) is a dnd-kit draggable, and a drag's start, steps and
 * drop draw that one only. What the item shows and says is the same as a `useDraggable` item's.
 */

/** The events that start a drag: those of the builder's sensors (pointer and keyboard). */
const DRAG_EVENTS: readonly string[] = [...PointerSensor.activators, ...KeyboardSensor.activators].map((a) => a.eventName);

// The one armed item of the page (by a token of each item: ids may repeat across builders).
let armedToken: string | null = null;
const listeners = new Set<() => void>();
function arm(token: string) {
  if (armedToken === token) return;
  armedToken = token;
  for (const l of listeners) l();
}
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/**
 * The id of dnd-kit's hidden screen-reader instructions (the `id` given to `DndContext`): every draggable names it in
 * `aria-describedby`, armed or not.
 */
export const DragDescribedByContext = createContext<string | undefined>(undefined);

/** What an item spreads on the element that starts its drag, and its drag state. */
export interface LazyDrag {
  /** The drag's listeners (undefined when disabled), as `useDraggable`'s. */
  listeners: Record<string, (event: SyntheticEvent) => void> | undefined;
  /** As `useDraggable`'s: role, tab index, roledescription, the instructions' id, pressed while dragged. */
  attributes: DraggableAttributes;
  /** Whether this item is the one being dragged. */
  isDragging: boolean;
  /** The registration with dnd-kit while armed: render it inside the item (it draws nothing). */
  registration: ReactNode;
}

type Handlers = Record<string, ((event: SyntheticEvent) => void) | undefined> | undefined;

/**
 * An item that dnd-kit drags as `node` (the element measured and dropped on), with `data` as its `active.data`.
 * Renders again only when it is armed or disarmed and when its drag starts or ends.
 */
export function useLazyDraggable({ id, data, disabled = false, node }: { id: UniqueIdentifier; data: Data; disabled?: boolean; node: RefObject<HTMLElement | null> }): LazyDrag {
  const token = useId();
  const armed = useSyncExternalStore(
    subscribe,
    () => armedToken === token,
    () => false,
  );
  const handlers = useRef<Handlers>(undefined);
  const [isDragging, setDragging] = useState(false);
  const describedBy = useContext(DragDescribedByContext);
  const dragListeners = useMemo(
    () =>
      Object.fromEntries(
        DRAG_EVENTS.map((name) => [
          name,
          (event: SyntheticEvent) => {
            // Registered now (its layout effects run inside flushSync), so dnd-kit finds it for this very event.
            if (!handlers.current) flushSync(() => arm(token));
            handlers.current?.[name]?.(event);
          },
        ]),
      ),
    [token],
  );
  const attributes = useMemo<DraggableAttributes>(
    () => ({
      role: 'button',
      tabIndex: 0,
      'aria-disabled': disabled,
      'aria-pressed': isDragging || undefined,
      'aria-roledescription': 'draggable',
      'aria-describedby': describedBy ?? '',
    }),
    [disabled, isDragging, describedBy],
  );
  return {
    listeners: disabled ? undefined : dragListeners,
    attributes,
    isDragging,
    registration: armed && !disabled ? <Registration id={id} data={data} node={node} handlers={handlers} onDragging={setDragging} /> : null,
  };
}

function Registration({ id, data, node, handlers, onDragging }: { id: UniqueIdentifier; data: Data; node: RefObject<HTMLElement | null>; handlers: RefObject<Handlers>; onDragging(dragging: boolean): void }) {
  const { setNodeRef, listeners, isDragging } = useDraggable({ id, data });
  useLayoutEffect(() => setNodeRef(node.current));
  useLayoutEffect(() => {
    handlers.current = listeners as Handlers;
    return () => {
      handlers.current = undefined;
    };
  }, [handlers, listeners]);
  useLayoutEffect(() => onDragging(isDragging), [onDragging, isDragging]);
  useLayoutEffect(() => () => onDragging(false), [onDragging]);
  return null;
}
