/**
 * Which rules and computations name a data path, and which of them name something they cannot see: found before a
 * field is deleted or renamed, and flagged in the rule editor.
 */
import type { FieldRule, FieldRuleNode, FormLayout, JsonObject } from '../../contract/types';
import { groupMembers, isRuleGroup, ruleLacksValue } from '../rules';
import { WIDGET_KINDS, type WidgetKindRegistry } from '../widget-kinds';
import { fullDataPath, isAtOrUnder, layoutFields, pointerOfSegments, segmentsOf, type LayoutFieldEntry } from './layout-paths';
import { schemaNodeAtDataPath } from './schema-nodes';

/** Where a field names a data path: one of its rule lists, or its computation. */
export type ReferenceKind = 'visibleWhen' | 'requiredWhen' | 'computed';

/** One place where a field names a data path. */
export interface PathReference {
  /** The field holding the rule or computation. */
  fieldId: string;
  /** That field's label. */
  label: string;
  kind: ReferenceKind;
  /** The path as written (relative to the item in a repeatable section). */
  path: string;
  /** The full data path it names (`*` for the items of a repeatable section). */
  fullPath: string;
  /**
   * Where the rule is: indexes from the top of the list into nested groups, down to the rule (`[1, 0]` is the first
   * member of the group that is the list's second entry). For a computation, the index of the path.
   */
  at: number[];
}

/** Every rule of a tree with its place (indexes into nested groups). */
export function ruleLeavesWithPlace(nodes: readonly FieldRuleNode[] | undefined): { rule: FieldRule; at: number[] }[] {
  const out: { rule: FieldRule; at: number[] }[] = [];
  const walk = (list: readonly FieldRuleNode[], at: number[]) => {
    list.forEach((node, i) => {
      if (isRuleGroup(node)) walk(groupMembers(node).members, [...at, i]);
      else out.push({ rule: node, at: [...at, i] });
    });
  };
  walk(nodes ?? [], []);
  return out;
}

/** Every reference any field of the layout makes, with the full data path it names. */
export function allReferences(layout: FormLayout, widgets: WidgetKindRegistry = WIDGET_KINDS): (PathReference & { entry: LayoutFieldEntry })[] {
  const out: (PathReference & { entry: LayoutFieldEntry })[] = [];
  for (const entry of layoutFields(layout, widgets)) {
    const { field, base } = entry;
    for (const kind of ['visibleWhen', 'requiredWhen'] as const) {
      for (const { rule, at } of ruleLeavesWithPlace(field[kind])) {
        if (typeof rule.path !== 'string') continue;
        out.push({ fieldId: field.id, label: field.label, kind, path: rule.path, fullPath: fullDataPath(base, rule.path), at, entry });
      }
    }
    field.computed?.paths.forEach((path, i) => {
      out.push({ fieldId: field.id, label: field.label, kind: 'computed', path, fullPath: fullDataPath(base, path), at: [i], entry });
    });
  }
  return out;
}

/**
 * The rules and computations that name `path` (a full data path, `*` for the items of a repeatable section) or a
 * path inside it, so deleting or renaming it can say who depends on it. References of the field bound to `path`
 * itself are included (its own rules still name other fields).
 */
export function pathReferences(layout: FormLayout, path: string, widgets: WidgetKindRegistry = WIDGET_KINDS): PathReference[] {
  const target = segmentsOf(path);
  if (!target || target.length === 0) return [];
  return allReferences(layout, widgets)
    .filter((ref) => {
      const segments = segmentsOf(ref.fullPath);
      return segments !== null && isAtOrUnder(segments, target);
    })
    .map(({ entry: _entry, ...ref }) => ref);
}

/** Why a rule or computation is broken. */
export type BrokenReferenceProblem =
  /** No field is bound to the path and the JSON Schema has no such property: it was deleted or mistyped. */
  | 'missing'
  /** The path exists in the schema, but no field of the form fills it in, so the rule never changes. */
  | 'unbound'
  /** The field bound to the path comes later in the form than the field whose rule names it. */
  | 'later'
  /** A field's rule names the field's own path. */
  | 'self'
  /**
   * The rule names a field of another scope: rules read only the answers of their own scope (the same item inside a
   * repeatable section, the fields outside repeatable sections otherwise), so the rule cannot see that field. It
   * happens when a field with rules moves across a repeatable section's boundary and its rules still name the fields
   * left behind, or when a rule outside names a field of the items (`/jobs/*\/employer`).
   */
  | 'scope';

/** A rule or computation that names a path it cannot rely on. */
export interface BrokenReference extends PathReference {
  problem: BrokenReferenceProblem;
  /** The field bound to the path, for `later`; the field of the other scope the rule names, for `scope`. */
  target?: { id: string; label: string };
}

