export { ResultDialog, DEFAULT_RESULT_DIALOG_LABELS } from './ResultDialog';
export type { ResultDialogProps, ResultDialogLabels, ResultDialogEntry } from './ResultDialog';
