import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useApi } from '../../query/APIProvider';
import { holderQueries } from '../../query/holder-queries';
import { fillLabel, type Labels } from '../../query/labels';
import { useCreateClaimGroup, useDeleteClaimGroup, useRenameClaimGroup } from '../../query/mutations';
import { useLabels } from '../../query/useLabels';
import { selectionFromGrants, subGroupIdsOf } from '../PermissionEditor/permission-model';
import { useAdminAccess } from '../shared/access';
import { useCreateGroupForm, useGroupActions, useUnsavedGuard } from '../shared/useGroupControllers';
import { pageListState, searchSource } from '../shared/searchSource';
import { useNameMemory } from '../shared/useNameMemory';
import { changedMessagesFor, usePermissionPanel } from '../shared/usePermissionPanel';

export type { ListState } from '../shared/list-state';

const NO_OPTIONS: readonly never[] = [];

/** Options of {@link useRoleManagement}: the screen's behaviour props. */
export interface RoleManagementOptions {
  /**
   * The claim group chosen when the screen opens (e.g. from the host's route).
   * @default null
   */
  initialGroupId?: string | null;
  /** Called when the chosen claim group changes; `null` when the selection is cleared. */
  onGroupSelected?: (id: string | null) => void;
  /** Overrides of the texts, which otherwise come from the `APIProvider` labels. */
  labels?: Partial<Labels>;
}

/**
 * The headless Role Management screen (docs/spec.md, Screens and routes): everything it renders and every action with its `{ can, reason }`.
 * A created group becomes the chosen one; choosing another group (or renaming, deleting or creating) with unsaved
 * changes asks first; renaming or deleting clears the selection (docs/spec.md, States and transitions).
 *
 * At scale nothing loads every claim group: the picker and the sub-group picker ask the server for one
 * page of matches per search (the sub-group picker only for groups that may become sub-groups, docs/spec.md, Validation rules), and the
 * chosen group alone is loaded with its claims and sub-groups.
 */
export function useRoleManagement({
  initialGroupId = null,
  onGroupSelected,
  labels: overrides,
}: RoleManagementOptions = {}) {
  const labels = useLabels(overrides);
  const access = useAdminAccess(labels);
  const { client } = useApi();
  const [selectedId, setSelectedId] = useState<string | null>(initialGroupId);
  const chosen = useQuery({ ...holderQueries.claimGroup(client, selectedId ?? ''), enabled: selectedId !== null });
  const selected = selectedId !== null && chosen.data?.id.toLowerCase() === selectedId.toLowerCase() ? chosen.data : null;
  const names = useNameMemory();
  // The first page (no search) says whether there are claim groups at all; searching happens inside the pickers.
  const firstPage = useQuery(holderQueries.claimGroupSearch(client, { search: '' }));
  const groups = pageListState(firstPage);
  names.remember(firstPage.data?.list ?? []);
  if (selected) {
    names.remember([selected]);
    names.remember((selected.claimGroupsInClaimGroups ?? []).flatMap((l) => (l.claimGroup ? [l.claimGroup] : [])));
  }

  const select = (id: string | null) => {
    setSelectedId(id);
    onGroupSelected?.(id);
  };

  const granted = useMemo(
    () => ({
      selection: selectionFromGrants(selected?.claimEnumsInClaimGroups),
      groupIds: selected ? subGroupIdsOf(selected) : [],
    }),
    [selected],
  );
  const panel = usePermissionPanel({
    kind: 'claimGroup',
    holderId: selected?.id ?? '',
    granted,
    claimGroupOptions: NO_OPTIONS,
    // Only the groups that may become sub-groups of the chosen one (docs/spec.md, Validation rules), asked of the server.
    claimGroupSearch: searchSource({
      query: (text) => holderQueries.claimGroupSearch(client, { search: text, subGroupCandidatesOf: selected?.id ?? null }),
      enabled: selected !== null,
      names,
      labels,
      failureMessage: labels.failedToLoadClaimGroups,
    }),
    claimGroupsLabel: labels.subClaimGroups,
    groupName: names.nameOf,
    groupDescription: labels.subGroupEntry,
    changedMessages: changedMessagesFor('claimGroup', selected?.name ?? '', labels),
    access,
    enabled: selected !== null,
    labels,
  });
  const unsaved = useUnsavedGuard(selected !== null && panel.dirty, panel.discard);

  // A name another live claim group has is said under the create and rename boxes as it is typed.
  const sameName = { search: (text: string) => holderQueries.claimGroupSearch(client, { search: text }), takenMessage: labels.claimGroupNameTaken };
  const createForm = useCreateGroupForm({
    create: useCreateClaimGroup(),
    ...sameName,
    access: access.manageClaimGroups,
    createdMessage: labels.groupCreatedMessage,
    // The new group is what the user wants to configure next, unless that would drop unsaved changes.
    onCreated: (group) => {
      if (!(selected !== null && panel.dirty)) select(group?.id ?? null);
    },
    labels,
  });

  const actions = useGroupActions({
    group: selected,
    ...sameName,
    rename: useRenameClaimGroup(),
    renameVariables: (group, newGroupName) => ({ newGroupName, currentGroupName: group.name }),
    remove: useDeleteClaimGroup(),
    removeVariables: (group) => ({ groupName: group.name }),
    access: access.manageClaimGroups,
    undeletableReason: (group) =>
      group.builtInGroup ? fillLabel(labels.builtInGroupNotDeletable, { name: group.name }) : undefined,
    renameTitle: labels.renameClaimGroupTitle,
    deleteTitle: labels.deleteClaimGroupTitle,
    deleteMessage: labels.deleteClaimGroupConfirm,
    onDone: () => {
      panel.discard();
      select(null);
    },
    labels,
  });

  return {
    labels,
    access,
    title: labels.roleManagementTitle,
    subtitle: labels.roleManagementSubtitle,
    createForm,
    groups,
    picker: {
      label: labels.claimGroup,
      placeholder: labels.claimGroupPlaceholder,
      /** What the picker offers before it searches (its source answers the searches). */
      options: names.optionsWith(firstPage.data?.list ?? [], selectedId),
      source: searchSource({
        query: (text) => holderQueries.claimGroupSearch(client, { search: text }),
        names,
        labels,
        failureMessage: labels.failedToLoadClaimGroups,
        chosenId: selectedId,
      }),
      value: selectedId,
      onChange: (id: string | null) => {
        if (id !== selectedId) unsaved.guard(() => select(id));
      },
    },
    actions: {
      ...actions,
      rename: { ...actions.rename, open: () => unsaved.guard(actions.rename.open) },
      remove: { ...actions.remove, open: () => unsaved.guard(actions.remove.open) },
    },
    selected,
    /** The 'Configure Role' panel of the chosen group, or null. */
    panel: selected ? panel : null,
    panelTitle: selected ? fillLabel(labels.labelForColon, { label: labels.configureRole, name: selected.name }) : '',
    unsaved: {
      prompt: unsaved.prompt,
      message: fillLabel(labels.unsavedChangesMessage, { name: selected?.name ?? '' }),
    },
  };
}

/** What {@link useRoleManagement} returns: everything {@link RoleManagementView} renders. */
export type RoleManagementController = ReturnType<typeof useRoleManagement>;
