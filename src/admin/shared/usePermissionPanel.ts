import { useMemo, useState } from 'react';
import type { ClaimBase, ClaimGroupLink } from '../../api/types';
import { fillLabel, type Labels } from '../../query/labels';
import { useSavePermissions } from '../../query/mutations';
import type { PermissionHolderKind } from '../../query/permission-save';
import type { ActionAccess } from '../../ui/ActionButton';
import { isCompleteSelection, PRIORITY_MAX, PRIORITY_MIN, selectionFromGrants, type SelectedClaim } from '../PermissionEditor/permission-model';
import { usePermissionEditor, type ClaimGroupOption } from '../PermissionEditor/usePermissionEditor';
import { useClaimCatalogue } from '../PermissionEditor/usePermissionCatalogue';
import { allOf, isDenied, unless, type AdminAccess } from './access';
import {
  changedParts,
  describeClaim,
  hasChanges,
  permissionChangeEntries,
  permissionChanges,
  permissionSaveOf,
  type PermissionChangeEntries,
  type PermissionState,
} from './permission-changes';
import type { PickerSearchSource } from './picker-search';
import { useKeyedState } from './useKeyedState';
import { accessChangesOf, useOwnAdminCheck } from './useOwnAdminCheck';

/** The live claim group ids of a holder's links as the server answered them. */
function liveIds(links: readonly ClaimGroupLink[]): string[] {
  return links.filter((l) => !l.isDeleted).map((l) => l.recordId);
}

/** The result dialog's messages of a holder, by what a save changed. */
export interface ChangedMessages {
  /** When the holder's own claims changed, e.g. the spec's "Claims successfully added to, removed from or updated for …". */
  claims: string;
  /** When its claim groups (sub-groups) changed. */
  groups: string;
}

export interface PermissionPanelOptions {
  kind: PermissionHolderKind;
  /** The holder's id; the selection starts afresh from `granted` when it (or `resetKey`) changes. */
  holderId: string;
  /** What identifies the holder when ids of different kinds may meet; `holderId` when omitted. */
  resetKey?: string;
  /** What the holder has; the selection starts from it and a save sends the difference. */
  granted: PermissionState;
  /** The claim groups the holder may be given (not used with a `claimGroupSearch`). */
  claimGroupOptions: readonly ClaimGroupOption[];
  /** The server search behind the claim-group picker; without it the picker filters the options itself. */
  claimGroupSearch?: PickerSearchSource;
  /** Label of the claim-group picker. */
  claimGroupsLabel: string;
  /** The name of a claim group id in the result dialog. */
  groupName: (id: string) => string;
  /** Description of an added or removed claim group in the result dialog. */
  groupDescription: string;
  /** The result dialog's messages, placeholders filled. */
  changedMessages: ChangedMessages;
  /** What the signed-in user may do. */
  access: AdminAccess;
  /**
   * Whether a holder is chosen; while not, nothing is loaded.
   * @default true
   */
  enabled?: boolean;
  labels: Labels;
}

/** The result dialog after a successful save. */
export interface PermissionResult extends PermissionChangeEntries {
  /** The sentence above the lists, or undefined when nothing changed. */
  message?: string;
}

/**
 * The headless permission panel of one holder: the editor, 'Clear All' with its confirmation, 'Save Changes' (one
 * mutation; disabled while nothing changed, while a priority is empty, or without the claims to assign), the warning
 * before removing one's own administrator access, the save error and the result dialog.
 */
