export { FormList, FormListView, useFormList } from './FormList';
export type {
  FormListController,
  FormListFactory,
  FormListOptions,
  FormListProps,
  FormListRow,
  FormListStylesNames,
  FormListViewFactory,
  FormListViewProps,
} from './FormList';
