import { Box, Button, Group, Modal, useProps, type MantineColor, type ModalProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { defaultLabels } from '../../query/labels';
import { useLabels } from '../../query/useLabels';

/** Texts of {@link ConfirmModal}; every one can be overridden through the `labels` prop. */
export interface ConfirmModalLabels {
  /** Label of the confirm button. */
  confirm: string;
  /** Label of the cancel button. */
  cancel: string;
  /** Accessible name of the close (×) button. */
  close: string;
}

/** English defaults of {@link ConfirmModalLabels}: a view of the one `defaultLabels` object. */
export const DEFAULT_CONFIRM_MODAL_LABELS: ConfirmModalLabels = {
  confirm: defaultLabels.confirm,
  cancel: defaultLabels.cancel,
  close: defaultLabels.close,
};

/** Props of {@link ConfirmModal}. */
export interface ConfirmModalProps
  extends Omit<ModalProps, 'opened' | 'onClose' | 'title' | 'children' | 'closeOnEscape' | 'closeOnClickOutside'> {
  /** Whether the modal is open (controlled). */
  opened: boolean;
  /** Heading of the modal, e.g. 'Clear all permissions?'. */
  title: ReactNode;
  /** What will happen if the user confirms. */
  message: ReactNode;
  /** Called by the confirm button. The modal stays open: close it (set `opened` to false) when the work is done. */
  onConfirm: () => void;
  /** Called by the cancel button, the close button, Escape and a click outside. Not called while `loading`. */
  onCancel: () => void;
  /**
   * Shows the confirm button as loading and blocks every way of cancelling while the confirmed work runs.
   * @default false
   */
  loading?: boolean;
  /**
   * Mantine color of the confirm button; red because most confirmations guard a destructive action.
   * @default 'red'
   */
  confirmColor?: MantineColor;
  /** Overrides of the texts, which otherwise come from the `APIProvider` labels. */
  labels?: Partial<ConfirmModalLabels>;
}

const defaultProps = {
  loading: false,
  confirmColor: 'red',
} satisfies Partial<ConfirmModalProps>;

/**
 * A controlled confirmation dialog. Focus is trapped inside and starts on the cancel button, so Enter never confirms
 * a destructive action by accident; Escape cancels.
 */
export function ConfirmModal(props: ConfirmModalProps) {
  const { opened, title, message, onConfirm, onCancel, loading, confirmColor, labels, ...others } = useProps(
    'ConfirmModal',
    defaultProps,
    props,
  );
  const all = useLabels();
  const text: ConfirmModalLabels = { confirm: all.confirm, cancel: all.cancel, close: all.close, ...labels };
  const cancel = () => {
    if (!loading) onCancel();
  };

  return (
    <Modal
      opened={opened}
      onClose={cancel}
      title={title}
      centered
      closeOnEscape={!loading}
      closeOnClickOutside={!loading}
      closeButtonProps={{ 'aria-label': text.close, disabled: loading }}
      data-loading={loading || undefined}
      {...others}
    >
      <Box>{message}</Box>
      <Group justify="flex-end" gap="sm" mt="lg">
        <Button variant="default" onClick={cancel} disabled={loading} data-autofocus>
          {text.cancel}
        </Button>
        <Button color={confirmColor} onClick={onConfirm} loading={loading}>
          {text.confirm}
        </Button>
      </Group>
    </Modal>
  );
}

ConfirmModal.displayName = '@ccq/forms-admin/ConfirmModal';
