/**
 * Where a drag of the builder's canvas is over (dnd-kit's collision detection), by the model's drop rules
 * (`sectionMayGo`), and the place a dragged field would take. React-free apart from dnd-kit's own geometry helpers.
 *
 * A field (or a palette entry) is dropped among the fields of a section. The droppable is the section's list of fields
 * (one per section); the field under the pointer inside it is found here, from the rectangles of the list's fields
 * measured once per drag (relative to the list, so scrolling does not move them). The place changes on each move
 * without any item of the canvas rendering again: {@link dragPlaces} draws its line on the field's element directly.
 */
import { closestCenter, pointerWithin, type ClientRect, type CollisionDetection, type DroppableContainer, type KeyboardCoordinateGetter } from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { sectionMayGo, type DropData } from './model';

/** A field of a section's list, measured relative to the list's own rectangle. */
interface MeasuredPlace {
  id: string;
  element: HTMLElement;
  left: number;
  top: number;
  bottom: number;
}

/** Where a dragged field would go: onto a field (before or after it) or at the end of a section's list. */
export interface DragPlace {
  /** The id dnd-kit's drop takes: the field's, or the section list's (`drop:{sectionId}`). */
  id: string;
  data: DropData;
  /** The field's line: after it when the dragged field comes from above in its section, else before; null on itself. */
  line: 'before' | 'after' | null;
  /** What shows the place: the field's element, or the list's (an empty section, or a field dropped at its end). */
  element: HTMLElement | null;
}

/** The line that shows where a dragged field would go, before or after the field under it. */
const DROP_LINE = {
  before: '0 -5px 0 -2px var(--mantine-primary-color-filled)',
  after: '0 5px 0 -2px var(--mantine-primary-color-filled)',
} as const;
const ZONE_OUTLINE = '2px dashed var(--mantine-primary-color-filled)';

/**
 * The place of the drag in progress, kept outside React: measured lists, the current place and what shows it. Reset
 * when a drag starts; {@link DragPlaces.show} draws the current place (and removes the line of the one before),
 * {@link DragPlaces.hide} removes it when the drag ends (the last place stays readable for the drop).
 */
export interface DragPlaces {
  reset(): void;
  current(): DragPlace | null;
  set(place: DragPlace | null): void;
  show(): void;
  hide(): void;
  /** The fields of a section's list (its element), measured on the first use in a drag. */
  measure(list: HTMLElement): readonly MeasuredPlace[];
}

function createDragPlaces(): DragPlaces {
  let lists = new Map<HTMLElement, readonly MeasuredPlace[]>();
  let place: DragPlace | null = null;
  let shown: { element: HTMLElement; list: boolean } | null = null;
  const hide = () => {
    if (!shown) return;
    const { element, list } = shown;
    if (list) element.style.removeProperty('outline');
    else {
      element.style.removeProperty('box-shadow');
      delete element.dataset.builderDropPlace;
    }
    shown = null;
  };
  return {
    reset() {
      hide();
      lists = new Map();
      place = null;
    },
    current: () => place,
    set(next) {
      place = next;
    },
    show() {
      const element = place?.element ?? null;
      const list = place?.data?.type === 'section-drop';
      const line = place?.line ?? null;
      if (shown && shown.element === element && (list || element?.dataset.builderDropPlace === line)) return;
      hide();
      if (!element || !place) return;
      if (list) element.style.setProperty('outline', ZONE_OUTLINE);
      else if (line) {
        element.style.setProperty('box-shadow', DROP_LINE[line]);
        element.dataset.builderDropPlace = line;
      } else return;
      shown = { element, list };
    },
    hide,
    measure(list) {
      const known = lists.get(list);
      if (known) return known;
      const outer = list.getBoundingClientRect();
      const measured: MeasuredPlace[] = [];
      for (const child of list.children) {
        const element = child as HTMLElement;
        const id = element.dataset?.builderPlace;
        if (id === undefined) continue;
        const r = element.getBoundingClientRect();
        measured.push({ id, element, left: r.left - outer.left, top: r.top - outer.top, bottom: r.bottom - outer.top });
      }
      lists.set(list, measured);
      return measured;
    },
  };
}

/** The place of the builder's drag in progress (one drag at a time on a page). */
export const dragPlaces: DragPlaces = createDragPlaces();

const dataOf = (c: DroppableContainer) => c.data.current as DropData | undefined;
const inside = (r: ClientRect, point: { x: number; y: number }) => point.y >= r.top && point.y < r.bottom && point.x >= r.left && point.x <= r.right;

/**
 * The place in a section's list at `y` (in dnd-kit's coordinates, the list at `rect`): the field whose box holds it,
 * else the nearest by its middle; the list itself when it has no field.
 */
