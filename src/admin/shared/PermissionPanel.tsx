import { Button, Group, Paper, Stack } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { problemDetailOf } from '../../api/problem-details';
import type { ClaimBase } from '../../api/types';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { ResultDialog } from '../../ui/ResultDialog';
import type { AdminLabels } from '../admin-labels';
import { PermissionEditor, type ClaimGroupOption } from '../PermissionEditor/PermissionEditor';
import { useClaimCatalogue } from '../PermissionEditor/usePermissionCatalogue';
import { describeClaim, hasEntries, permissionChanges, type PermissionState } from './permission-changes';
import { usePermissionSave, type PermissionSaveOptions } from './usePermissionSave';

export interface PermissionPanelProps extends PermissionSaveOptions {
  /** Id(s) of what names the panel's section. */
  labelledBy: string;
  /** Value of the section's `data-holder` attribute; none when omitted. */
  dataHolder?: string;
  /** The left side of the header row, e.g. the panel's title. */
  heading: ReactNode;
  /** What the holder has; the selection starts from it and a save sends the difference. */
  granted: PermissionState;
  /** The claim groups the holder may be given. */
  claimGroupOptions: readonly ClaimGroupOption[];
  /** Label of the claim-group picker. */
  claimGroupsLabel: string;
  /** The name of a claim group id in the result dialog. */
  groupName: (id: string) => string;
  /** Description of an added or removed claim group in the result dialog. */
  groupDescription: string;
  /** The result dialog's message when the save changed anything. */
  changedMessage: string;
  /** Label of the save error's close button; none when omitted. */
  saveErrorCloseLabel?: string;
  /** Shown between the save error and the editor, e.g. a load error. */
  children?: ReactNode;
  labels: AdminLabels;
}

/**
 * A permission panel: header with 'Clear All' and 'Save Changes', the permission editor, the 'Clear All' confirmation
 * and the result dialog. The selection is local until 'Save Changes'; a failed save keeps it.
 */
export function PermissionPanel({
  labelledBy,
  dataHolder,
  heading,
  holderId,
  saveClaims,
  saveGroups,
  granted,
  claimGroupOptions,
  claimGroupsLabel,
  groupName,
  groupDescription,
  changedMessage,
  saveErrorCloseLabel,
  children,
  labels,
}: PermissionPanelProps) {
  const [selection, setSelection] = useState<readonly ClaimBase[]>(granted.selection);
  const [groupIds, setGroupIds] = useState<readonly string[]>(granted.groupIds);
  const [confirmClear, setConfirmClear] = useState(false);
  const catalogue = useClaimCatalogue();
  const { save, saving, saveError, clearSaveError, result, closeResult } = usePermissionSave({
    holderId,
    saveClaims,
    saveGroups,
  });

  const onSave = () =>
    save(permissionChanges(granted, { selection, groupIds }), {
      keyOf: (value) => catalogue.byValue.get(value)?.key ?? `#${value}`,
      groupName,
      groupDescription,
      describe: (claim) => describeClaim(claim, labels),
    });

  return (
    <Paper component="section" aria-labelledby={labelledBy} data-holder={dataHolder} withBorder p="md" radius="md">
      <Stack gap="lg">
        <Group justify="space-between" align="center">
          {heading}
          <Group gap="sm">
            <Button variant="default" onClick={() => setConfirmClear(true)}>
              {labels.clearAll}
            </Button>
            <Button onClick={() => void onSave()} loading={saving}>
              {labels.saveChanges}
            </Button>
          </Group>
        </Group>
        {saveError && (
          <ErrorAlert
            message={saveError.message}
            title={problemDetailOf(saveError)}
            withCloseButton
            closeButtonLabel={saveErrorCloseLabel}
            onClose={clearSaveError}
          />
        )}
        {children}
        <PermissionEditor
          value={selection}
          onChange={setSelection}
          claimGroupOptions={claimGroupOptions}
          claimGroupIds={groupIds}
          onClaimGroupIdsChange={setGroupIds}
          claimGroupsLabel={claimGroupsLabel}
          labels={labels}
        />
      </Stack>
      <ConfirmModal
        opened={confirmClear}
        title={labels.clearAllTitle}
        message={labels.clearAllConfirm}
        labels={{ confirm: labels.clearAll, cancel: labels.cancel, close: labels.close }}
        onCancel={() => setConfirmClear(false)}
        onConfirm={() => {
          setSelection([]);
          setGroupIds([]);
          setConfirmClear(false);
        }}
      />
      <ResultDialog
        opened={result !== null}
        onClose={closeResult}
        title={labels.permissionChangesTitle}
        message={result !== null && hasEntries(result) ? changedMessage : undefined}
        added={result?.added}
        removed={result?.removed}
        updated={result?.updated}
        labels={{
          added: labels.added,
          removed: labels.removed,
          updated: labels.updated,
          noChanges: labels.noPermissionChanges,
          close: labels.close,
        }}
      />
    </Paper>
  );
}
