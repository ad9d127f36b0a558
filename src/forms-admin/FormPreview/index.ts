export { FormPreview, FormPreviewView } from './FormPreview';
export type {
  FormPreviewFactory,
  FormPreviewProps,
  FormPreviewStylesNames,
  FormPreviewViewFactory,
  FormPreviewViewProps,
} from './FormPreview';
export { FORM_PREVIEW_PHONE_WIDTH, useFormPreview } from './useFormPreview';
export type {
  FormPreviewController,
  FormPreviewMode,
  FormPreviewOptions,
  FormPreviewQueryState,
  FormPreviewSelection,
  FormPreviewWidth,
} from './useFormPreview';
