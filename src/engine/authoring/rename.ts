/**
 * Renaming or moving a data path everywhere at once: the schema node moves (with its `required` entry), and every
 * field, repeatable section, rule and computation that names the path, or a path inside it, is rewritten. A rename
 * that left rules pointing at the old path would silently switch them off, the commonest logic defect of form
 * builders.
 */
import type { FieldRuleNode, FormLayout, JsonObject } from '../../contract/types';
import { layoutSectionEntries, repeatBasePath } from '../layout-walk';
import { groupMembers, isRuleGroup } from '../rules';
import { fullDataPath, isAtOrUnder, pointerOfSegments, relativeDataPath, segmentsOf } from './layout-paths';
import { attachSchemaNode, detachSchemaNode } from './schema-nodes';

/** What a rename works on: the two halves of a form schema. */
export interface AuthoringDraft {
  jsonSchema: JsonObject;
  layout: FormLayout;
}

/** The full path after the rename, or null when `full` is not at or under `from`. */
function moved(full: string, from: readonly string[], to: readonly string[]): string | null {
  const segments = segmentsOf(full);
  if (!segments || !isAtOrUnder(segments, from)) return null;
  return pointerOfSegments([...to, ...segments.slice(from.length)]);
}

/** A path written in a scope (`base`) after the rename, or the path unchanged when it is not affected or cannot be written there. */
function rewrite(path: string, base: string, from: readonly string[], to: readonly string[]): string {
  const next = moved(fullDataPath(base, path), from, to);
  if (next === null) return path;
  return relativeDataPath(base, next) ?? path;
}

function rewriteRules(nodes: FieldRuleNode[], base: string, from: readonly string[], to: readonly string[]): void {
  for (const node of nodes) {
    if (isRuleGroup(node)) rewriteRules(groupMembers(node).members as FieldRuleNode[], base, from, to);
    else if (typeof node.path === 'string') node.path = rewrite(node.path, base, from, to);
  }
}

/**
 * Renames the full data path `from` to `to` (both with `*` for the items of a repeatable section) in place: for an
 * immer draft or a copy the caller owns. The schema node moves (nothing happens to the schema when it has no node
 * at `from`), objects emptied by the move are removed, objects on the way to `to` are created. Fields, repeatable
 * sections, rules and computations naming `from` or a path inside it follow; one that would then lie outside its
 * repeatable section's items keeps its old path (and shows up as broken).
 * Returns false, changing nothing, when either path is not a valid pointer, is the root, or `to` lies inside `from`.
 */
export function applyPathRename(draft: AuthoringDraft, from: string, to: string): boolean {
  const fromSegments = segmentsOf(from);
  const toSegments = segmentsOf(to);
  if (!fromSegments || !toSegments || fromSegments.length === 0 || toSegments.length === 0) return false;
  if (from === to) return true;
  if (isAtOrUnder(toSegments, fromSegments)) return false;

  const detached = detachSchemaNode(draft.jsonSchema, fromSegments);
  if (detached) attachSchemaNode(draft.jsonSchema, toSegments, detached.node, detached.required);

  // Every section with the list path its fields are relative to before the rename (a plain section inside a
  // repeatable one reads its owner's), taken before any list path moves.
  const entries = Array.from(layoutSectionEntries(draft.layout), (entry) => ({ entry, oldBase: repeatBasePath(entry) }));
  for (const { entry, oldBase } of entries) {
    const section = entry.section;
    if (section.repeatable) {
      const next = moved(section.repeatable.path, fromSegments, toSegments);
      if (next !== null) section.repeatable.path = next;
    }
    // The owner comes before the sections inside it, so its list path is already the new one here.
    const newBase = repeatBasePath(entry);
    for (const field of section.fields) {
      // Paths are resolved against the section's old list path, then written against its new one.
      const reword = (path: string) => {
        const next = moved(fullDataPath(oldBase, path), fromSegments, toSegments);
        if (next === null) return path;
        return relativeDataPath(newBase, next) ?? path;
      };
      if (typeof field.path === 'string' && field.path !== '') field.path = reword(field.path);
      if (oldBase === newBase) {
        if (field.visibleWhen) rewriteRules(field.visibleWhen, oldBase, fromSegments, toSegments);
        if (field.requiredWhen) rewriteRules(field.requiredWhen, oldBase, fromSegments, toSegments);
        if (field.computed) field.computed.paths = field.computed.paths.map((p) => rewrite(p, oldBase, fromSegments, toSegments));
      } else {
        // The section's own list moved: item-relative paths stay as they are, only paths naming the list change.
        const rewriteIn = (nodes: FieldRuleNode[]) => {
          for (const node of nodes) {
            if (isRuleGroup(node)) rewriteIn(groupMembers(node).members as FieldRuleNode[]);
            else if (typeof node.path === 'string') node.path = reword(node.path);
          }
        };
        if (field.visibleWhen) rewriteIn(field.visibleWhen);
        if (field.requiredWhen) rewriteIn(field.requiredWhen);
        if (field.computed) field.computed.paths = field.computed.paths.map(reword);
      }
    }
  }
  return true;
}

/**
 * A copy of `draft` with the full data path `from` renamed to `to` everywhere (see {@link applyPathRename}); `draft`
 * itself is not changed. Returns `draft` unchanged when the rename is refused.
 */
export function renamePathEverywhere<T extends AuthoringDraft>(draft: T, from: string, to: string): T {
  const copy = { ...draft, jsonSchema: structuredClone(draft.jsonSchema), layout: structuredClone(draft.layout) };
  return applyPathRename(copy, from, to) ? copy : draft;
}
