export { FormManager, FormManagerView } from './FormManager';
export type {
  FormManagerProps,
  FormManagerFactory,
  FormManagerViewProps,
  FormManagerViewFactory,
  FormManagerStylesNames,
} from './FormManager';
export { useFormManager, FORM_MANAGER_INSTANCES_SHOWN } from './useFormManager';
export type { FormManagerOptions, FormManagerController, FormDetailsDraft } from './useFormManager';
export { diffSchemaFields, fieldsOfLayout } from './schema-diff';
export type { SchemaFieldsDiff, LocatedField, ChangedField } from './schema-diff';
export { usePrefillInstance, EXAMPLE_RECORD_ID } from './usePrefillInstance';
export type { PrefillController, PrefillRecord, PrefillValue } from './usePrefillInstance';
export { PrefillDialog } from './PrefillDialog';
export type { PrefillDialogProps } from './PrefillDialog';
