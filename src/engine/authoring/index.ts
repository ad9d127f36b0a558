/**
 * Authoring helpers for form builders: React-free and HTTP-free, so a builder, a script or a server check of a draft
 * all use the same rules for data paths, references and renames.
 */
export { checkDataPath, freeDataPath, labelToPath, MAX_DERIVED_SEGMENT, pathFollowsLabel } from './data-paths';
export type { DataPathContext, DataPathProblem, DataPathProblemCode } from './data-paths';
export { findSection, fullDataPath, isAtOrUnder, layoutFields, relativeDataPath } from './layout-paths';
export type { LayoutFieldEntry } from './layout-paths';
export { allReferences, brokenRuleReferences, pathReferences, ruleLeavesWithPlace, ruleScopeMessage, ruleTargets } from './references';
export type { BrokenReference, BrokenReferenceProblem, PathReference, ReferenceKind, RuleTarget } from './references';
export { applyPathRename, renamePathEverywhere } from './rename';
export type { AuthoringDraft } from './rename';
export { schemaNodeAtDataPath } from './schema-nodes';
