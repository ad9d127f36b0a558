/**
 * Access rules (docs/decisions.md, Effective claims): whether a set of effective claims satisfies a required claim, who is an
 * administrator, and the row-level permission a caller has on a table. One rule for the client
 * (`useCan`, `<Can>`), the fake and the reference server.
 */
import { Permission, RowLevelPermission, TableClaim } from '../contract/enums';
import { claimKey, type RowLevelTable } from './claim-catalogue';
import { DomainError } from './errors';

/** Options of {@link satisfies}. */
export interface SatisfiesOptions {
  /**
   * The number of GlobalDataAdmin in the claims' numbering (default: the default numbering's 0).
   * A client that resolves numbers from the server's catalogue passes the server's number; `undefined`
   * there means the server has no such claim and nothing is implied.
   */
  globalDataAdmin?: number | undefined;
}

/**
 * Whether effective `claims` satisfy the `required` claim: holding it, or holding GlobalDataAdmin,
 * which satisfies every claim.
 */
export function satisfies(claims: ReadonlySet<number>, required: number, options: SatisfiesOptions = {}): boolean {
  if (claims.has(required)) return true;
  const admin = 'globalDataAdmin' in options ? options.globalDataAdmin : Permission.GlobalDataAdmin;
  return admin !== undefined && claims.has(admin);
}

/** Whether claims make their holder an administrator (`CheckForAdminRole`): GlobalDataAdmin or AdminPanel_Access. */
export function isAdministrator(claims: ReadonlySet<number>): boolean {
  return claims.has(Permission.GlobalDataAdmin) || claims.has(Permission.AdminPanel_Access);
}

/** Whether claims hold GlobalDataAdmin: full access, and the power to manage every permission. */
export function holdsGlobalDataAdmin(claims: ReadonlySet<number>): boolean {
  return claims.has(Permission.GlobalDataAdmin);
}

/**
 * The refusal of a caller lacking `claim`: 403 naming it, also as the `requiredClaim` extension
 * member of the problem details.
 */
export function claimRequiredError(claim: number): DomainError {
  const key = claimKey(claim);
  return new DomainError(403, `The claim '${key}' is required.`, { requiredClaim: key });
}

/**
 * What claims allow on the rows of a table (`GetEntitiesWithPermissions`): All with the table claim
 * (or GlobalDataAdmin); else Read (`…_Select` / `…_SelectList`), Update (`…_Update` / `…_AddUpdate`)
 * and Delete (`…_Delete`) combined; None without any.
 */
export function rowLevelPermission(claims: ReadonlySet<number>, table: RowLevelTable): RowLevelPermission {
  if (satisfies(claims, TableClaim[`${table}_RowLevel`])) return RowLevelPermission.All;
  let flags = 0;
  if (claims.has(Permission[`${table}_Select`]) || claims.has(Permission[`${table}_SelectList`])) flags |= RowLevelPermission.Read;
  if (claims.has(Permission[`${table}_Update`]) || claims.has(Permission[`${table}_AddUpdate`])) flags |= RowLevelPermission.Update;
  if (claims.has(Permission[`${table}_Delete`])) flags |= RowLevelPermission.Delete;
  return (flags === 0 ? RowLevelPermission.None : flags) as RowLevelPermission;
}

/**
 * Whether a caller may ask `CheckForAdminRole` about `authId`: anyone about themselves (by oidcId or
 * id), others only with Claim_ReadUsers.
 */
export function mayCheckAdminRoleOf(
  caller: { id: string; oidcId: string },
  claims: ReadonlySet<number>,
  authId: string,
): boolean {
  return authId === caller.oidcId || authId === caller.id || satisfies(claims, Permission.Claim_ReadUsers);
}
