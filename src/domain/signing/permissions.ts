/**
 * Who may do what with envelopes: the FormSigner permissions, checked by the test fake and the reference server on
 * top of each route's own claim. Each action is allowed by any one of its claims (GlobalDataAdmin allows all):
 *
 * - request a signature: `FormSigner_Add` or `FormSigner_AddUpdate` (besides the route's `Signing_RequestSignature`);
 * - read one envelope, its audit and its verification: `FormSigner_Select`;
 * - list envelopes: `FormSigner_SelectList`;
 * - remind signers or issue a signer's link again: `FormSigner_Update` or `FormSigner_AddUpdate`;
 * - void: `FormSigner_MarkDeleted` or `FormSigner_Delete`. A void keeps the envelope and its audit trail, as a soft
 *   delete keeps a row; nothing removes an envelope, since its audit trail is append-only, so the hard-delete
 *   permission grants the void as well.
 */
import { Permission } from '../../api/enums';
import { claimRequiredError, satisfies } from '../access';

/** The envelope actions that need a FormSigner permission. */
export type SigningAction = 'request' | 'read' | 'list' | 'update' | 'void';

const P = Permission;

/** The claims that allow each action (any one of them). */
export const SIGNING_ACTION_CLAIMS: Readonly<Record<SigningAction, readonly number[]>> = {
  request: [P.FormSigner_Add, P.FormSigner_AddUpdate],
  read: [P.FormSigner_Select],
  list: [P.FormSigner_SelectList],
  update: [P.FormSigner_Update, P.FormSigner_AddUpdate],
  void: [P.FormSigner_MarkDeleted, P.FormSigner_Delete],
};

/** Whether claims allow an action. */
export function maySigningAction(claims: ReadonlySet<number>, action: SigningAction): boolean {
  return SIGNING_ACTION_CLAIMS[action].some((claim) => satisfies(claims, claim));
}

/** 403 naming the first claim of the action when the caller holds none of them. */
export function requireSigningAction(claims: ReadonlySet<number>, action: SigningAction): void {
  if (maySigningAction(claims, action)) return;
  const [first] = SIGNING_ACTION_CLAIMS[action];
  throw claimRequiredError(first ?? P.GlobalDataAdmin);
}
