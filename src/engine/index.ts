/**
 * The form engine (docs/decisions.md, Forms engine): React-free and HTTP-free. The renderer (src/forms), the test fake (src/testing) and the
 * reference server all run this one implementation.
 */
export { createFormEngine, leafErrors } from './engine';
export type {
  ArrayState,
  ExternalError,
  FieldHandle,
  FieldState,
  FormChangeListener,
  FormCheckResult,
  FormEngine,
  FormEngineOptions,
  FormError,
  FormState,
} from './engine';
export { checkFormSchema, clearCompiledForms, compileFormSchema } from './compile';
export { checkFormDraft, draftProblemTarget } from './draft-check';
export type { CheckFormDraftOptions, DraftProblem, FormDraft } from './draft-check';
export type {
  CheckFormSchemaOptions,
  CompileOptions,
  CompiledComputation,
  CompiledField,
  CompiledForm,
  CompiledPage,
  CompiledRepeat,
  CompiledRule,
  CompiledSection,
  PatternCheck,
  SchemaProblemPlace,
} from './compile';
export { checkDataLimits, FORM_LIMITS, FormLimitError } from './limits';
export {
  allFields,
  allSections,
  childSections,
  layoutFieldEntries,
  layoutSectionEntries,
  pageSectionEntries,
  repeatBasePath,
  sectionDepthOf,
} from './layout-walk';
export type { FieldEntry, SectionEntry } from './layout-walk';
export type { FormLimitKind } from './limits';
export { defaultValidationMessages, fillMessage, messageFor } from './messages';
export type { MessageContext, ValidationMessages } from './messages';
export { compute, groupMembers, isEmptyValue, isRuleGroup, jsonEqual, ruleHolds, ruleLeaves, rulesHold } from './rules';
export type { ValueSchemaInfo } from './schema';
export { validateSubmission } from './validate-submission';
export {
  checkWidgetBindings,
  isKnownWidget,
  storesList,
  storesNothing,
  VALUE_KIND_TYPES,
  WIDGET_KINDS,
  widgetKind,
  widgetForPdfField,
  widgetKindProblem,
  widgetsForPdfField,
  withWidgetKinds,
} from './widget-kinds';
export type {
  JsonSchemaType,
  WidgetDefaultField,
  WidgetKind,
  WidgetKindRegistry,
  WidgetPropertyEditor,
  WidgetValueKind,
} from './widget-kinds';
export type { ValidateSubmissionOptions } from './validate-submission';
// Authoring helpers for form builders (data paths, references, renames), React-free like the rest of the engine.
export {
  applyPathRename,
  brokenRuleReferences,
  checkDataPath,
  freeDataPath,
  fullDataPath,
  labelToPath,
  layoutFields,
  pathFollowsLabel,
  pathReferences,
  relativeDataPath,
  renamePathEverywhere,
  ruleLeavesWithPlace,
  ruleTargets,
  schemaNodeAtDataPath,
} from './authoring';
export type {
  AuthoringDraft,
  BrokenReference,
  BrokenReferenceProblem,
  DataPathContext,
  DataPathProblem,
  DataPathProblemCode,
  LayoutFieldEntry,
  PathReference,
  ReferenceKind,
  RuleTarget,
} from './authoring';
