import { Badge, Button, Group, Switch, type BoxProps } from '@mantine/core';
import { fillLabel, type Labels } from '../../query/labels';
import { ConfirmModal } from '../../ui/ConfirmModal';
import type { DeleteActionsController, DeleteTarget } from './useDeleteActions';

/** Props of {@link DeleteConfirmDialog}. */
export interface DeleteConfirmDialogProps {
  controller: DeleteActionsController;
  labels: Labels;
  /** Class name of the dialog (a screen's `dialog` Styles API part). */
  className?: string;
}

/** The confirmation of 'Delete' and 'Delete permanently': says what happens and what goes with the row. */
export function DeleteConfirmDialog({ controller, labels, className }: DeleteConfirmDialogProps) {
  const c = controller.confirmation;
  return (
    <ConfirmModal
      opened={c !== null}
      title={c?.title}
      message={c?.message}
      onConfirm={controller.confirm}
      onCancel={controller.cancel}
      loading={c !== null && controller.runningId === c.target.id}
      labels={{ confirm: c?.confirmLabel ?? labels.delete, cancel: labels.cancel, close: labels.close }}
      className={className}
    />
  );
}
DeleteConfirmDialog.displayName = '@ccq/forms-admin/DeleteConfirmDialog';

/** Props of {@link RowDeleteActions}. */
export interface RowDeleteActionsProps {
  controller: DeleteActionsController;
  target: DeleteTarget;
  /** Whether the row is soft-deleted (it shows, marked, in the 'Show deleted' view). */
  deleted: boolean;
  labels: Labels;
}

/**
 * A row's delete buttons, each only with its claims: 'Delete' on a live row; 'Restore' and 'Delete permanently' on a
 * soft-deleted one. Each button names its row for screen readers ('Delete Loan Application').
 */
export function RowDeleteActions({ controller, target, deleted, labels }: RowDeleteActionsProps) {
  const { access } = controller;
  const busy = controller.runningId === target.id;
  const disabled = controller.runningId !== null;
  if (!deleted)
    return access.delete ? (
      <Button
        size="compact-sm"
        variant="subtle"
        color="red"
        aria-label={fillLabel(labels.labelFor, { label: labels.delete, name: target.name })}
        disabled={disabled}
        onClick={() => controller.request('delete', target)}
      >
        {labels.delete}
      </Button>
    ) : null;
  return (
    <Group gap={4} wrap="nowrap">
      {access.restore && (
        <Button
          size="compact-sm"
          variant="subtle"
          aria-label={fillLabel(labels.labelFor, { label: labels.restore, name: target.name })}
          loading={busy && controller.confirmation === null}
          disabled={disabled && !busy}
          onClick={() => controller.request('restore', target)}
        >
          {labels.restore}
        </Button>
      )}
      {access.deletePermanently && (
        <Button
          size="compact-sm"
          variant="subtle"
          color="red"
          aria-label={fillLabel(labels.labelFor, { label: labels.deletePermanently, name: target.name })}
          disabled={disabled}
          onClick={() => controller.request('deletePermanently', target)}
        >
          {labels.deletePermanently}
        </Button>
      )}
    </Group>
  );
}
RowDeleteActions.displayName = '@ccq/forms-admin/RowDeleteActions';

/** Props of {@link ShowDeletedToggle}. */
export interface ShowDeletedToggleProps extends BoxProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  labels: Labels;
}

/**
 * The 'Show deleted' switch: the list then shows every row, the soft-deleted ones marked ({@link DeletedBadge}) with
 * 'Restore' and 'Delete permanently'; a row restored meanwhile stays in view, unmarked.
 */
export function ShowDeletedToggle({ checked, onChange, labels, ...others }: ShowDeletedToggleProps) {
  return (
    <Switch
      label={labels.showDeleted}
      checked={checked}
      onChange={(event) => onChange(event.currentTarget.checked)}
      {...others}
    />
  );
}
ShowDeletedToggle.displayName = '@ccq/forms-admin/ShowDeletedToggle';

/** Props of {@link DeletedBadge}. */
export interface DeletedBadgeProps {
  labels: Labels;
}

/** The mark of a soft-deleted row in the 'Show deleted' view: the word 'Deleted' (a text, not a colour alone). */
export function DeletedBadge({ labels }: DeletedBadgeProps) {
  return (
    <Badge size="sm" variant="outline" color="gray" style={{ flexShrink: 0 }}>
      {labels.deletedBadge}
    </Badge>
  );
}
DeletedBadge.displayName = '@ccq/forms-admin/DeletedBadge';
