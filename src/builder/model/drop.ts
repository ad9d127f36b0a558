/**
 * The builder's drop rules, React-free: what each item of the canvas tells a drag about itself, where a dragged section
 * may go (the one placing rule of `placeProblem`), and what a drop does to the document.
 */
import type { FormSection } from '../../api/types';
import { findField, findSection, placedSection, placeProblem, type BuilderDocument } from './document';
import type { BuilderAction, FieldTarget } from './reducer';

/** What a drag's item or a drop place carries (dnd-kit's `data.current`), by kind. */
export type DropData =
  | {
      /** 'field', 'section', 'palette', 'section-drop' (a section's fields), 'nest-drop' (a section's sections' end), 'page-drop'. */
      type?: string;
      sectionId?: string;
      pageId?: string;
      /** A palette entry: the widget kind, or 'page', 'section', 'repeatable'. */
      entry?: string;
      /** A section: the section it sits in (absent for a page's own). */
      parentId?: string;
      /** A section's level (a nest-drop: its section's; a section: its own). */
      depth?: number;
      /** A nest-drop: its section is a repeatable section's item or one (a section: its parent is). */
      inRepeat?: boolean;
      /** A section being dragged: its id and those of the sections inside it, the levels it spans, whether it holds a repeatable one. */
      tree?: readonly string[];
      height?: number;
      holdsRepeat?: boolean;
      /** A section: its place in its list (the line a section dragged onto it draws: before it, or after it). */
      index?: number;
    }
  | undefined;

/**
 * What a section of the canvas carries as a drag's item and as a drop place: its page, parent and level, whether its
 * parent is a repeatable section's items (`base`: the data path its fields are relative to), and what the placing rule
 * reads of it.
 */
export function sectionDropData(section: FormSection, where: { pageId: string; parentId: string | null; depth: number; base: string }): DropData {
  const placed = placedSection(section);
  // Beside it is inside its parent: a repeatable section's items when this section is not the repeatable one.
  const parentInRepeat = section.repeatable ? false : where.base !== '';
  return { type: 'section', pageId: where.pageId, parentId: where.parentId ?? undefined, depth: where.depth, inRepeat: parentInRepeat, ...placed };
}

/**
 * Whether a dragged section may go to a place, by the placing rule (`placeProblem`): the end of a page always; the end
 * of a section's sections inside that section; beside another section (itself included) in that section's parent.
 * Fields and the sections' field lists are no places for a section.
 */
export function sectionMayGo(active: DropData, place: DropData, placeId: string | number): boolean {
  if (place?.type === 'page-drop') return true;
  const placed = { tree: active?.tree ?? [], height: active?.height ?? 1, holdsRepeat: active?.holdsRepeat ?? false };
  if (place?.type === 'nest-drop') return placeProblem(placed, { id: place.sectionId ?? '', depth: place.depth ?? 0, inRepeat: !!place.inRepeat }) === null;
  if (place?.type === 'section') {
    if (placed.tree[0] === placeId) return true;
    // In its parent (a page's own section: the page's level, parent id '' and level 0); a section inside the dragged
    // one has its parent in the dragged tree, which the rule refuses as 'into itself'.
    return placeProblem(placed, { id: place.parentId ?? '', depth: (place.depth ?? 1) - 1, inRepeat: !!place.inRepeat }) === null;
  }
  return false;
}

/** What a drop does: a palette entry added at a place, or a step of the document. */
export type DropOutcome = { type: 'add'; entry: string; to?: FieldTarget } | { type: 'step'; action: BuilderAction };

/**
 * What dropping `active` on `over` does to `doc`: a field goes before the field it is over, or at the end of the
 * section (or section's field list) it is over; a palette entry is added there; a section goes to the end of a page,
 * inside a section (at the end of its sections), or into another section's place at that section's level. Null when
 * the drop changes nothing (onto itself, or a place it cannot go). The reducer refuses a place the placing rule
 * refuses, as the drag never offers it.
 */
export function dropOutcome(doc: BuilderDocument, active: { id: string; data: DropData }, over: { id: string; data: DropData }): DropOutcome | null {
  const a = active.data;
  const o = over.data;
  const fieldTarget = (): FieldTarget | null => {
    if (o?.type === 'field') {
      const at = findField(doc, over.id);
      return at ? { sectionId: at.section.id, index: at.index } : null;
    }
    if (o?.type === 'section-drop' && o.sectionId) return { sectionId: o.sectionId };
    if (o?.type === 'section') return { sectionId: over.id };
    return null;
  };
  if (a?.type === 'palette' && a.entry) {
    const to = fieldTarget();
    return to ? { type: 'add', entry: a.entry, to } : { type: 'add', entry: a.entry };
  }
  if (a?.type === 'field') {
    const to = fieldTarget();
    return to && active.id !== over.id ? { type: 'step', action: { type: 'moveField', id: active.id, to } } : null;
  }
  if (a?.type === 'section') {
    if (o?.type === 'page-drop' && o.pageId) return { type: 'step', action: { type: 'moveSection', id: active.id, to: { pageId: o.pageId } } };
    // The end of a section's sections: inside it, last.
    if (o?.type === 'nest-drop' && o.sectionId) {
      const parent = findSection(doc, o.sectionId);
      return parent ? { type: 'step', action: { type: 'moveSection', id: active.id, to: { pageId: parent.page.id, parentId: parent.section.id } } } : null;
    }
    // Another section: in its place, at its level.
    const target = o?.type === 'section' ? findSection(doc, over.id) : o?.type === 'field' ? findSection(doc, findField(doc, over.id)?.section.id ?? '') : null;
    if (target && target.section.id !== active.id) {
      return { type: 'step', action: { type: 'moveSection', id: active.id, to: { pageId: target.page.id, parentId: target.parent?.id, index: target.index } } };
    }
  }
  return null;
}
