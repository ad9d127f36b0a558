// @vitest-environment node
import type { ClientRect, DroppableContainer } from '@dnd-kit/core';
import { describe, expect, it } from 'vitest';
import { builderCollisions, dragPlaces } from '../../src/builder/collisions';
import {
  builderReducer,
  dropOutcome,
  emptyDocument,
  findSection,
  initialBuilderState,
  sectionDropData,
  sectionMayGo,
  sectionPlaceProblem,
  type BuilderAction,
  type BuilderDocument,
  type DropData,
} from '../../src/builder/model';
import { layoutSectionEntries } from '../../src/engine/layout-walk';
import { WIDGET_KINDS } from '../../src/engine/widget-kinds';

const rect = (top: number, height: number): ClientRect => ({ top, left: 0, width: 600, height, bottom: top + height, right: 600 });
/** An element of a section's list: a field's shell (`data-builder-place`) at `top` in the page, `height` tall. */
const element = (top: number, height: number, place?: string) =>
  ({ dataset: place ? { builderPlace: place } : {}, children: [] as unknown[], getBoundingClientRect: () => rect(top, height), style: { setProperty() {}, removeProperty() {} } }) as unknown as HTMLElement;
const container = (id: string, data: Record<string, unknown>, node: HTMLElement | null = null): DroppableContainer =>
  ({ id, key: id, data: { current: data }, disabled: false, node: { current: node }, rect: { current: null } }) as unknown as DroppableContainer;

/** A keyboard drag (no pointer) of a field of section a whose rectangle stands at `top`, among the given places. */
function overAt(top: number, places: [DroppableContainer, ClientRect][], id = 'moving') {
  dragPlaces.reset();
  const [first] = builderCollisions({
    active: { id, data: { current: { type: 'field', sectionId: 'a' } }, rect: { current: { initial: null, translated: null } } },
    collisionRect: rect(top, 40),
    droppableRects: new Map(places.map(([c, r]) => [c.id, r])),
    droppableContainers: places.map(([c]) => c),
    pointerCoordinates: null,
  });
  return { over: first?.id, place: dragPlaces.current() };
}

describe('builderCollisions, keyboard drags of a field', () => {
  // Section a's list holds two fields; section b's list none (or fields drawn as stand-ins: places all the same).
  const listA = element(0, 100);
  (listA as unknown as { children: HTMLElement[] }).children = [element(0, 40, 'a1'), element(60, 40, 'a2')];
  const zoneA = container('drop:a', { type: 'section-drop', sectionId: 'a' }, listA);
  const zoneB = container('drop:b', { type: 'section-drop', sectionId: 'b' }, element(200, 300));
  const pageEnd = container('page-drop:p', { type: 'page-drop', pageId: 'p' });
  const places: [DroppableContainer, ClientRect][] = [
    [zoneA, rect(0, 100)],
    [zoneB, rect(200, 300)],
    [pageEnd, rect(520, 20)],
  ];

  it('is over the section\'s list, at the field it was moved onto (its line before it, or after it when it comes from above)', () => {
    const from = overAt(60, places);
    expect(from.over).toBe('drop:a');
    expect(from.place).toMatchObject({ id: 'a2', data: { type: 'field', sectionId: 'a' }, line: 'before' });
    expect(overAt(60, places, 'a1').place).toMatchObject({ id: 'a2', line: 'after' });
    // On itself: no line.
    expect(overAt(0, places, 'a1').place).toMatchObject({ id: 'a1', line: null });
  });

  it('lands in a section without fields as its list, and never on a page', () => {
    expect(overAt(330, places)).toMatchObject({ over: 'drop:b', place: { id: 'drop:b', data: { type: 'section-drop', sectionId: 'b' } } });
    expect(overAt(520, places).over).toBe('drop:b');
  });
});

/**
 * A form with every kind of place: page 1 holds a (1) > b (2) > c (3) > d (4, the deepest level) and e beside a; a
 * repeatable r holding s; page 2 holds f > g; and a field in a and in f.
 */
function placesForm(): BuilderDocument {
  const steps: BuilderAction[] = [
    { type: 'addSection', title: 'b', to: { pageId: 'page-1', parentId: 'section-1' } },
    { type: 'addSection', title: 'c', to: { pageId: 'page-1', parentId: 'section-2' } },
    { type: 'addSection', title: 'd', to: { pageId: 'page-1', parentId: 'section-3' } },
    { type: 'addSection', title: 'e', to: { pageId: 'page-1' } },
    { type: 'addSection', title: 'r', repeatable: true, to: { pageId: 'page-1' } },
    { type: 'addSection', title: 's', to: { pageId: 'page-1', parentId: 'section-6' } },
    { type: 'addPage', title: 'Page 2', sectionTitle: 'f' },
    { type: 'addSection', title: 'g', to: { pageId: 'page-2', parentId: 'section-8' } },
    { type: 'select', selection: { type: 'section', id: 'section-1' } },
    { type: 'addField', kind: WIDGET_KINDS.text, to: { sectionId: 'section-1' } },
    { type: 'addField', kind: WIDGET_KINDS.email, to: { sectionId: 'section-8' } },
  ];
  return steps.reduce(builderReducer, initialBuilderState(emptyDocument())).document;
}

/** The drag data of every section of `doc`, as the canvas gives it (its page, parent, level and data base). */
function sectionData(doc: BuilderDocument): Map<string, DropData> {
  const data = new Map<string, DropData>();
  for (const { section } of layoutSectionEntries(doc.layout)) {
    const at = findSection(doc, section.id)!;
    data.set(section.id, sectionDropData(section, { pageId: at.page.id, parentId: at.parent?.id ?? null, depth: at.depth, base: at.base }));
  }
  return data;
}

