/**
 * What a signing link that cannot be used answers. A link that is unknown, altered, expired or replaced is not valid
 * (404), and its holder needs a new one. A link whose signer has already signed or declined (with it or with a newer
 * link) is different: that signer needs no new link, and being told to ask for one sends them to the sender for
 * nothing. So such a link answers 409 saying what the signer did, with `signerStatus` for the page to show it. Only
 * the link's own signer is described: nothing about the other signers or the envelope.
 */
import type { SignerStatus } from '../../contract/types';
import { DomainError } from '../errors';

/** How long a signer's link lives at most (it ends earlier with its envelope's expiry). */
export const SIGNER_LINK_LIFETIME_MS = 14 * 24 * 60 * 60 * 1000;

/** The message of a signing link that is unknown, altered, expired, replaced or for another envelope. */
export const INVALID_SIGNER_LINK_MESSAGE = 'This signing link is not valid: it may have expired or been replaced. Ask the sender for a new link.';
/** The message of a link whose signer has signed. */
export const SIGNER_ALREADY_SIGNED_MESSAGE = 'You have already signed this document.';
/** The message of a link whose signer has declined. */
export const SIGNER_ALREADY_DECLINED_MESSAGE = 'You declined to sign this document.';

/**
 * The error of a signing link that is not live (used, revoked, expired, or unknown: `signerStatus` null): 409 with
 * `signerStatus` when the link's signer has signed or declined, else 404 {@link INVALID_SIGNER_LINK_MESSAGE}.
 */
export function unusableSignerLinkError(signerStatus: SignerStatus | null): DomainError {
  if (signerStatus === 'Signed') return new DomainError(409, SIGNER_ALREADY_SIGNED_MESSAGE, { signerStatus });
  if (signerStatus === 'Declined') return new DomainError(409, SIGNER_ALREADY_DECLINED_MESSAGE, { signerStatus });
  return new DomainError(404, INVALID_SIGNER_LINK_MESSAGE);
}
