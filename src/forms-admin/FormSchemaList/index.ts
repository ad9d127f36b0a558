export { FormSchemaList, FormSchemaListView, useFormSchemaList } from './FormSchemaList';
export type {
  FormSchemaListController,
  FormSchemaListFactory,
  FormSchemaListOptions,
  FormSchemaListProps,
  FormSchemaListRow,
  FormSchemaListStylesNames,
  FormSchemaListViewFactory,
  FormSchemaListViewProps,
} from './FormSchemaList';
