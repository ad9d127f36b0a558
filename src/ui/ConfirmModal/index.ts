export { ConfirmModal, DEFAULT_CONFIRM_MODAL_LABELS } from './ConfirmModal';
export type { ConfirmModalProps, ConfirmModalLabels } from './ConfirmModal';
