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
 * and that every field's widget can hold the type at its data path.
 */
import type { FormSchema } from '../contract/types';
import { layoutFields } from './authoring/layout-paths';
import { brokenRuleReferences, incompleteRuleMessage, incompleteRules, ruleScopeMessage } from './authoring/references';
import { visitFormSchemaProblems, type CheckFormSchemaOptions, type SchemaProblemPlace } from './compile';
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
  }
  return problems;
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
