/**
 * The check of the JSON view's text: JSON syntax first, then the shape `{ jsonSchema, layout }`, then the same draft
 * check a save runs (`checkFormDraft`: limits, layout, data paths, rules, patterns, widget bindings). Each problem is
 * placed at the text it concerns — the syntax error where the parser stopped, a field's problem at that field's
 * object, a pattern's at its `pattern` — so the editor can show it at its line. Part of the JSON view's lazy chunk
 * (it uses CodeMirror's JSON parser to locate things).
 */
import { jsonLanguage } from '@codemirror/lang-json';
import type { FormLayout, FormSection, JsonObject } from '../../api/types';
import { checkFormDraft, type CheckFormDraftOptions, type DraftProblem, type FormDraft } from '../../engine/draft-check';
import { childSections, layoutSectionEntries } from '../../engine/layout-walk';
import { WIDGET_KINDS } from '../../engine/widget-kinds';

/** One problem of the JSON text, with the range it concerns. */
export interface JsonViewProblem {
  /** Offsets into the text. */
  from: number;
  to: number;
  /** 1-based line of `from`. */
  line: number;
  kind: 'syntax' | 'shape' | 'draft';
  message: string;
  /** For a draft problem: the problem as the draft check gave it. */
  problem?: DraftProblem;
}

/** The result of checking the text: the draft when it has no problem. */
export interface JsonViewCheck {
  draft: FormDraft | null;
  problems: JsonViewProblem[];
}

/** A node of CodeMirror's JSON syntax tree. */
type SyntaxNode = ReturnType<typeof jsonLanguage.parser.parse>['topNode'];

const VALUE_NODES = new Set(['Object', 'Array', 'String', 'Number', 'True', 'False', 'Null']);

function escapeToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** The range of every value of a JSON text by its JSON Pointer (`''` for the whole value). */
export function jsonValueRanges(text: string): Map<string, { from: number; to: number }> {
  const ranges = new Map<string, { from: number; to: number }>();
  const tree = jsonLanguage.parser.parse(text);
  const walk = (node: SyntaxNode, pointer: string, depth: number): void => {
    ranges.set(pointer, { from: node.from, to: node.to });
    // Deeper than any draft the check accepts: not walked (the depth limit reports it).
    if (depth > 64) return;
    if (node.name === 'Object') {
      for (let child = node.firstChild; child; child = child.nextSibling) {
        if (child.name !== 'Property') continue;
        const nameNode = child.getChild('PropertyName');
        if (!nameNode) continue;
        let name: string;
        try {
          name = JSON.parse(text.slice(nameNode.from, nameNode.to)) as string;
        } catch {
          continue;
        }
        let value: SyntaxNode | null = nameNode.nextSibling;
        while (value && !VALUE_NODES.has(value.name)) value = value.nextSibling;
        if (value) walk(value, `${pointer}/${escapeToken(name)}`, depth + 1);
      }
    } else if (node.name === 'Array') {
      let index = 0;
      for (let child = node.firstChild; child; child = child.nextSibling) {
        if (VALUE_NODES.has(child.name)) walk(child, `${pointer}/${index++}`, depth + 1);
      }
    }
  };
  let top = tree.topNode.firstChild;
  while (top && !VALUE_NODES.has(top.name)) top = top.nextSibling;
  if (top) walk(top, '', 0);
  return ranges;
}

/** The offset of the first syntax error the JSON parser met, or null. */
function syntaxErrorOffset(text: string): number | null {
  const cursor = jsonLanguage.parser.parse(text).cursor();
  do {
    if (cursor.type.isError) return cursor.from;
  } while (cursor.next());
  return null;
}

function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The pointer of the layout item a problem concerns (its field, else section, else page), or null. Sections inside
 * sections are found at any depth (`/layout/pages/0/sections/1/sections/0/fields/2`).
 */
