export { FormInstanceList, FormInstanceListView } from './FormInstanceList';
export type {
  FormInstanceListFactory,
  FormInstanceListProps,
  FormInstanceListStylesNames,
  FormInstanceListViewFactory,
  FormInstanceListViewProps,
} from './FormInstanceList';
export { requestSignatureBlock, useFormInstanceList } from './useFormInstanceList';
export type { BulkConfirmation, FormInstanceListController, FormInstanceListOptions, FormInstanceListRow, FormInstanceSigning, FormInstanceSortColumn } from './useFormInstanceList';
export { instanceQuery, markCompletedBlock, NO_INSTANCE_FILTERS } from './instance-filter';
export type { FormInstanceFilters } from './instance-filter';
