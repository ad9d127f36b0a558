export { FormGroupDetail, FormGroupDetailView, useFormGroupDetail } from './FormGroupDetail';
export type {
  FormGroupDetailController,
  FormGroupDetailFactory,
  FormGroupDetailOptions,
  FormGroupDetailProps,
  FormGroupDetailStylesNames,
  FormGroupDetailViewFactory,
  FormGroupDetailViewProps,
  FormGroupFormRow,
} from './FormGroupDetail';
