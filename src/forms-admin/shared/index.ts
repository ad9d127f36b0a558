export {
  DELETE_BUTTON_CLAIMS,
  claimsOfAction,
  serverClaimOf,
  useClaimCheck,
  useDeleteAccess,
} from './access';
export type { DeleteAccess, DeleteAction, FormsEntity } from './access';
export { ALSO_CHANGES, useDeleteActions } from './useDeleteActions';
export type {
  DeleteActionsController,
  DeleteActionsOptions,
  DeleteConfirmation,
  DeleteTarget,
} from './useDeleteActions';
export { DeleteConfirmDialog, RowDeleteActions, ShowDeletedToggle } from './DeleteActions';
export type { DeleteConfirmDialogProps, RowDeleteActionsProps, ShowDeletedToggleProps } from './DeleteActions';
export { LIST_PAGE_SIZES, SEARCH_DEBOUNCE_MS, tablePagingTexts, useServerTable } from './useServerTable';
export type { ServerTable, ServerTableOptions } from './useServerTable';
export { TOAST_AUTO_CLOSE, toast } from './toast';
export { EnvelopeStatusBadge } from './EnvelopeStatusBadge';
export type { EnvelopeStatusBadgeProps } from './EnvelopeStatusBadge';
