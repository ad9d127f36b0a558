/**
 * The check of a form draft before it is saved: one function that the builder runs before a save leaves the browser,
 * and that the reference server and the test fake run on every form schema post and patch (through the domain's
 * `checkSchemaForSave`). It lists every problem, each with the field (else the section, else the page) it concerns,
 * so the builder can show them all and select the field of each; a server answers the first as its refusal and the
 * list beside it. React-free and HTTP-free.
 *
 * What it checks is what the engine needs to run a form: the layout's shape (sections inside sections at most
 * `FORM_LIMITS.maxSectionDepth` levels deep, no repeatable section inside a repeatable one), data paths (no
 * `__proto__` & co), unique section ids, field ids and paths, rule and computation paths, rules that name a field of another
 * scope (which they cannot read), half-written rules (a value operator without a value), the size, depth and field-count limits (`FORM_LIMITS`),
 * every `pattern` (it compiles, is not too long, and passes the caller's `checkPattern`: the server's ReDoS check),
 * that every field's widget can hold the type at its data path, and that the bounds of every field and repeatable
 * section can be met (a minimum not above its maximum, a step larger than 0, lengths and counts whole and not negative,
 * a default among the options and within the minimum and maximum).
 */
import type { FormSchema, JsonObject } from '../contract/types';
import { layoutFields, segmentsOf } from './authoring/layout-paths';
import { schemaNodeAtDataPath } from './authoring/schema-nodes';
import { brokenRuleReferences, incompleteRuleMessage, incompleteRules, ruleScopeMessage } from './authoring/references';
import { visitFormSchemaProblems, type CheckFormSchemaOptions, type SchemaProblemPlace } from './compile';
import { layoutSectionEntries } from './layout-walk';
import { FormLimitError, type FormLimitKind } from './limits';
import { visitBindingProblems, type WidgetKindRegistry } from './widget-kinds';

/** What a draft is: the two parts of a form schema that a builder edits. */
export type FormDraft = Pick<FormSchema, 'jsonSchema' | 'layout'>;

/** One reason a draft cannot be saved, with where it is (`fieldId`, else `sectionId`, else `pageId`; all null for the whole form). */
export interface DraftProblem extends SchemaProblemPlace {
  /** Which limit or rule the draft breaks. */
  kind: FormLimitKind;
  /** The status a server refuses the draft with: 413 for the size limit, 400 otherwise. */
  status: 400 | 413;
  /** The problem in words, naming the field, path or pattern. */
  message: string;
}

/**
 * Options of a draft check: the pattern check (the server's ReDoS analysis) and the widget kinds allowed (the JSON
 * view's check takes both in one object; {@link checkFormDraft} takes the kinds as its own argument).
 */
export type CheckFormDraftOptions = CheckFormSchemaOptions;

const toProblem = (problem: FormLimitError, place: SchemaProblemPlace): DraftProblem => ({
  kind: problem.kind,
  status: problem.status,
  message: problem.message,
  fieldId: place.fieldId,
  sectionId: place.sectionId,
  pageId: place.pageId,
});

/**
 * Every problem that keeps `draft` from being saved, in layout order of the checks (an empty list when it can be
 * saved). Never throws for a malformed draft: that is a problem too.
 *
 * `widgets` is the registry the draft's fields are checked against: the builder's (the built-in kinds with a host's
 * merged over them, `withWidgetKinds`), or on a server the built-in kinds with the host kinds it was configured
 * with. A field whose widget the registry does not name is a problem ("which is not known"). Pass
 * `WIDGET_KINDS` for the built-in kinds alone.
 */
export function checkFormDraft(draft: FormDraft, widgets: WidgetKindRegistry, options: Pick<CheckFormDraftOptions, 'checkPattern'> = {}): DraftProblem[] {
  const problems: DraftProblem[] = [];
  const collect = (problem: FormLimitError, place: SchemaProblemPlace) => void problems.push(toProblem(problem, place));
  const readable = visitFormSchemaProblems(draft, { ...options, widgets }, collect);
  // A layout whose shape could not be read in full is not checked for its widgets: they would be read wrongly.
  if (readable) {
    visitBindingProblems(draft, widgets, collect);
    visitRuleScopeProblems(draft, widgets, collect);
    visitIncompleteRuleProblems(draft, widgets, collect);
    visitBoundProblems(draft, widgets, collect);
  }
  return problems;
}

