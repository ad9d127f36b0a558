/**
 * Where each field of a layout keeps its answer, seen from the whole form. A field's `path` (and the paths its rules
 * and computations name) is relative to the item of its section when the section repeats, so `/employer` in a
 * section repeating over `/jobs` is the data path `/jobs/*\/employer` of the form (`*` standing for every item). The
 * authoring helpers compare such full paths, never the relative ones, so two repeatable sections can both have an
 * `/employer` without clashing.
 */
import type { FormField, FormLayout, FormPage, FormSection } from '../../contract/types';
import { escapePointerSegment, parsePointer } from '../../contract/json-pointer';
import { layoutFieldEntries, layoutSectionEntries, repeatBasePath } from '../layout-walk';
import { storesNothing, WIDGET_KINDS, type WidgetKindRegistry } from '../widget-kinds';

/** One field of a layout with where it sits and its full data path. */
export interface LayoutFieldEntry {
  field: FormField;
  page: FormPage;
  section: FormSection;
  /** Position in layout order (pages → sections → fields): the order in which a person fills the form in. */
  index: number;
  /** The array path of the repeatable section whose items hold the field (its section or one around it), or `''`. */
  base: string;
  /** The full data path (`/jobs/*\/employer`), or null for a widget that stores nothing (static text). */
  fullPath: string | null;
}

/** The segments of a pointer, or null when it is not a valid one (`*` is an ordinary segment here). */
export function segmentsOf(pointer: string): string[] | null {
  try {
    return parsePointer(pointer);
  } catch {
    return null;
  }
}

/** The pointer of segments, without the forbidden-segment check (the segments come from a parsed pointer). */
export function pointerOfSegments(segments: readonly string[]): string {
  return segments.map((s) => `/${escapePointerSegment(s)}`).join('');
}

/** The full data path of a path written in a section repeating over `base` (`''` when the section does not repeat). */
export function fullDataPath(base: string, path: string): string {
  return base === '' ? path : `${base}/*${path}`;
}

/**
 * The path as a section repeating over `base` writes it (relative to its item), or null when `fullPath` lies outside
 * that section's items (such a path cannot be named from inside the section).
 */
export function relativeDataPath(base: string, fullPath: string): string | null {
  if (base === '') return fullPath;
  const prefix = `${base}/*`;
  if (!fullPath.startsWith(`${prefix}/`)) return null;
  return fullPath.slice(prefix.length);
}

/** Whether `path` is `ancestor` itself or lies under it, comparing whole segments (`/ab` is not under `/a`). */
export function isAtOrUnder(path: readonly string[], ancestor: readonly string[]): boolean {
  if (path.length < ancestor.length) return false;
  for (let i = 0; i < ancestor.length; i++) if (path[i] !== ancestor[i]) return false;
  return true;
}

/** Every field of a layout in layout order (those of sections inside sections included), with its full data path. */
export function layoutFields(layout: FormLayout, widgets: WidgetKindRegistry = WIDGET_KINDS): LayoutFieldEntry[] {
  const out: LayoutFieldEntry[] = [];
  for (const entry of layoutFieldEntries(layout)) {
    const { field, page, section } = entry;
    // A field of a plain section inside a repeatable one is part of each item: its path is relative to the item.
    const base = repeatBasePath(entry);
    const stores = !storesNothing(field.widget, widgets);
    out.push({ field, page, section, index: out.length, base, fullPath: stores ? fullDataPath(base, field.path) : null });
  }
  return out;
}

/**
 * The section with this id (nested ones included), with its page and the array path its fields' paths are relative
 * to (`base`: its own or its repeatable ancestor's list path, `''` outside a repeatable section), or null.
 */
export function findSection(layout: FormLayout, sectionId: string): { page: FormPage; section: FormSection; base: string } | null {
  for (const entry of layoutSectionEntries(layout)) {
    if (entry.section.id === sectionId) return { page: entry.page, section: entry.section, base: repeatBasePath(entry) };
  }
  return null;
}
