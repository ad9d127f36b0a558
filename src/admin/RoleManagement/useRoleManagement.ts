import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { ClaimGroup } from '../../api/types';
import { useApi } from '../../query/APIProvider';
import { holderQueries } from '../../query/holder-queries';
import { fillLabel, type Labels } from '../../query/labels';
import { useCreateClaimGroup, useDeleteClaimGroup, useRenameClaimGroup } from '../../query/mutations';
import { useLabels } from '../../query/useLabels';
import { selectionFromGrants, subGroupIdsOf } from '../PermissionEditor/permission-model';
import { useAdminAccess } from '../shared/access';
import { pickerSearchOf } from '../shared/picker-search';
import { useCreateGroupForm, useGroupActions, useUnsavedGuard } from '../shared/useGroupControllers';
import { useHolderSearch } from '../shared/useHolderSearch';
import { useNameMemory } from '../shared/useNameMemory';
import { changedMessagesFor, usePermissionPanel } from '../shared/usePermissionPanel';

export type { ListState } from '../shared/list-state';

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
 * The headless Role Management screen (spec §2): everything it renders and every action with its `{ can, reason }`.
 * A created group becomes the chosen one; choosing another group (or renaming, deleting or creating) with unsaved
 * changes asks first; renaming or deleting clears the selection (spec §4).
 *
 * At scale (issue 10 #6) nothing loads every claim group: the picker and the sub-group picker ask the server for one
 * page of matches per search (the sub-group picker only for groups that may become sub-groups, spec §5), and the
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
  const search = useHolderSearch({
    query: (text) => holderQueries.claimGroupSearch(client, { search: text }),
    chosenLabel: selectedId === null ? null : names.nameOf(selectedId),
  });
  const subGroupSearch = useHolderSearch({
    query: (text) => holderQueries.claimGroupSearch(client, { search: text, subGroupCandidatesOf: selected?.id ?? null }),
    enabled: selected !== null,
  });
  names.remember(search.rows);
  names.remember(subGroupSearch.rows);
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
  const subGroupOptions = useMemo(
    () => subGroupSearch.rows.filter((g) => g.id !== selected?.id).map((g) => ({ value: g.id, label: g.name })),
    [subGroupSearch.rows, selected],
  );
  const panel = usePermissionPanel({
    kind: 'claimGroup',
    holderId: selected?.id ?? '',
    granted,
    claimGroupOptions: subGroupOptions,
    claimGroupSearch: pickerSearchOf(subGroupSearch, labels),
    claimGroupsLabel: labels.subClaimGroups,
    groupName: names.nameOf,
    groupDescription: labels.subGroupEntry,
    changedMessages: changedMessagesFor('claimGroup', selected?.name ?? '', labels),
    access,
    enabled: selected !== null,
    labels,
  });
  const unsaved = useUnsavedGuard(selected !== null && panel.dirty, panel.discard);

  const createForm = useCreateGroupForm<ClaimGroup>({
    create: useCreateClaimGroup(),
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
    groups: search.list,
    /** Why the picker's current search failed ('Failed to load claim groups. Please try again.'), else null. */
    searchError: search.error,
    retrySearch: search.retry,
    picker: {
      label: labels.claimGroup,
      placeholder: labels.claimGroupPlaceholder,
      options: names.optionsWith(search.rows, selectedId, search.matching),
      search: pickerSearchOf(search, labels),
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
    panelTitle: selected ? `${labels.configureRole}: ${selected.name}` : '',
    unsaved: {
      prompt: unsaved.prompt,
      message: fillLabel(labels.unsavedChangesMessage, { name: selected?.name ?? '' }),
    },
  };
}

/** What {@link useRoleManagement} returns: everything {@link RoleManagementView} renders. */
export type RoleManagementController = ReturnType<typeof useRoleManagement>;
