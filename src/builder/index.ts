/** The visual form builder: the screen, its state hook and its React-free model. */
export { BUILDER_PHONE_WIDTH, FormBuilder, FormBuilderView } from './FormBuilder';
export type { FormBuilderFactory, FormBuilderProps, FormBuilderStylesNames, FormBuilderViewFactory, FormBuilderViewProps } from './FormBuilder';
export { builderDraftKey, useFormBuilder } from './useFormBuilder';
export type { FormBuilderController, FormBuilderOptions, StoredDraft } from './useFormBuilder';
export { BUILDER_HISTORY_LIMIT, builderReducer, dependentsOf, emptyDocument, initialBuilderState } from './model';
export type { BuilderAction, BuilderDocument, BuilderSelection, BuilderState, FieldTarget, HistoryStep, SectionTarget } from './model';
export { draftHasNoFields, SaveFormButton } from './save';
export type { DraftProblemTarget, SaveFormButtonProps, SaveFormDraftOptions, SaveFormDraftOutcome, SaveFormDraftResult } from './save';
export { blankTemplate, contactTemplate, copyOfForm, FORM_TEMPLATES, formTemplate, jobApplicationTemplate } from './templates';
export type { FormCopy, FormTemplate, FormTemplateId, FormTemplateTexts } from './templates';
