/**
 * The builder's document as a form the renderer draws (the canvas, the preview), and the few compiled forms kept so
 * that undo and redo draw again without compiling. React-free.
 */
import type { FormSchema, FormSection } from '../../api/types';
import { compileFormSchema, type CompiledForm } from '../../engine/compile';
import { childSections } from '../../engine/layout-walk';
import type { WidgetKindRegistry } from '../../engine/widget-kinds';
import type { BuilderDocument } from './document';

/** The canvas's form: the document as a form schema, with every field shown (rules would hide some while building). */
export function canvasSchema(doc: BuilderDocument, id = 'form-builder-canvas', version = 0): FormSchema {
  const layout = { pages: doc.layout.pages.map((page) => ({ ...page, sections: page.sections.map(canvasSection) })) };
  return {
    formSchemaId: id,
    formId: id,
    name: '',
    version,
    jsonSchema: doc.jsonSchema,
    layout,
    isPublic: false,
    createdDateTime: new Date(0),
    lastUpdatedDateTime: new Date(0),
  } as unknown as FormSchema;
}

/** A section as the canvas shows it, with the sections inside it. */
function canvasSection(section: FormSection): FormSection {
  const inner = childSections(section);
  return {
    ...section,
    // A repeatable section shows one item: there is nothing to repeat while building.
    ...(section.repeatable ? { repeatable: { ...section.repeatable, minItems: undefined, maxItems: undefined } } : {}),
    fields: section.fields.map((field) => (field.visibleWhen ? { ...field, visibleWhen: undefined } : field)),
    ...(inner.length > 0 ? { sections: inner.map(canvasSection) } : {}),
  };
}

/** How many documents' compiled forms a {@link CanvasCompileCache} keeps (the current one and a few undo steps). */
export const COMPILE_SLOTS = 4;

/** One document's canvas schema and its compiled form, or why it does not compile. */
export interface CanvasCompiled {
  schema: FormSchema;
  result: { compiled: CompiledForm | null; error: string | null };
}

interface CompileSlot extends CanvasCompiled {
  jsonSchema: BuilderDocument['jsonSchema'];
  layout: BuilderDocument['layout'];
  kinds: WidgetKindRegistry;
  id: string;
  version: number;
}

/**
 * The last few documents' canvas schemas and compiled forms, by the identity of their JSON Schema and layout: undo
 * and redo give back the very document objects of before (the reducer keeps them per step), so undoing reuses the
 * schema object and compiled form it had instead of compiling again. Each slot has its own schema version, so the
 * engine's compile cache (keyed by id and version) holds one entry per slot and a compile of a reused schema hits it.
 */
export class CanvasCompileCache {
  private slots: CompileSlot[] = [];

  /** The canvas schema and compiled form of `doc` (most recently used first; the oldest of more than the slots goes). */
  get(doc: BuilderDocument, kinds: WidgetKindRegistry, id: string): CanvasCompiled {
    const cached = this.slots;
    const at = cached.findIndex((s) => s.jsonSchema === doc.jsonSchema && s.layout === doc.layout && s.kinds === kinds && s.id === id);
    if (at >= 0) {
      const hit = cached[at]!;
      this.slots = [hit, ...cached.slice(0, at), ...cached.slice(at + 1)];
      return hit;
    }
    const used = new Set(cached.slice(0, COMPILE_SLOTS - 1).map((s) => s.version));
    let version = 0;
    while (used.has(version)) version += 1;
    const schema = canvasSchema(doc, id, version);
    let result: CompileSlot['result'];
    try {
      result = { compiled: compileFormSchema(schema, { widgets: kinds }), error: null };
    } catch (error) {
      result = { compiled: null, error: error instanceof Error ? error.message : String(error) };
    }
    const slot: CompileSlot = { jsonSchema: doc.jsonSchema, layout: doc.layout, kinds, id, version, schema, result };
    this.slots = [slot, ...cached.slice(0, COMPILE_SLOTS - 1)];
    return slot;
  }
}
