export { FormInstanceList, FormInstanceListView } from './FormInstanceList';
export type {
  FormInstanceListFactory,
  FormInstanceListProps,
  FormInstanceListStylesNames,
  FormInstanceListViewFactory,
  FormInstanceListViewProps,
} from './FormInstanceList';
export { INITIAL_INSTANCE_LIST_STATE, requestSignatureBlock, useFormInstanceList } from './useFormInstanceList';
export type {
  BulkConfirmation,
  FormInstanceAnswerColumns,
  FormInstanceListController,
  FormInstanceListOptions,
  FormInstanceListRow,
  FormInstanceListState,
  FormInstanceSigning,
  FormInstanceSortColumn,
} from './useFormInstanceList';
export type { AnswerField } from './answer-columns';
export { instanceQuery, markCompletedBlock, NO_INSTANCE_FILTERS } from './instance-filter';
export type { FormInstanceFilters } from './instance-filter';
