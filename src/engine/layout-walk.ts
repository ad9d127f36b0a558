/**
 * Walking a layout's sections, which may hold sections. Every reader of a layout (the engine, the renderer, the
 * builder, pre-filling, CSV export, PDF linking, the server's answer rendering) goes through these, so "which
 * sections does a page have, in which order, and which repeatable section's items hold a field" is answered once.
 *
 * Order is document order: a section, then the sections inside it, depth first (a section's own fields come before
 * the sections inside it). The walk uses an explicit stack, so a deep or hostile layout cannot overflow the call stack,
 * and it tolerates a malformed layout (a missing or non-array `pages`, `sections` or `fields` reads as empty), so
 * code that reads stored or posted layouts before they are checked can use it too.
 */
import type { FormField, FormLayout, FormPage, FormSection } from '../contract/types';

/** One section met while walking a layout. */
export interface SectionEntry {
  section: FormSection;
  page: FormPage;
  pageIndex: number;
  /** 1 for a page's own sections, 2 for a section inside one of them, and so on. */
  depth: number;
  /** The section this one sits in; `null` for a page's own sections. */
  parent: FormSection | null;
  /**
   * The repeatable section whose items hold this section's fields: the section itself when it is repeatable, else
   * its nearest repeatable ancestor, else `null` (its fields' paths are then absolute).
   */
  repeatOwner: FormSection | null;
}

/** One field met while walking a layout, with the section it sits in. */
export interface FieldEntry extends SectionEntry {
  field: FormField;
}

const list = <T>(value: unknown): readonly T[] => (Array.isArray(value) ? (value as T[]) : []);

/** The sections directly inside `section` (none when it has no `sections`). */
export function childSections(section: FormSection): readonly FormSection[] {
  return list<FormSection>(section.sections);
}

/** Every section of one page, in document order, nested ones included. */
export function* pageSectionEntries(page: FormPage, pageIndex: number): Generator<SectionEntry> {
  const stack: SectionEntry[] = [];
  const push = (sections: readonly FormSection[], parent: SectionEntry | null) => {
    for (let i = sections.length - 1; i >= 0; i--) {
      const section = sections[i];
      if (typeof section !== 'object' || section === null) continue;
      const repeatOwner = section.repeatable ? section : (parent?.repeatOwner ?? null);
      stack.push({ section, page, pageIndex, depth: (parent?.depth ?? 0) + 1, parent: parent?.section ?? null, repeatOwner });
    }
  };
  push(list<FormSection>(page.sections), null);
  for (let entry = stack.pop(); entry !== undefined; entry = stack.pop()) {
    yield entry;
    push(childSections(entry.section), entry);
  }
}

/** Every section of a layout, page by page, in document order, nested ones included. */
export function* layoutSectionEntries(layout: FormLayout): Generator<SectionEntry> {
  const pages = list<FormPage>(layout?.pages);
  for (let pageIndex = 0; pageIndex < pages.length; pageIndex++) {
    const page = pages[pageIndex];
    if (typeof page !== 'object' || page === null) continue;
    yield* pageSectionEntries(page, pageIndex);
  }
}

/** Every field of a layout in document order, each with its section entry. */
export function* layoutFieldEntries(layout: FormLayout): Generator<FieldEntry> {
  for (const entry of layoutSectionEntries(layout)) {
    for (const field of list<FormField>(entry.section.fields)) {
      if (typeof field === 'object' && field !== null) yield { ...entry, field };
    }
  }
}

/** Every section of a layout in document order (nested ones included). */
export function allSections(layout: FormLayout): FormSection[] {
  return Array.from(layoutSectionEntries(layout), (entry) => entry.section);
}

/** Every field of a layout in document order (those of nested sections included). */
export function allFields(layout: FormLayout): FormField[] {
  return Array.from(layoutFieldEntries(layout), (entry) => entry.field);
}

/**
 * The data path a field's path is relative to: the array path of the repeatable section whose items hold it, or ''
 * for a field outside any repeatable section.
 */
export function repeatBasePath(entry: SectionEntry): string {
  return entry.repeatOwner?.repeatable?.path ?? '';
}

/** The deepest level of sections inside sections in a layout (0 when it has no section). */
export function sectionDepthOf(layout: FormLayout): number {
  let deepest = 0;
  for (const entry of layoutSectionEntries(layout)) deepest = Math.max(deepest, entry.depth);
  return deepest;
}
