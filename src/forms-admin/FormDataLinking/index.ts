export { FormDataLinking, FormDataLinkingView, suggestionReasonText } from './FormDataLinking';
export type {
  FormDataLinkingFactory,
  FormDataLinkingProps,
  FormDataLinkingStylesNames,
  FormDataLinkingViewFactory,
  FormDataLinkingViewProps,
} from './FormDataLinking';
export { useFormDataLinking } from './useFormDataLinking';
export type { FormDataLinkingController, FormDataLinkingOptions, LinkingRow } from './useFormDataLinking';
