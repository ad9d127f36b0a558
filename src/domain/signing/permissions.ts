/**
 * Who may do what with envelopes, read from the route table (src/contract/route-access.ts, the one place both backends
 * enforce): each action is allowed by any one of its claims (GlobalDataAdmin allows all).
 *
 * - request a signature: `Signing_RequestSignature`, `FormSigner_Add` or `FormSigner_AddUpdate`;
 * - read one envelope, its audit and its verification: `FormSigner_Select`;
 * - list envelopes: `FormSigner_SelectList`;
 * - remind signers or issue a signer's link again: `FormSigner_Update` or `FormSigner_AddUpdate`;
 * - void: `FormSigner_MarkDeleted` or `FormSigner_Delete`.
 *
 * Screens use {@link maySigningAction} to show only the buttons a user may press; the servers refuse anyway.
 */
import { Permission } from '../../contract/enums';
import { satisfies } from '../access';
import { routeRule, type RouteMethod } from '../../contract/route-access';

/** The envelope actions that need a permission. */
export type SigningAction = 'request' | 'read' | 'list' | 'update' | 'void';

const ACTION_ROUTES: Readonly<Record<SigningAction, readonly [RouteMethod, string]>> = {
  request: ['POST', '/api/Signing/RequestSignature'],
  read: ['GET', '/api/Signing/GetEnvelope'],
  list: ['GET', '/api/Signing/ListEnvelopes'],
  update: ['POST', '/api/Signing/RemindSigners'],
  void: ['POST', '/api/Signing/VoidEnvelope'],
};

function claimsOf([method, path]: readonly [RouteMethod, string]): readonly number[] {
  const rule = routeRule(method, path);
  return rule && typeof rule.claim === 'number' ? [rule.claim, ...(rule.alternatives ?? [])] : [Permission.GlobalDataAdmin];
}

/** The claims that allow each action (any one of them), from the route table. */
export const SIGNING_ACTION_CLAIMS: Readonly<Record<SigningAction, readonly number[]>> = {
  request: claimsOf(ACTION_ROUTES.request),
  read: claimsOf(ACTION_ROUTES.read),
  list: claimsOf(ACTION_ROUTES.list),
  update: claimsOf(ACTION_ROUTES.update),
  void: claimsOf(ACTION_ROUTES.void),
};

/** Whether claims allow an action. */
export function maySigningAction(claims: ReadonlySet<number>, action: SigningAction): boolean {
  return SIGNING_ACTION_CLAIMS[action].some((claim) => satisfies(claims, claim));
}
