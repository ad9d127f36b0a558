/**
 * Where a drag of the builder's canvas is over (dnd-kit's collision detection), by the model's drop rules
 * (`sectionMayGo`). React-free apart from dnd-kit's own geometry helpers.
 */
import { closestCenter, pointerWithin, type CollisionDetection } from '@dnd-kit/core';
import { sectionMayGo, type DropData } from './model';

/**
 * Where a drag is over, found among few candidates: a section dragged is compared with the sections and the pages'
 * ends only; a field or a palette entry held by the pointer with the fields of the section under the pointer (and that
 * section's drop zone), not with every field of the form on each pointer move. Elsewhere (between sections, or a
 * keyboard drag) it is dnd-kit's `closestCenter` over the fields and the drop zones of sections without any field
 * drawn as a drop target (empty, or drawn as stand-ins far from the view).
 */
export const builderCollisions: CollisionDetection = (args) => {
  const type = (args.active.data.current as DropData)?.type;
  const containers = args.droppableContainers;
  // A section goes among sections, or to the end of a page (the only place it can go on a page without sections).
  if (type === 'section') {
    const active = args.active.data.current as DropData;
    const allowed = containers.filter((c) => sectionMayGo(active, c.data.current as DropData, c.id));
    // The end of a page or of a section's sections is a thin strip: it is the place when the pointer is on it, or (a
    // keyboard drag, which moves the item's top left corner onto the place chosen) the item's top edge is; a dragged
    // section is taller than the strip, and by centres the sections around would always win.
    const point = args.pointerCoordinates ?? { x: args.collisionRect.left + 1, y: args.collisionRect.top + 1 };
    const strip = allowed.find((c) => {
      const kind = (c.data.current as DropData)?.type;
      const r = args.droppableRects.get(c.id);
      return (kind === 'nest-drop' || kind === 'page-drop') && r && point.y >= r.top && point.y < r.bottom && point.x >= r.left && point.x <= r.right;
    });
    if (strip) return [{ id: strip.id, data: { droppableContainer: strip, value: 0 } }];
    return closestCenter({ ...args, droppableContainers: allowed });
  }
  if (args.pointerCoordinates) {
    const zones = containers.filter((c) => (c.data.current as DropData)?.type === 'section-drop');
    const zone = pointerWithin({ ...args, droppableContainers: zones })[0];
    const sectionId = (zone?.data?.droppableContainer as { data?: { current?: DropData } } | undefined)?.data?.current?.sectionId;
    if (zone && sectionId) {
      const near = containers.filter((c) => c.id === zone.id || ((c.data.current as DropData)?.type === 'field' && (c.data.current as DropData)?.sectionId === sectionId));
      return closestCenter({ ...args, droppableContainers: near });
    }
  }
  // The keyboard moves a field from field to field; a section's drop zone spans its fields, so it is a place only
  // when none of its fields is a drop target (its centre would otherwise win over the field the item was moved onto).
  // A field never lands on a page: pages hold sections.
  const withFields = new Set(containers.flatMap((c) => ((c.data.current as DropData)?.type === 'field' ? [(c.data.current as DropData)?.sectionId] : [])));
  return closestCenter({
    ...args,
    droppableContainers: containers.filter((c) => {
      const data = c.data.current as DropData;
      return data?.type === 'field' || (data?.type === 'section-drop' && !withFields.has(data.sectionId));
    }),
  });
};

