import { Permission, type ButtonClaimKey, type PermissionKey } from '../../api/enums';
import type { CrudEntityName } from '../../api/types';
import { satisfies } from '../../domain/access';
import { routeRule } from '../../contract/route-access';
import { useMyClaims } from '../../permissions/useMyClaims';
import type { ClaimName } from '../../permissions/useCan';

/** A forms entity that the lists delete, restore and delete permanently. */
export type FormsEntity = CrudEntityName;

/** What one of the delete actions of a list does. */
export type DeleteAction = 'delete' | 'restore' | 'deletePermanently';

/**
 * The `/api/crud/{entity}/…` call each action makes: 'Delete' marks the row deleted, 'Restore' patches
 * `isDeleted: false` back, 'Delete permanently' removes it.
 */
const ACTION_ROUTES: Readonly<Record<DeleteAction, readonly [method: string, call: string]>> = {
  delete: ['PATCH', 'softdelete'],
  restore: ['PATCH', 'patch'],
  deletePermanently: ['DELETE', 'delete'],
};

/** The button claim that shows an entity's delete buttons, where the spec has one (schemas have none). */
export const DELETE_BUTTON_CLAIMS: Readonly<Record<FormsEntity, ButtonClaimKey | null>> = {
  form: 'DeleteForm_AllowRead',
  formgroup: 'DeleteFormGroup_AllowRead',
  forminstance: 'DeleteFormInstance_AllowRead',
  formschema: null,
};

const PERMISSION_KEYS = new Map<number, PermissionKey>(
  (Object.entries(Permission) as [PermissionKey, number][]).map(([key, value]) => [value, key]),
);

/**
 * The server claim an action needs on an entity, read from the domain's route table (the one the server mounts its
 * routes with and the fake enforces): `…_MarkDeleted`, `…_Update` or `…_Delete`.
 */
export function serverClaimOf(entity: FormsEntity, action: DeleteAction): PermissionKey {
  const [method, call] = ACTION_ROUTES[action];
  const claim = routeRule(method, `/api/crud/${entity}/${call}`)?.claim;
  const key = typeof claim === 'number' ? PERMISSION_KEYS.get(claim) : undefined;
  // A programming error, caught by the tests: every CRUD route is in the table with a server claim.
  if (!key) throw new Error(`The route table has no server claim for ${method} /api/crud/${entity}/${call}.`);
  return key;
}

/**
 * The claims an action's button needs: the server claim of its call, and for 'Delete' and 'Delete permanently' the
 * entity's delete button claim too (`DeleteForm`, `DeleteFormGroup`, `DeleteFormInstance`).
 */
export function claimsOfAction(entity: FormsEntity, action: DeleteAction): readonly ClaimName[] {
  const button = action === 'restore' ? null : DELETE_BUTTON_CLAIMS[entity];
  return button ? [button, serverClaimOf(entity, action)] : [serverClaimOf(entity, action)];
}

/** Which delete actions the signed-in user may take on an entity's rows. */
export interface DeleteAccess {
  delete: boolean;
  restore: boolean;
  deletePermanently: boolean;
  /** Whether the user may see the 'Show deleted' view: only those who may restore see soft-deleted rows. */
  showDeleted: boolean;
  /** True while the user's claims load (every action is false meanwhile). */
  loading: boolean;
}

/** A check of any claims by key against the signed-in user's claims (GlobalDataAdmin satisfies every claim). */
export function useClaimCheck(): { holds: (...claims: readonly ClaimName[]) => boolean; loading: boolean } {
  const mine = useMyClaims();
  const globalDataAdmin = mine.numbersByKey.get('GlobalDataAdmin');
  const holds = (...claims: readonly ClaimName[]) =>
    !mine.isLoading &&
    !mine.error &&
    claims.every((key) => {
      const value = mine.numbersByKey.get(key);
      return value !== undefined && satisfies(mine.claims, value, { globalDataAdmin });
    });
  return { holds, loading: mine.isLoading };
}

/** The delete actions the signed-in user may take on `entity`'s rows. */
export function useDeleteAccess(entity: FormsEntity): DeleteAccess {
  const { holds, loading } = useClaimCheck();
  const restore = holds(...claimsOfAction(entity, 'restore'));
  return {
    delete: holds(...claimsOfAction(entity, 'delete')),
    restore,
    deletePermanently: holds(...claimsOfAction(entity, 'deletePermanently')),
    showDeleted: restore,
    loading,
  };
}

/** The server claim of a create (`post`) or update (`patch`) of `entity`, read from the domain's route table. */
export function saveClaimOf(entity: FormsEntity, call: 'post' | 'patch'): PermissionKey {
  const claim = routeRule(call === 'post' ? 'POST' : 'PATCH', `/api/crud/${entity}/${call}`)?.claim;
  const key = typeof claim === 'number' ? PERMISSION_KEYS.get(claim) : undefined;
  if (!key) throw new Error(`The route table has no server claim for /api/crud/${entity}/${call}.`);
  return key;
}
