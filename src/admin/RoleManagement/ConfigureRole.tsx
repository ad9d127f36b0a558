import { problemDetailOf } from '../../api/problem-details';
import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import type { ClaimBase, ClaimGroup } from '../../api/types';
import {
  useAddRemoveUpdateClaimGroupsToClaimGroupOrClaimGroups,
  useAddRemoveUpdateClaimsToClaimGroupOrClaimGroups,
} from '../../query/mutations';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { ResultDialog, type ResultDialogEntry } from '../../ui/ResultDialog';
import { fillLabel, type AdminLabels } from '../admin-labels';
import { PermissionEditor } from '../PermissionEditor/PermissionEditor';
import {
  diffIds,
  diffPermissions,
  selectionFromGrants,
  subGroupCandidates,
  subGroupIdsOf,
} from '../PermissionEditor/permission-model';
import { useClaimCatalogue } from '../PermissionEditor/usePermissionCatalogue';

export interface ConfigureRoleProps {
  /** The claim group being configured. */
  group: ClaimGroup;
  /** Every claim group, for the sub-group picker. */
  groups: readonly ClaimGroup[];
  labels: AdminLabels;
}

interface SaveResult {
  added: ResultDialogEntry[];
  removed: ResultDialogEntry[];
  updated: ResultDialogEntry[];
}

/**
 * The 'Configure Role' panel of one claim group: sub-claim groups, permission categories and individual permissions.
 * The selection is local until 'Save Changes'; a failed save keeps it.
 */
export function ConfigureRole({ group, groups, labels }: ConfigureRoleProps) {
  const headingId = useId();
  const [selection, setSelection] = useState<ClaimBase[]>(() => selectionFromGrants(group.claimEnumsInClaimGroups));
  const [subGroupIds, setSubGroupIds] = useState<string[]>(() => subGroupIdsOf(group));
  const [confirmClear, setConfirmClear] = useState(false);
  const [result, setResult] = useState<SaveResult | null>(null);
  const [saveError, setSaveError] = useState<Error | null>(null);
  const [saving, setSaving] = useState(false);
  const catalogue = useClaimCatalogue();
  const saveClaims = useAddRemoveUpdateClaimsToClaimGroupOrClaimGroups();
  const saveGroups = useAddRemoveUpdateClaimGroupsToClaimGroupOrClaimGroups();

  const options = useMemo(
    () => subGroupCandidates(groups, group.id).map((g) => ({ value: g.id, label: g.name })),
    [groups, group.id],
  );
  const nameOf = (id: string) => groups.find((g) => g.id === id)?.name ?? id;
  const keyOf = (value: number) => catalogue.byValue.get(value)?.key ?? `#${value}`;
  const describe = (c: ClaimBase) =>
    `${labels.priority.toLowerCase()} ${c.priorityOfPermission}, ${c.allow ? labels.allowed : labels.denied}`;

  const save = async () => {
    const claims = diffPermissions(selectionFromGrants(group.claimEnumsInClaimGroups), selection);
    const subs = diffIds(subGroupIdsOf(group), subGroupIds);
    setSaving(true);
    setSaveError(null);
    try {
      if (claims.toAddUpdate.length > 0 || claims.toRemove.length > 0) {
        await saveClaims.mutateAsync({
          claimSets: [group.id],
          claimBaseToAddUpdate: claims.toAddUpdate,
          claimEnumsToRemoveValue: claims.toRemove,
          removeExistingUnMentionedClaimBase: false,
        });
      }
      if (subs.toAdd.length > 0 || subs.toRemove.length > 0) {
        await saveGroups.mutateAsync({
          claimGroupSets: [group.id],
          claimGroupsToAdd: subs.toAdd,
          claimGroupsToRemove: subs.toRemove,
          removeExistingUnMentionedClaimGroups: false,
        });
      }
      const subEntry = (id: string): ResultDialogEntry => ({
        key: `group:${id}`,
        label: nameOf(id),
        description: labels.subGroupEntry,
      });
      setResult({
        added: [
          ...claims.added.map((c) => ({ key: c.claimValue, label: keyOf(c.claimValue), description: describe(c) })),
          ...subs.toAdd.map(subEntry),
        ],
        removed: [
          ...claims.removed.map((c) => ({ key: c.claimValue, label: keyOf(c.claimValue) })),
          ...subs.toRemove.map(subEntry),
        ],
        updated: claims.updated.map(({ before, after }) => ({
          key: after.claimValue,
          label: keyOf(after.claimValue),
          description: `${describe(before)} → ${describe(after)}`,
        })),
      });
    } catch (error) {
      setSaveError(error instanceof Error ? error : new Error(String(error)));
    } finally {
      setSaving(false);
    }
  };

  const changed = result !== null && result.added.length + result.removed.length + result.updated.length > 0;

  return (
    <Paper component="section" aria-labelledby={headingId} withBorder p="md" radius="md">
      <Stack gap="lg">
        <Group justify="space-between" align="center">
          <Title order={2} size="h3" id={headingId}>
            {labels.configureRole}: {group.name}
          </Title>
          <Group gap="sm">
            <Button variant="default" onClick={() => setConfirmClear(true)}>
              {labels.clearAll}
            </Button>
            <Button onClick={() => void save()} loading={saving}>
              {labels.saveChanges}
            </Button>
          </Group>
        </Group>
        {saveError && <ErrorAlert
            message={saveError.message}
            title={problemDetailOf(saveError)}
            withCloseButton
            onClose={() => setSaveError(null)}
          />}
        <PermissionEditor
          value={selection}
          onChange={setSelection}
          claimGroupOptions={options}
          claimGroupIds={subGroupIds}
          onClaimGroupIdsChange={setSubGroupIds}
          claimGroupsLabel={labels.subClaimGroups}
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
          setSubGroupIds([]);
          setConfirmClear(false);
        }}
      />
      <ResultDialog
        opened={result !== null}
        onClose={() => setResult(null)}
        title={labels.permissionChangesTitle}
        message={changed ? fillLabel(labels.claimsChangedMessage, { name: group.name }) : undefined}
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
