/**
 * Saving what a holder (claim group, user or user group) is granted as ONE operation: its own claims and its claim
 * groups are two calls on the wire, so when the second fails the first is undone (its previous state restored) and
 * the caller learns whether that worked. React-free.
 */
import type { ApiClient } from '../api/client';
import type { ClaimBase, ClaimGrant, ClaimGroupLink, ClaimGroupsChangeRequest, ClaimsChangeRequest } from '../api/types';
import type { ErrorWithFollowUp } from './describe-error';
import type { Labels } from './labels';

/** Who holds the permissions being saved. */
export type PermissionHolderKind = 'claimGroup' | 'user' | 'userGroup';

/** A change of a holder's own claims. */
export interface ClaimsChange {
  /** The holder's claims before the change: what an undo restores. */
  before: readonly ClaimBase[];
  /** Claims to add or update. */
  addUpdate: readonly ClaimBase[];
  /** Claim values to remove. */
  remove: readonly number[];
}

/** A change of the claim groups granted to a holder (the sub-groups of a claim group). */
export interface ClaimGroupsChange {
  add: readonly string[];
  remove: readonly string[];
}

/** Everything one save changes; a part left null (or empty) sends no call. */
export interface PermissionSave {
  holderId: string;
  claims: ClaimsChange | null;
  claimGroups: ClaimGroupsChange | null;
}

/** What the server answered for each part that was sent. */
export interface PermissionSaveResult {
  claims: ClaimGrant[] | null;
  claimGroups: ClaimGroupLink[] | null;
}

/**
 * The claim-group part failed after the claims were saved. `undone` tells whether the claims were restored; `cause` is
 * the claim-group call's error (its problem detail is the reason to show).
 */
export class PermissionSaveError extends Error implements ErrorWithFollowUp {
  readonly followUp: keyof Labels;

  constructor(
    override readonly cause: unknown,
    /** Whether the claims saved first were restored, so nothing changed. */
    readonly undone: boolean,
    /** The undo's own error, when it failed. */
    readonly undoError?: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'PermissionSaveError';
    this.followUp = undone ? 'saveUndone' : 'saveUndoFailed';
  }
}

const hasClaims = (c: ClaimsChange | null): c is ClaimsChange => !!c && c.addUpdate.length + c.remove.length > 0;
const hasGroups = (g: ClaimGroupsChange | null): g is ClaimGroupsChange => !!g && g.add.length + g.remove.length > 0;

/** Whether saving `change` sends anything. */
export function isEmptyPermissionSave(change: PermissionSave): boolean {
  return !hasClaims(change.claims) && !hasGroups(change.claimGroups);
}

/** The change that puts the claims back as they were before `change`. */
export function inverseClaimsChange(change: ClaimsChange): ClaimsChange {
  const before = new Map(change.before.map((c) => [c.claimValue, c]));
  const restore: ClaimBase[] = [];
  const remove: number[] = [];
  for (const claim of change.addUpdate) {
    const old = before.get(claim.claimValue);
    if (old) restore.push(old);
    else remove.push(claim.claimValue);
  }
  for (const value of change.remove) {
    const old = before.get(value);
    if (old) restore.push(old);
  }
  return { before: [], addUpdate: restore, remove };
}

function claimsRequest(holderId: string, change: ClaimsChange): ClaimsChangeRequest {
  return {
    claimSets: [holderId],
    claimBaseToAddUpdate: [...change.addUpdate],
    claimEnumsToRemoveValue: [...change.remove],
    removeExistingUnMentionedClaimBase: false,
  };
}

function claimGroupsRequest(holderId: string, change: ClaimGroupsChange): ClaimGroupsChangeRequest {
  return {
    claimGroupSets: [holderId],
    claimGroupsToAdd: [...change.add],
    claimGroupsToRemove: [...change.remove],
    removeExistingUnMentionedClaimGroups: false,
  };
}

function callsOf(client: ApiClient, kind: PermissionHolderKind) {
  const c = client.claim;
  switch (kind) {
    case 'claimGroup':
      return {
        claims: (b: ClaimsChangeRequest) => c.addRemoveUpdateClaimsToClaimGroupOrClaimGroups(b),
        groups: (b: ClaimGroupsChangeRequest) => c.addRemoveUpdateClaimGroupsToClaimGroupOrClaimGroups(b),
      };
    case 'user':
      return {
        claims: (b: ClaimsChangeRequest) => c.addRemoveUpdateClaimsToAppUserOrUsers(b),
        groups: (b: ClaimGroupsChangeRequest) => c.addRemoveUpdateClaimGroupsToAppUserOrUsers(b),
      };
    case 'userGroup':
      return {
        claims: (b: ClaimsChangeRequest) => c.addRemoveUpdateClaimsToAppUserGroupOrUserGroups(b),
        groups: (b: ClaimGroupsChangeRequest) => c.addRemoveUpdateClaimGroupsToAppUserGroupOrUserGroups(b),
      };
  }
}

/**
 * Saves a holder's claims, then its claim groups. If the claim-group call fails after the claims were saved, the
 * claims are restored and a {@link PermissionSaveError} says whether that worked; a failure of the first call is
 * rethrown as it is (nothing was changed).
 */
export async function savePermissions(
  client: ApiClient,
  kind: PermissionHolderKind,
  change: PermissionSave,
): Promise<PermissionSaveResult> {
  const calls = callsOf(client, kind);
  const result: PermissionSaveResult = { claims: null, claimGroups: null };
  const claims = hasClaims(change.claims) ? change.claims : null;
  if (claims) result.claims = await calls.claims(claimsRequest(change.holderId, claims));
  if (hasGroups(change.claimGroups)) {
    try {
      result.claimGroups = await calls.groups(claimGroupsRequest(change.holderId, change.claimGroups));
    } catch (error) {
      if (!claims) throw error;
      try {
        await calls.claims(claimsRequest(change.holderId, inverseClaimsChange(claims)));
      } catch (undoError) {
        throw new PermissionSaveError(error, false, undoError);
      }
      throw new PermissionSaveError(error, true);
    }
  }
  return result;
}