/** The pairs of bounds a field's or a repeatable section's schema may hold, lower first, with how they read. */
const BOUND_PAIRS = [
  ['minimum', 'maximum', 'minimum', 'maximum'],
  ['minLength', 'maxLength', 'minimum length', 'maximum length'],
  ['minItems', 'maxItems', 'minimum number', 'maximum number'],
] as const;
/** The bounds that count something: whole numbers of 0 or more. */
const COUNT_BOUNDS = ['minLength', 'maxLength', 'minItems', 'maxItems'] as const;

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What keeps the bounds of one schema node from being met by any answer, said of `name`; empty when they can be. */
function boundProblems(node: JsonObject, name: string): string[] {
  const out: string[] = [];
  for (const key of COUNT_BOUNDS) {
    const value = node[key];
    if (value !== undefined && !(typeof value === 'number' && Number.isInteger(value) && value >= 0)) {
      out.push(`'${key}' of '${name}' must be a whole number of 0 or more, not ${JSON.stringify(value)}.`);
    }
  }
  if (node.multipleOf !== undefined && !(typeof node.multipleOf === 'number' && node.multipleOf > 0)) {
    out.push(`The step of '${name}' must be a number larger than 0, not ${JSON.stringify(node.multipleOf)}: every answer would be refused.`);
  }
  // A default among the options: one that is not would be a preset answer the person cannot see, refused on submit.
  const options = node.enum ?? (isObject(node.items) ? node.items.enum : undefined);
  if (Array.isArray(options) && node.default !== undefined) {
    const given = Array.isArray(node.default) && node.type === 'array' ? node.default : [node.default];
    const missing = given.filter((v) => !options.some((o) => JSON.stringify(o) === JSON.stringify(v)));
    if (missing.length > 0) {
      out.push(`The default of '${name}' (${missing.map((v) => JSON.stringify(v)).join(', ')}) is not one of its options: choose one of them, or no default.`);
    }
  }
  // A number's default within its minimum and maximum: one outside them is a preset answer the form itself refuses.
  const preset = node.default;
  if (typeof preset === 'number' && ((typeof node.minimum === 'number' && preset < node.minimum) || (typeof node.maximum === 'number' && preset > node.maximum))) {
    out.push(`The default of '${name}' (${preset}) is outside its minimum and maximum: choose a default within them, or no default.`);
  }
  for (const [low, high, lowWords, highWords] of BOUND_PAIRS) {
    const lo = node[low];
    const hi = node[high];
    if (typeof lo === 'number' && typeof hi === 'number' && lo > hi) {
      out.push(`The ${lowWords} of '${name}' (${lo}) is larger than its ${highWords} (${hi}): no answer can meet both. Change one of them.`);
    }
  }
  return out;
}

/**
 * Each field, and each repeatable section, whose schema bounds no answer can meet (a minimum above the maximum, a step
 * of 0 or less, a negative or fractional length or count) or whose default is not among its options, at the field or
 * section: saved, the form could be opened but that question never answered (or answered for the person, unseen).
 */
function visitBoundProblems(draft: FormDraft, widgets: WidgetKindRegistry, collect: (problem: FormLimitError, place: SchemaProblemPlace) => void): void {
  const jsonSchema = draft.jsonSchema as JsonObject;
  const seen = new Set<JsonObject>();
  const check = (segments: readonly string[] | null, name: string, place: SchemaProblemPlace) => {
    const node = segments ? schemaNodeAtDataPath(jsonSchema, segments) : undefined;
    if (!node || seen.has(node)) return;
    seen.add(node);
    for (const message of boundProblems(node, name)) collect(new FormLimitError('schema-bounds', message), place);
  };
  // A repeatable section's number of items is bounded in the layout (`repeatable.minItems` / `maxItems`).
  for (const { section, page } of layoutSectionEntries(draft.layout)) {
    if (!section.repeatable) continue;
    const { minItems, maxItems } = section.repeatable;
    for (const message of boundProblems({ minItems, maxItems } as JsonObject, section.title || section.id)) {
      collect(new FormLimitError('schema-bounds', message), { fieldId: null, sectionId: section.id, pageId: page.id });
    }
  }
  for (const entry of layoutFields(draft.layout, widgets)) {
    if (entry.fullPath === null) continue;
    check(segmentsOf(entry.fullPath), entry.field.label || entry.field.id, { fieldId: entry.field.id, sectionId: entry.section.id, pageId: entry.page.id });
  }
}

/**
 * Each rule that names a field of another scope (rules read only their own item of a repeatable section, or only the
 * fields outside repeatable sections), at the field holding the rule: such a rule cannot see the field it names. The
 * other broken references (a deleted field, a later one) are the rule editor's warnings, not a reason to refuse.
 */
function visitRuleScopeProblems(draft: FormDraft, widgets: WidgetKindRegistry, collect: (problem: FormLimitError, place: SchemaProblemPlace) => void): void {
  const places = new Map<string, SchemaProblemPlace>(
    layoutFields(draft.layout, widgets).map((e) => [e.field.id, { fieldId: e.field.id, sectionId: e.section.id, pageId: e.page.id }]),
  );
  for (const ref of brokenRuleReferences(draft.layout, draft.jsonSchema, widgets)) {
    if (ref.problem !== 'scope') continue;
    collect(new FormLimitError('schema-layout', ruleScopeMessage(ref)), places.get(ref.fieldId) ?? { fieldId: ref.fieldId, sectionId: null, pageId: null });
  }
}

/** Each half-written rule ("field is" with no value: `incompleteRules`), at the field holding the rule. */
function visitIncompleteRuleProblems(draft: FormDraft, widgets: WidgetKindRegistry, collect: (problem: FormLimitError, place: SchemaProblemPlace) => void): void {
  const places = new Map<string, SchemaProblemPlace>(
    layoutFields(draft.layout, widgets).map((e) => [e.field.id, { fieldId: e.field.id, sectionId: e.section.id, pageId: e.page.id }]),
  );
  for (const rule of incompleteRules(draft.layout, widgets)) {
    collect(new FormLimitError('schema-layout', incompleteRuleMessage(rule)), places.get(rule.fieldId) ?? { fieldId: rule.fieldId, sectionId: null, pageId: null });
  }
}

/** The id a problem concerns for selecting it in a builder: its field, else its section, else its page; null for the whole form. */
export function draftProblemTarget(problem: SchemaProblemPlace): string | null {
  return problem.fieldId ?? problem.sectionId ?? problem.pageId;
}