export function usePermissionPanel({
  kind,
  holderId,
  resetKey = holderId,
  granted,
  claimGroupOptions,
  claimGroupSearch,
  claimGroupsLabel,
  groupName,
  groupDescription,
  changedMessages,
  access,
  enabled = true,
  labels,
}: PermissionPanelOptions) {
  const [draft, setDraft] = useKeyedState<{ selection: readonly SelectedClaim[]; groupIds: readonly string[] } | null>(
    resetKey,
    null,
  );
  const [confirmClear, setConfirmClear] = useState(false);
  const [confirmOwnAdmin, setConfirmOwnAdmin] = useState(false);
  const [result, setResult] = useState<PermissionResult | null>(null);
  const save = useSavePermissions(kind);
  const removesOwnAdmin = useOwnAdminCheck();
  const [checking, setChecking] = useState(false);
  const catalogue = useClaimCatalogue(enabled);

  const selection = draft?.selection ?? granted.selection;
  const groupIds = draft?.groupIds ?? granted.groupIds;
  const complete = isCompleteSelection(selection);
  const changes = useMemo(
    () => (complete ? permissionChanges(granted, { selection: selection as readonly ClaimBase[], groupIds }) : null),
    [complete, granted, selection, groupIds],
  );
  const parts = changes ? changedParts(changes) : { claims: draft !== null, groups: false };
  const dirty = changes ? hasChanges(changes) : true;

  const editor = usePermissionEditor({
    value: selection,
    onChange: (next) => setDraft({ selection: next, groupIds }),
    claimGroupOptions,
    claimGroupSearch,
    claimGroupLabel: groupName,
    claimGroupIds: groupIds,
    onClaimGroupIdsChange: (ids) => setDraft({ selection, groupIds: ids }),
    claimGroupsLabel,
    claimsAccess: access.assignClaims,
    claimGroupsAccess: access.assignClaimGroups,
    resetKey,
    enabled,
    labels,
  });

  const saveAccess: ActionAccess = allOf(
    unless(!dirty, labels.nothingToSave),
    unless(!complete, fillLabel(labels.priorityMissing, { min: PRIORITY_MIN, max: PRIORITY_MAX })),
    parts.claims ? access.assignClaims : { can: true },
    parts.groups ? access.assignClaimGroups : { can: true },
  );
  const clearAccess: ActionAccess = allOf(
    access.assignClaims,
    access.assignClaimGroups,
    unless(selection.length === 0 && groupIds.length === 0, labels.nothingToClear),
  );

  const keyOf = (value: number) => catalogue.byValue.get(value)?.key ?? `#${value}`;
  const send = () => {
    if (!changes) return;
    const before = granted;
    save.mutate(permissionSaveOf(holderId, before, changes), {
      onSuccess: (answer) => {
        // The dialog lists what the server says the holder has now against what it had (docs/decisions.md, Contract details), so a change
        // the server did not make (e.g. someone else made it first) is not reported as made.
        const after: PermissionState = {
          selection: answer.claims ? selectionFromGrants(answer.claims) : before.selection,
          groupIds: answer.claimGroups ? liveIds(answer.claimGroups) : before.groupIds,
        };
        const made = permissionChanges(before, after);
        const madeParts = changedParts(made);
        const entries = permissionChangeEntries(made, {
          keyOf,
          groupName,
          groupDescription,
          describe: (claim) => describeClaim(claim, labels),
        });
        const sentences = [madeParts.claims && changedMessages.claims, madeParts.groups && changedMessages.groups];
        setDraft(null);
        setResult({ ...entries, message: sentences.filter(Boolean).join(' ') || undefined });
      },
    });
  };

  return {
    labels,
    editor,
    /** Whether the selection differs from what the holder has. */
    dirty,
    /** Forgets the unsaved selection. */
    discard: () => setDraft(null),
    save: {
      ...saveAccess,
      pending: save.isPending || checking,
      run: () => {
        if (!saveAccess.can || save.isPending || checking || !changes) return;
        save.reset();
        setChecking(true);
        // Before a change that takes the user's own administrator access away, ask.
        void removesOwnAdmin(accessChangesOf(kind, permissionSaveOf(holderId, granted, changes))).then((removes) => {
          setChecking(false);
          if (removes) setConfirmOwnAdmin(true);
          else send();
        });
      },
      error: save.error,
      dismissError: () => save.reset(),
    },
    clear: {
      ...clearAccess,
      run: () => {
        if (clearAccess.can) setConfirmClear(true);
      },
    },
    clearConfirm: {
      opened: confirmClear,
      confirm: () => {
        setDraft({ selection: [], groupIds: [] });
        setConfirmClear(false);
      },
      cancel: () => setConfirmClear(false),
    },
    ownAdminConfirm: {
      opened: confirmOwnAdmin,
      confirm: () => {
        setConfirmOwnAdmin(false);
        send();
      },
      cancel: () => setConfirmOwnAdmin(false),
    },
    result,
    closeResult: () => setResult(null),
    /** Why the user may only look: the first of the two assign claims they lack, if any. */
    readOnlyReason:
      isDenied(access.assignClaims) && isDenied(access.assignClaimGroups) ? access.assignClaims.reason : undefined,
  };
}

/** What {@link usePermissionPanel} returns. */
export type PermissionPanelController = ReturnType<typeof usePermissionPanel>;

/** The result dialog's message for a claim group, user or user group named `name`. */
export function changedMessagesFor(kind: PermissionHolderKind, name: string, labels: Labels): ChangedMessages {
  const [claims, groups] =
    kind === 'claimGroup'
      ? [labels.claimsChangedMessage, labels.subGroupsChangedMessage]
      : kind === 'user'
        ? [labels.userClaimsChangedMessage, labels.userClaimGroupsChangedMessage]
        : [labels.userGroupClaimsChangedMessage, labels.userGroupClaimGroupsChangedMessage];
  return { claims: fillLabel(claims, { name }), groups: fillLabel(groups, { name }) };
}
