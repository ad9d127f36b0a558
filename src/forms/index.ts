/**
 * The form renderer: thin React bindings over the React-free form engine (src/engine), Mantine widgets, the GOV.UK
 * error summary, multi-page forms with a stepper, repeatable sections, and a view mode.
 */
export { FormRenderer, useFormEngine } from './FormRenderer';
export type { FormRendererProps, UseFormEngineOptions } from './FormRenderer';
export { defaultFormLabels, defaultFormUiLabels, resolveFormLabels } from './labels';
export type { FormLabels, FormUiLabels } from './labels';
export { generateForm, generateFormData } from './generateForm';
export type { GenerateFormOptions } from './generateForm';
export type { ProgressiveOptions } from './progressive';
export { FORM_WIDGETS, withFormWidgets } from './widgets/registry';
export type { FormWidget, FormWidgets } from './widgets/registry';
export type { WidgetProps } from './widgets/types';
export { ViewAnswer } from './widgets/ViewField';
export type { ViewWidgetProps } from './widgets/ViewField';
export type { JsonSchemaType, WidgetDefaultField, WidgetKind, WidgetPropertyEditor, WidgetValueKind } from '../engine';
export { createFormEngine, validateSubmission } from '../engine';
export type { FieldState, FormCheckResult, FormEngine, FormEngineOptions, FormError, FormState } from '../engine';
