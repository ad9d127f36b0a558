import type { ClientRect, DroppableContainer } from '@dnd-kit/core';
import { describe, expect, it } from 'vitest';
import { builderCollisions } from '../../src/builder/BuilderCanvas';

const rect = (top: number, height: number): ClientRect => ({ top, left: 0, width: 600, height, bottom: top + height, right: 600 });
const container = (id: string, data: Record<string, unknown>): DroppableContainer =>
  ({ id, key: id, data: { current: data }, disabled: false, node: { current: null }, rect: { current: null } }) as unknown as DroppableContainer;

/** A keyboard drag (no pointer) of a field whose rectangle stands at `top`, among the given places. */
function overAt(top: number, places: [DroppableContainer, ClientRect][]) {
  const [first] = builderCollisions({
    active: { id: 'moving', data: { current: { type: 'field', sectionId: 'a' } }, rect: { current: { initial: null, translated: null } } },
    collisionRect: rect(top, 40),
    droppableRects: new Map(places.map(([c, r]) => [c.id, r])),
    droppableContainers: places.map(([c]) => c),
    pointerCoordinates: null,
  });
  return first?.id;
}

describe('builderCollisions, keyboard drags of a field', () => {
  const fieldA1 = container('a1', { type: 'field', sectionId: 'a' });
  const fieldA2 = container('a2', { type: 'field', sectionId: 'a' });
  const zoneA = container('drop:a', { type: 'section-drop', sectionId: 'a' });
  // Section b's fields are drawn as stand-ins (far from the view on a long form): none of them is a drop target.
  const zoneB = container('drop:b', { type: 'section-drop', sectionId: 'b' });
  const pageEnd = container('page-drop:p', { type: 'page-drop', pageId: 'p' });
  const places: [DroppableContainer, ClientRect][] = [
    [zoneA, rect(0, 100)],
    [fieldA1, rect(0, 40)],
    [fieldA2, rect(60, 40)],
    [zoneB, rect(200, 300)],
    [pageEnd, rect(520, 20)],
  ];

  it('lands on the field it was moved onto, not on the zone of the section around it', () => {
    // The zone's centre (50) is nearer than the field's (80), yet the item was moved onto the field.
    expect(overAt(40, places)).toBe('a2');
  });

  it('lands in a section none of whose fields is a drop target, and never on a page', () => {
    expect(overAt(330, places)).toBe('drop:b');
    expect(overAt(520, places)).toBe('drop:b');
  });
});
