/** The form builder's save: the draft check before saving, the versioning rule's calls, and the Save button with its dialog. */
export { DraftProblemList, SaveFormButton, SaveFormDialog, targetOfProblem } from './SaveFormButton';
export type { DraftProblemListProps, DraftProblemTarget, SaveFormButtonProps, SaveFormDialogProps } from './SaveFormButton';
export { countInstancesOfSchema, DraftProblemsError, draftHasNoFields, instancesOfSchemaFilter, PartialSaveError, saveFormDraft, serverDraftProblems } from './save-draft';
export type { NewFormDetails, SaveFormDraftInput, SaveFormDraftOutcome, SaveFormDraftResult } from './save-draft';
export { useSaveFormDraft } from './useSaveFormDraft';
export type { NewFormDetailsDraft, SaveFailure, SaveFormDraftController, SaveFormDraftOptions, SaveTarget } from './useSaveFormDraft';
