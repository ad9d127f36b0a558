import { Alert, Group, Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Labels } from '../../query/labels';
import { ActionButton } from '../../ui/ActionButton';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { ResultDialog } from '../../ui/ResultDialog';
import { PermissionEditorView } from '../PermissionEditor/PermissionEditor';
import { dialogStyles, type PartStyles } from './GroupViews';
import type { PermissionPanelController } from './usePermissionPanel';

export interface PermissionPanelViewProps {
  panel: PermissionPanelController;
  /** Id(s) of what names the panel's section. */
  labelledBy: string;
  /** Value of the section's `data-holder` attribute; none when omitted. */
  dataHolder?: string;
  /** The left side of the header row, e.g. the panel's title. */
  heading: ReactNode;
  /** Shown between the save error and the editor, e.g. a load error. */
  children?: ReactNode;
  part?: PartStyles;
  editorPart?: PartStyles;
  dialogPart?: PartStyles;
  labels: Labels;
}

/**
 * Renders a permission panel: header with 'Clear All' and 'Save Changes', the editor, the confirmations and the
 * result dialog, which gives the focus back to 'Save Changes' when it closes.
 */
export function PermissionPanelView({
  panel,
  labelledBy,
  dataHolder,
  heading,
  children,
  part,
  editorPart,
  dialogPart,
  labels,
}: PermissionPanelViewProps) {
  const { save, clear, result } = panel;
  return (
    <Paper
      component="section"
      aria-labelledby={labelledBy}
      data-holder={dataHolder}
      data-dirty={panel.dirty || undefined}
      withBorder
      p="md"
      radius="md"
      className={part?.className}
      style={part?.style}
    >
      <Stack gap="lg">
        <Group justify="space-between" align="center" gap="sm">
          {heading}
          <Group gap="sm">
            <ActionButton variant="default" access={clear} onClick={clear.run}>
              {labels.clearAll}
            </ActionButton>
            <ActionButton access={save} loading={save.pending} onClick={save.run}>
              {labels.saveChanges}
            </ActionButton>
          </Group>
        </Group>
        {panel.readOnlyReason && (
          <Alert color="gray" variant="light" data-read-only>
            {panel.readOnlyReason}
          </Alert>
        )}
        {save.error && (
          <ErrorAlert
            title={labels.saveChangesFailed}
            error={save.error}
            withCloseButton
            closeButtonLabel={labels.close}
            onClose={save.dismissError}
          />
        )}
        {children}
        <PermissionEditorView editor={panel.editor} className={editorPart?.className} style={editorPart?.style} />
      </Stack>
      <ConfirmModal
        opened={panel.clearConfirm.opened}
        title={labels.clearAllTitle}
        message={labels.clearAllConfirm}
        labels={{ confirm: labels.clearAll }}
        onCancel={panel.clearConfirm.cancel}
        onConfirm={panel.clearConfirm.confirm}
        {...dialogStyles(dialogPart)}
      />
      <ConfirmModal
        opened={panel.ownAdminConfirm.opened}
        title={labels.removeOwnAdminTitle}
        message={labels.removeOwnAdminMessage}
        labels={{ confirm: labels.removeOwnAdminConfirm }}
        onCancel={panel.ownAdminConfirm.cancel}
        onConfirm={panel.ownAdminConfirm.confirm}
        {...dialogStyles(dialogPart)}
      />
      <ResultDialog
        opened={result !== null}
        onClose={panel.closeResult}
        title={labels.permissionChangesTitle}
        message={result?.message}
        added={result?.added}
        removed={result?.removed}
        updated={result?.updated}
        {...dialogStyles(dialogPart)}
      />
    </Paper>
  );
}