function placeIn(list: DroppableContainer, rect: ClientRect, y: number, active: { id: string; data: DropData | undefined }): DragPlace {
  const node = list.node.current;
  const listData = dataOf(list) ?? {};
  const measured = node ? dragPlaces.measure(node) : [];
  let best: MeasuredPlace | null = null;
  let distance = Infinity;
  for (const m of measured) {
    const top = rect.top + m.top;
    const bottom = rect.top + m.bottom;
    const d = y >= top && y < bottom ? -1 : Math.abs((top + bottom) / 2 - y);
    if (d < distance) {
      distance = d;
      best = m;
    }
    if (d < 0) break;
  }
  if (!best) return { id: String(list.id), data: listData, line: null, element: node };
  const sectionId = listData.sectionId;
  let line: DragPlace['line'] = 'before';
  if (best.id === active.id) line = null;
  else if (active.data?.type === 'field' && active.data.sectionId === sectionId) {
    const from = measured.findIndex((m) => m.id === active.id);
    if (from !== -1 && from < measured.indexOf(best)) line = 'after';
  }
  return { id: best.id, data: { type: 'field', sectionId }, line, element: best.element };
}

/**
 * Where a drag is over, found among few candidates: a section dragged is compared with the sections and the pages'
 * ends only; a field or a palette entry is over the list of fields of the section under the pointer (a keyboard drag:
 * under the dragged item's top left corner, which the keyboard moves onto the place chosen; between sections: the
 * nearest list), and its place there is set in {@link dragPlaces}. A field never lands on a page: pages hold sections.
 */
export const builderCollisions: CollisionDetection = (args) => {
  const activeData = args.active.data.current as DropData | undefined;
  const type = activeData?.type;
  const containers = args.droppableContainers;
  // A section goes among sections, or to the end of a page (the only place it can go on a page without sections).
  if (type === 'section') {
    const allowed = containers.filter((c) => sectionMayGo(activeData, dataOf(c), c.id));
    // The end of a page or of a section's sections is a thin strip: it is the place when the pointer is on it, or (a
    // keyboard drag, which moves the item's top left corner onto the place chosen) the item's top edge is; a dragged
    // section is taller than the strip, and by centres the sections around would always win.
    const point = args.pointerCoordinates ?? { x: args.collisionRect.left + 1, y: args.collisionRect.top + 1 };
    const strip = allowed.find((c) => {
      const kind = dataOf(c)?.type;
      const r = args.droppableRects.get(c.id);
      return (kind === 'nest-drop' || kind === 'page-drop') && r && inside(r, point);
    });
    if (strip) return [{ id: strip.id, data: { droppableContainer: strip, value: 0 } }];
    return closestCenter({ ...args, droppableContainers: allowed });
  }
  const lists = containers.filter((c) => dataOf(c)?.type === 'section-drop');
  const point = args.pointerCoordinates ?? { x: args.collisionRect.left + 1, y: args.collisionRect.top + 1 };
  let list = lists.find((c) => {
    const r = args.droppableRects.get(c.id);
    return r && inside(r, point);
  });
  if (!list && args.pointerCoordinates) {
    const hit = pointerWithin({ ...args, droppableContainers: lists })[0];
    list = hit ? lists.find((c) => c.id === hit.id) : undefined;
  }
  if (!list) {
    const near = closestCenter({ ...args, droppableContainers: lists })[0];
    list = near ? lists.find((c) => c.id === near.id) : undefined;
  }
  const rect = list ? args.droppableRects.get(list.id) : undefined;
  if (!list || !rect) {
    dragPlaces.set(null);
    return [];
  }
  dragPlaces.set(placeIn(list, rect, point.y, { id: String(args.active.id), data: activeData }));
  return [{ id: list.id, data: { droppableContainer: list, value: 0 } }];
};

/**
 * The keyboard's moves of a drag: a section moves as dnd-kit's sortable lists move it; a field or palette entry moves
 * with the arrow keys from place to place — each field of each section's list in turn, or a list without fields —
 * onto the place's top left corner (which {@link builderCollisions} reads).
 */
export const builderKeyboardCoordinates: KeyboardCoordinateGetter = (event, args) => {
  const { context } = args;
  const type = (context.active?.data.current as DropData | undefined)?.type;
  if (type === 'section' || (event.code !== 'ArrowDown' && event.code !== 'ArrowUp')) return sortableKeyboardCoordinates(event, args);
  event.preventDefault();
  if (!context.active || !context.collisionRect) return undefined;
  const places: { id: string; x: number; y: number }[] = [];
  const lists = context.droppableContainers
    .getEnabled()
    .filter((c) => dataOf(c)?.type === 'section-drop' && context.droppableRects.has(c.id))
    .map((c) => ({ c, r: context.droppableRects.get(c.id)! }))
    .sort((a, b) => a.r.top - b.r.top || a.r.left - b.r.left);
  for (const { c, r } of lists) {
    const measured = c.node.current ? dragPlaces.measure(c.node.current) : [];
    if (measured.length === 0) places.push({ id: String(c.id), x: r.left, y: r.top });
    for (const m of measured) places.push({ id: m.id, x: r.left + m.left, y: r.top + m.top });
  }
  const now = dragPlaces.current()?.id ?? String(context.active.id);
  const at = places.findIndex((p) => p.id === now);
  const down = event.code === 'ArrowDown';
  const next = at === -1 ? (down ? places.find((p) => p.y > context.collisionRect!.top) : [...places].reverse().find((p) => p.y < context.collisionRect!.top)) : places[at + (down ? 1 : -1)];
  return next ? { x: next.x, y: next.y } : undefined;
};