function pointerOfPlace(layout: FormLayout, problem: DraftProblem): string | null {
  const pages = Array.isArray(layout.pages) ? layout.pages : [];
  if (problem.fieldId === null && problem.sectionId === null) {
    const p = pages.findIndex((page) => isObject(page) && problem.pageId !== null && page.id === problem.pageId);
    return p === -1 ? null : `/layout/pages/${p}`;
  }
  // The walk visits a section after the one it sits in, so the pointer of its parent is known when it is met.
  const pointers = new Map<FormSection, string>();
  for (const { section, parent, page, pageIndex } of layoutSectionEntries(layout)) {
    if (!isObject(section)) continue;
    const siblings = parent ? childSections(parent) : Array.isArray(page.sections) ? page.sections : [];
    const pointer = `${parent ? pointers.get(parent) : `/layout/pages/${pageIndex}`}/sections/${siblings.indexOf(section)}`;
    pointers.set(section, pointer);
    if (problem.fieldId !== null) {
      const fields = Array.isArray(section.fields) ? section.fields : [];
      const f = fields.findIndex((field) => isObject(field) && field.id === problem.fieldId);
      if (f !== -1) return `${pointer}/fields/${f}`;
    } else if (section.id === problem.sectionId) return pointer;
  }
  return null;
}

/** A schema location named in a message (`… at /properties/phone/pattern …`), as a pointer into the text. */
function pointerInMessage(message: string): string | null {
  const match = / at (\/[^\s:]*)/.exec(message);
  return match ? `/jsonSchema${match[1]}` : null;
}

/** The nearest value with a range: the pointer itself, else its closest ancestor. */
function rangeOf(ranges: Map<string, { from: number; to: number }>, pointer: string): { from: number; to: number } | undefined {
  for (let p = pointer; ; p = p.slice(0, p.lastIndexOf('/'))) {
    const range = ranges.get(p);
    if (range) return range;
    if (p === '') return undefined;
  }
}

/** The text formatted as the JSON view shows a draft. */
export function draftText(draft: FormDraft): string {
  return JSON.stringify({ jsonSchema: draft.jsonSchema, layout: draft.layout }, null, 2);
}

/**
 * Checks the JSON view's text: its syntax, its shape (an object with `jsonSchema` and `layout`) and the draft check
 * of a save. Returns the draft only when there is no problem.
 */
export function checkJsonViewText(text: string, options: CheckFormDraftOptions = {}): JsonViewCheck {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const offset = syntaxErrorOffset(text) ?? Math.max(0, text.length - 1);
    const message = error instanceof Error ? error.message : String(error);
    return { draft: null, problems: [{ from: offset, to: Math.min(text.length, offset + 1), line: lineOf(text, offset), kind: 'syntax', message }] };
  }
  if (!isObject(value) || !isObject(value.jsonSchema) || !isObject(value.layout)) {
    return { draft: null, problems: [{ from: 0, to: Math.min(text.length, 1), line: 1, kind: 'shape', message: "The JSON must be an object with 'jsonSchema' and 'layout'." }] };
  }
  const draft: FormDraft = { jsonSchema: value.jsonSchema as JsonObject, layout: value.layout as unknown as FormLayout };
  const found = checkFormDraft(draft, options.widgets ?? WIDGET_KINDS, options);
  if (found.length === 0) return { draft, problems: [] };
  const ranges = jsonValueRanges(text);
  const problems = found.map((problem): JsonViewProblem => {
    const pointer = pointerInMessage(problem.message) ?? pointerOfPlace(draft.layout, problem) ?? '';
    const range = rangeOf(ranges, pointer) ?? { from: 0, to: Math.min(text.length, 1) };
    // A whole object is marked at its first line, not over every line it spans.
    const lineEnd = text.indexOf('\n', range.from);
    const to = lineEnd === -1 ? range.to : Math.min(range.to, lineEnd);
    return { from: range.from, to: Math.max(to, range.from + 1), line: lineOf(text, range.from), kind: 'draft', message: problem.message, problem };
  });
  // In reading order, as the editor shows them.
  problems.sort((a, b) => a.from - b.from);
  return { draft: null, problems };
}
