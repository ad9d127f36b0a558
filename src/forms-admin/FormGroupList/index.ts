export { FormGroupList, FormGroupListView, useFormGroupList } from './FormGroupList';
export type {
  FormGroupListController,
  FormGroupListFactory,
  FormGroupListOptions,
  FormGroupListProps,
  FormGroupListRow,
  FormGroupListStylesNames,
  FormGroupListViewFactory,
  FormGroupListViewProps,
} from './FormGroupList';
export { FormGroupDialog, useFormGroupEditor } from './FormGroupDialog';
export type { FormGroupDialogProps, FormGroupDraft, FormGroupEditor } from './FormGroupDialog';