describe('the drop rules of the model (one placing rule for drags and for the reducer)', () => {
  const doc = placesForm();
  const data = sectionData(doc);
  const ids = [...data.keys()];

  it('builds the form of places it is meant to', () => {
    expect(ids).toHaveLength(9);
    expect(findSection(doc, 'section-4')?.depth).toBe(4);
    expect(findSection(doc, 'section-7')?.repeatOwner?.id).toBe('section-6');
  });

  it('a drag offers a section exactly the places the reducer accepts: inside any section (its end), beside any section, a page\'s end', () => {
    let refused = 0;
    for (const moved of ids) {
      const active = data.get(moved);
      for (const placeId of ids) {
        const at = findSection(doc, placeId)!;
        // The end of a section's sections: inside it.
        const nest: DropData = { type: 'nest-drop', sectionId: placeId, depth: at.depth, inRepeat: at.repeatOwner !== null };
        const inside = sectionPlaceProblem(doc, placeId, { sectionId: moved }) === null;
        expect(sectionMayGo(active, nest, `nest:${placeId}`), `${moved} inside ${placeId}`).toBe(inside);
        // Beside a section: in its parent (onto itself: where it is).
        const beside = placeId === moved || sectionPlaceProblem(doc, at.parent?.id, { sectionId: moved }) === null;
        expect(sectionMayGo(active, data.get(placeId), placeId), `${moved} beside ${placeId}`).toBe(beside);
        refused += (inside ? 0 : 1) + (beside ? 0 : 1);
      }
      expect(sectionMayGo(active, { type: 'page-drop', pageId: 'page-2' }, 'page-drop:page-2')).toBe(true);
      // A field's place or a section's field list is never a section's.
      expect(sectionMayGo(active, { type: 'field', sectionId: 'section-1' }, 'text-1')).toBe(false);
      expect(sectionMayGo(active, { type: 'section-drop', sectionId: 'section-1' }, 'drop:section-1')).toBe(false);
    }
    // Each of the three refusals is met among them.
    expect(sectionPlaceProblem(doc, 'section-4', { sectionId: 'section-8' })).toBe('tooDeep');
    expect(sectionPlaceProblem(doc, 'section-3', { sectionId: 'section-1' })).toBe('intoItself');
    expect(sectionPlaceProblem(doc, 'section-7', { sectionId: 'section-6' })).toBe('intoItself');
    expect(sectionPlaceProblem(doc, 'section-6', { adding: { repeatable: true } })).toBe('repeatInRepeat');
    expect(refused).toBeGreaterThan(20);
  });

  it('turns a drop into the step it makes, or nothing', () => {
    const field = (id: string, sectionId: string) => ({ id, data: { type: 'field', sectionId } as DropData });
    // A field before the field it is over; at the end of a section's field list; onto itself nothing.
    expect(dropOutcome(doc, field('text-1', 'section-1'), field('email-1', 'section-8'))).toEqual({ type: 'step', action: { type: 'moveField', id: 'text-1', to: { sectionId: 'section-8', index: 0 } } });
    expect(dropOutcome(doc, field('email-1', 'section-8'), { id: 'drop:section-5', data: { type: 'section-drop', sectionId: 'section-5' } })).toEqual({ type: 'step', action: { type: 'moveField', id: 'email-1', to: { sectionId: 'section-5' } } });
    expect(dropOutcome(doc, field('text-1', 'section-1'), field('text-1', 'section-1'))).toBeNull();
    // A palette entry: added where it is dropped, or where 'Add' puts it when that is no field's place.
    const palette = { id: 'palette:number', data: { type: 'palette', entry: 'number' } as DropData };
    expect(dropOutcome(doc, palette, field('text-1', 'section-1'))).toEqual({ type: 'add', entry: 'number', to: { sectionId: 'section-1', index: 0 } });
    expect(dropOutcome(doc, palette, { id: 'section-2', data: data.get('section-2') })).toEqual({ type: 'add', entry: 'number', to: { sectionId: 'section-2' } });
    expect(dropOutcome(doc, palette, { id: 'page-drop:page-1', data: { type: 'page-drop', pageId: 'page-1' } })).toEqual({ type: 'add', entry: 'number' });
    // A section: to a page's end, inside a section (last), into another section's place (at its level), onto a
    // field's section's place; onto itself nothing.
    const section = (id: string) => ({ id, data: data.get(id) });
    expect(dropOutcome(doc, section('section-5'), { id: 'page-drop:page-2', data: { type: 'page-drop', pageId: 'page-2' } })).toEqual({ type: 'step', action: { type: 'moveSection', id: 'section-5', to: { pageId: 'page-2' } } });
    expect(dropOutcome(doc, section('section-5'), { id: 'nest:section-8', data: { type: 'nest-drop', sectionId: 'section-8', depth: 1 } })).toEqual({ type: 'step', action: { type: 'moveSection', id: 'section-5', to: { pageId: 'page-2', parentId: 'section-8' } } });
    expect(dropOutcome(doc, section('section-5'), section('section-3'))).toEqual({ type: 'step', action: { type: 'moveSection', id: 'section-5', to: { pageId: 'page-1', parentId: 'section-2', index: 0 } } });
    expect(dropOutcome(doc, section('section-5'), field('email-1', 'section-8'))).toEqual({ type: 'step', action: { type: 'moveSection', id: 'section-5', to: { pageId: 'page-2', parentId: undefined, index: 0 } } });
    expect(dropOutcome(doc, section('section-5'), section('section-5'))).toBeNull();
    expect(dropOutcome(doc, section('section-5'), { id: 'nest:nothing', data: { type: 'nest-drop', sectionId: 'nothing' } })).toBeNull();
  });
});
