export { FormSchemaManager, FormSchemaManagerView } from './FormSchemaManager';
export type {
  FormSchemaManagerProps,
  FormSchemaManagerFactory,
  FormSchemaManagerViewProps,
  FormSchemaManagerViewFactory,
  FormSchemaManagerStylesNames,
} from './FormSchemaManager';
export { useFormSchemaManager } from './useFormSchemaManager';
export type { FormSchemaManagerOptions, FormSchemaManagerController } from './useFormSchemaManager';