type BoundField = { entry: LayoutFieldEntry; segments: string[] };

/**
 * The field of another scope a rule of `entry` names, or null: a field of the items named through the list (a `*`
 * in the written path, which a rule never reads), or — when nothing of the rule's own scope fills the path — a field
 * of another scope written with that path (a rule the field took along when it moved across a repeatable section's
 * boundary).
 */
function outOfScopeTarget(entry: LayoutFieldEntry, written: readonly string[], inScope: readonly BoundField[], index: BoundIndex): LayoutFieldEntry | null {
  if (written.includes('*')) return inScope.find((b) => b.entry.base !== entry.base)?.entry ?? null;
  if (inScope.length > 0) return null;
  const other = index.byWrittenPath.get(pointerOfSegments(written))?.find((b) => b.entry.base !== entry.base);
  return other?.entry ?? null;
}

/**
 * The bound fields by every path they are at or under (each prefix of their full path, and of their path as written),
 * in layout order: which fields a reference reaches is one lookup, not a walk over the form's fields per reference.
 */
interface BoundIndex {
  byFullPath: Map<string, BoundField[]>;
  byWrittenPath: Map<string, BoundField[]>;
}

function indexBound(bound: readonly BoundField[]): BoundIndex {
  const byFullPath = new Map<string, BoundField[]>();
  const byWrittenPath = new Map<string, BoundField[]>();
  const addUnder = (map: Map<string, BoundField[]>, segments: readonly string[], b: BoundField) => {
    let key = '';
    for (let i = 0; ; i++) {
      const list = map.get(key);
      if (list) list.push(b);
      else map.set(key, [b]);
      const segment = segments[i];
      if (segment === undefined) return;
      key += pointerOfSegments([segment]);
    }
  };
  for (const b of bound) {
    addUnder(byFullPath, b.segments, b);
    const written = segmentsOf(b.entry.field.path);
    if (written) addUnder(byWrittenPath, written, b);
  }
  return { byFullPath, byWrittenPath };
}

/**
 * The message of a `scope` reference (see {@link BrokenReferenceProblem}), naming the field holding the rule and the
 * field the rule is on: what the builder shows and what a server refuses the draft with.
 */
export function ruleScopeMessage(ref: Pick<BrokenReference, 'label' | 'fieldId' | 'path' | 'target'>): string {
  const holder = ref.label || ref.fieldId;
  const target = ref.target ? `'${ref.target.label || ref.target.id}' (${ref.path})` : ref.path;
  return (
    `A rule of '${holder}' is on ${target}, a field of another scope: a rule reads only the answers of its own scope ` +
    '(the same item of a repeatable section, or the fields outside repeatable sections), so it cannot see that field. ' +
    'Choose a field of the same scope or remove the rule.'
  );
}

/** How a rule's operator reads in a message: "'Employer' is …". */
const OP_WORDS: Readonly<Record<FieldRule['op'], string>> = {
  eq: 'is',
  neq: 'is not',
  in: 'is one of',
  notIn: 'is none of',
  gt: 'is more than',
  lt: 'is less than',
  empty: 'is empty',
  notEmpty: 'is not empty',
};

/** A half-written rule (see `ruleLacksValue`): a value operator without a value. */
export interface IncompleteRule extends PathReference {
  op: FieldRule['op'];
  /** The field the rule is on, when one is bound to its path. */
  target?: { id: string; label: string };
}

/**
 * Every rule of the layout whose operator compares with a value it does not have ("field is" with no value), with its
 * place (`at`) and the field it is on: the builder flags each at its rule, and the draft check refuses the draft.
 */
export function incompleteRules(layout: FormLayout, widgets: WidgetKindRegistry = WIDGET_KINDS): IncompleteRule[] {
  const fields = layoutFields(layout, widgets);
  const out: IncompleteRule[] = [];
  for (const entry of fields) {
    const { field, base } = entry;
    for (const kind of ['visibleWhen', 'requiredWhen'] as const) {
      for (const { rule, at } of ruleLeavesWithPlace(field[kind])) {
        if (typeof rule.path !== 'string' || !ruleLacksValue(rule)) continue;
        const fullPath = fullDataPath(base, rule.path);
        const on = fields.find((f) => f.fullPath === fullPath);
        out.push({
          fieldId: field.id,
          label: field.label,
          kind,
          path: rule.path,
          fullPath,
          at,
          op: rule.op,
          ...(on ? { target: { id: on.field.id, label: on.field.label } } : {}),
        });
      }
    }
  }
  return out;
}

