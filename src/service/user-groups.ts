/**
 * Deleting an application user group (`DeleteAppUserGroup` of docs/spec.md, Calls): the group goes with its
 * memberships, claims and claim group links, and the users it reached are told their claims changed. Written once for
 * both backends against {@link UserGroupRemovalStore} (the fake: src/testing/claims-model.ts; the server:
 * example-host/server/routes/user-groups.ts). The access guards run here, first.
 */
import { userGroupNotFound } from '../domain';
import { guardAccess, type HolderStore } from './holders';

/** The reads and writes removing a user group needs; every method works inside the caller's transaction. */
export interface UserGroupRemovalStore extends Pick<HolderStore, 'holderNames' | 'claimsChanged' | 'accessModel'> {
  /** Removes the user group with its memberships, grants and claim group links. */
  removeUserGroup(userGroupId: string): Promise<void>;
}

/**
 * Removes the live user group `userGroupId` (409 when the access guards refuse, 404 when there is none); its members, looked up before they leave, are
 * told their claims changed.
 */
export async function removeUserGroup(ports: { store: UserGroupRemovalStore }, userGroupId: string): Promise<void> {
  const { store } = ports;
  await guardAccess(store, { type: 'deleteUserGroup', userGroupId });
  if (!(await store.holderNames('userGroup', [userGroupId])).has(userGroupId)) throw userGroupNotFound(userGroupId);
  await store.claimsChanged('userGroup', [userGroupId]);
  await store.removeUserGroup(userGroupId);
}
