/**
 * `@ccq/forms-admin/viewer` — what an integrator embeds in a public page: the providers, the form
 * renderer (`FormRenderer`, `useFormEngine`) and the pieces the public form viewer is built from.
 * Named exports only; it reaches no administration screen.
 */
export { APIProvider, useApi } from './query/APIProvider';
export type { APIProviderProps, ApiContextValue } from './query/APIProvider';
export { defaultLabels } from './query/labels';
export type { Labels } from './query/labels';
export { ErrorAlert } from './ui/ErrorAlert';
export { LoadingState } from './ui/LoadingState';
// The theme the viewer is checked with: on Mantine's default theme, filled buttons and control borders fall below WCAG AA.
export { ccqTheme } from './ui/theme';
export type { FormSchema, FormInstance, FormLayout, FormPage, FormSection, FormField, FieldRule, FieldRuleGroup, FieldRuleNode, FieldWidget } from './api/types';
export { FormInstanceStatus } from './api/enums';
// The public form viewer.
export { CurrentFormViewer, FormInstanceViewer } from './viewer/index';
export type {
  CurrentFormViewerProps, CurrentPublicVersion, FormInstanceViewerFactory, FormInstanceViewerMode, FormInstanceViewerProps,
  FormInstanceViewerStylesNames, SaveBackoff,
} from './viewer/index';
export { FormRenderer, useFormEngine } from './forms';
export type {
  FieldState, FormCheckResult, FormEngine, FormError, FormLabels, FormRendererProps, FormState, ProgressiveOptions,
  UseFormEngineOptions,
} from './forms';
// The widget registry: the built-in widgets, and what a host's own widget kind is made of.
export { FORM_WIDGETS, ViewAnswer, withFormWidgets } from './forms';
export type {
  FormWidget, FormWidgets, JsonSchemaType, ViewWidgetProps, WidgetDefaultField, WidgetKind, WidgetProps,
  WidgetPropertyEditor, WidgetValueKind,
} from './forms';