/**
 * The message of a half-written rule, naming the field holding it and what the rule says so far: what a server
 * refuses the draft with, at the field holding the rule.
 */
export function incompleteRuleMessage(rule: Pick<IncompleteRule, 'label' | 'fieldId' | 'path' | 'op' | 'target'>): string {
  const holder = rule.label || rule.fieldId;
  const on = rule.target ? `'${rule.target.label || rule.target.id}'` : rule.path;
  return `A rule of '${holder}' (${on} ${OP_WORDS[rule.op] ?? rule.op} …) has no value: choose the value it compares with, or remove the rule.`;
}

/**
 * The rules (and computations) that point at a path no field fills (deleted, or never added), or at a field that comes
 * later in the form (or at the field itself): a person filling the form in order would meet the rule before the
 * answer it depends on; or at a field of another scope (`scope`: rules read only their own item, or only the fields
 * outside repeatable sections). Computations may read later fields (they are recomputed as answers change), so only
 * their missing paths are reported. A rule naming an object whose parts are fields (`/address` while `/address/street` is a
 * field) is fine.
 */
export function brokenRuleReferences(layout: FormLayout, jsonSchema: JsonObject, widgets: WidgetKindRegistry = WIDGET_KINDS): BrokenReference[] {
  const fields = layoutFields(layout, widgets);
  const bound = fields
    .map((entry) => ({ entry, segments: entry.fullPath === null ? null : segmentsOf(entry.fullPath) }))
    .filter((b): b is { entry: LayoutFieldEntry; segments: string[] } => b.segments !== null);
  const index = indexBound(bound);
  const out: BrokenReference[] = [];
  for (const ref of allReferences(layout, widgets)) {
    const { entry, ...reference } = ref;
    const segments = segmentsOf(ref.fullPath);
    const written = segmentsOf(ref.path);
    if (!segments || !written) {
      out.push({ ...reference, problem: 'missing' });
      continue;
    }
    // The fields at or under the path, in layout order; the first one exactly at it, when there is one, alone.
    const atOrUnder = index.byFullPath.get(pointerOfSegments(segments)) ?? [];
    const exact = atOrUnder.find((b) => b.segments.length === segments.length);
    const inside = exact ? [exact] : atOrUnder;
    // Computations may read across scopes (a total over the items); rules may not.
    const other = ref.kind === 'computed' ? null : outOfScopeTarget(entry, written, inside, index);
    if (other) {
      out.push({ ...reference, problem: 'scope', target: { id: other.field.id, label: other.field.label } });
      continue;
    }
    if (inside.length === 0) {
      out.push({ ...reference, problem: schemaNodeAtDataPath(jsonSchema, segments) === undefined ? 'missing' : 'unbound' });
      continue;
    }
    if (ref.kind === 'computed') continue;
    if (inside.some((b) => b.entry.field.id === entry.field.id)) {
      out.push({ ...reference, problem: 'self' });
      continue;
    }
    // Fine as long as one of the fields it reads comes before the rule's field.
    const earliest = inside.reduce((a, b) => (b.entry.index < a.entry.index ? b : a));
    if (earliest.entry.index > entry.index) {
      out.push({ ...reference, problem: 'later', target: { id: earliest.entry.field.id, label: earliest.entry.field.label } });
    }
  }
  return out;
}

/** A field a rule may name, as the rule writes its path. */
export interface RuleTarget {
  id: string;
  /** The path as a rule of the asking field writes it (relative to the item in a repeatable section). */
  path: string;
  label: string;
  widget: string;
  options?: { value: string; label: string }[];
  /** Whether it comes after the asking field (a rule on it would be flagged). */
  later: boolean;
}

/**
 * The fields a rule of `fieldId` may name: those that store a value in the same scope (the whole form outside
 * repeatable sections; the same item inside one, where rules read the item's own answers), in layout order, the field
 * itself left out.
 */
export function ruleTargets(layout: FormLayout, fieldId: string, widgets: WidgetKindRegistry = WIDGET_KINDS): RuleTarget[] {
  const fields = layoutFields(layout, widgets);
  const self = fields.find((e) => e.field.id === fieldId);
  const base = self?.base ?? '';
  const selfIndex = self?.index ?? Number.POSITIVE_INFINITY;
  return fields
    .filter((e) => e.fullPath !== null && e.field.id !== fieldId && e.base === base)
    .map((e) => ({
      id: e.field.id,
      path: e.field.path,
      label: e.field.label,
      widget: e.field.widget,
      ...(e.field.options ? { options: e.field.options } : {}),
      later: e.index > selfIndex,
    }));
}
