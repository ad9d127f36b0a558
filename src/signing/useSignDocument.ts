import { useMutation, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { apiArea } from '../api/area';
import { createSigningApi, type SigningApi } from '../api/areas/signing';
import { isApiError } from '../api/errors';
import { isProblemDetails } from '../api/problem-details';
import { INVALID_SIGNER_LINK_MESSAGE } from '../domain/signing/links';
import type { SignBody, SigningEnvelope, SigningSession } from '../api/types';
import { useApiProviderState } from '../query/api-context';

/**
 * Why a signing link cannot be opened, read from the server's answer to `Signing/Open`:
 * - `incomplete`: the page's address holds no token at all (a link cut short, or the page opened by hand), so nothing
 *   is asked of the server;
 * - `invalid`: 404 (unknown, expired, used or replaced link), 403 (a link of another envelope or signer) or 400 (no
 *   token, or not one of ours);
 * - `notYourTurn`: 409 naming the routing order that signs first (`activeRoutingOrder`);
 * - `alreadySigned` / `alreadyDeclined`: 409 with `signerStatus` 'Signed' / 'Declined': the link's signer has acted
 *   (they reopened their used link), so they need no new link;
 * - `closed`: any other 409: the envelope is voided, declined, completed or expired;
 * - `failed`: anything else (a 5xx, the network): worth a retry.
 */
export type SigningProblemKind = 'incomplete' | 'invalid' | 'notYourTurn' | 'alreadySigned' | 'alreadyDeclined' | 'closed' | 'failed';

/** A failed `Signing/Open`, sorted for the page. */
export interface SigningProblem {
  kind: SigningProblemKind;
  /** The server's own sentence (problem details `detail`), when it gave one. */
  detail: string | null;
  /** For `notYourTurn`: the routing order whose signers sign first, when the server named it. */
  activeRoutingOrder: number | null;
  /** The error itself, for `failed` (the page describes it). */
  error: unknown;
}

/** Sorts an error of `Signing/Open` into the page's states (see {@link SigningProblemKind}). */
export function signingProblemOf(error: unknown): SigningProblem {
  const problem = isApiError(error) && isProblemDetails(error.result) ? error.result : null;
  // A dead link's own sentence is left out: the page's title and help say the same in the reader's language (the help
  // says what to do as well). Any other sentence of the server's says what this page cannot: which signers sign first,
  // a missing token.
  const detail = problem?.detail && problem.detail !== INVALID_SIGNER_LINK_MESSAGE ? problem.detail : null;
  const base = { detail, activeRoutingOrder: null, error };
  if (!isApiError(error)) return { ...base, kind: 'failed' };
  if (error.status === 404 || error.status === 403 || error.status === 400) return { ...base, kind: 'invalid' };
  if (error.status === 409) {
    const order = problem?.activeRoutingOrder;
    if (typeof order === 'number') return { ...base, kind: 'notYourTurn', activeRoutingOrder: order };
    if (problem?.signerStatus === 'Signed') return { ...base, kind: 'alreadySigned' };
    if (problem?.signerStatus === 'Declined') return { ...base, kind: 'alreadyDeclined' };
    return { ...base, kind: 'closed' };
  }
  return { ...base, kind: 'failed' };
}

/** Where the signing page is. */
export type SignDocumentStatus = 'loading' | 'problem' | 'review' | 'signed' | 'declined';

/** The signature the page posts, without the token (the controller adds it). */
export type SignatureInput = Omit<SignBody, 'token'>;

/** What {@link useSignDocument} returns: the state of the signing page and its actions. */
export interface SignDocumentController {
  status: SignDocumentStatus;
  /** The opened session (document, signer, places), once `Signing/Open` answered. */
  session: SigningSession | null;
  /** Why the link could not be opened (`status` 'problem'). */
  problem: SigningProblem | null;
  /** Whether `Signing/Open` is running again after a failure. */
  retrying: boolean;
  /** Opens the link again (after a failure). */
  retry(): void;
  /** The envelope after this signer signed or declined. */
  envelope: SigningEnvelope | null;
  /** Posts the signature; resolves true when the server recorded it, false at once while a sign or decline runs. */
  sign(signature: SignatureInput): Promise<boolean>;
  signing: boolean;
  /** The last refused or failed `Signing/Sign` (cleared by the next attempt). */
  signError: unknown;
  /** Posts the decline with its reason; resolves true when the server recorded it, false at once while one runs. */
  decline(reason: string): Promise<boolean>;
  declining: boolean;
  /** The last refused or failed `Signing/Decline` (cleared by the next attempt). */
  declineError: unknown;
  /** Forgets `declineError` (the dialog closed). */
  resetDeclineError(): void;
}

/** Options of {@link useSignDocument}. */
export interface SignDocumentOptions {
  /** The signing link's token (the `token` of `/sign?token=…`). */
  token: string;
  /** Called once the signature is recorded, with the envelope as it now is. */
  onSigned?: (envelope: SigningEnvelope) => void;
  /** Called once the decline is recorded. */
  onDeclined?: (envelope: SigningEnvelope) => void;
}

/**
 * The headless signing page: opens the link (`Signing/Open`, no sign-in: the token is the credential), then signs
 * (`Signing/Sign`) or declines (`Signing/Decline`) with it. Only the Signing area of the API is built, over the
 * nearest `APIProvider`'s transport. Works inside an `APIProvider`.
 */
export function useSignDocument(options: SignDocumentOptions): SignDocumentController {
  const { token, onSigned, onDeclined } = options;
  const { transport } = useApiProviderState();
  const api: SigningApi = useMemo(() => apiArea(transport, createSigningApi), [transport]);
  const [envelope, setEnvelope] = useState<{ kind: 'signed' | 'declined'; envelope: SigningEnvelope } | null>(null);

  // An address without a token is no link of ours: the page says so in the reader's language, and asks nothing.
  const incomplete = token.trim() === '';
  const open = useQuery({
    enabled: !incomplete,
    queryKey: ['@ccq/forms-admin', 'signing', 'open', token],
    queryFn: async ({ signal }) => {
      const session = await api.openSigning(token, { signal });
      if (!session) throw new Error('The server sent no signing session.');
      return session;
    },
    // Opening is recorded by the server (the signer's first opening is an audit event): open once, keep no copy of
    // the document after the page goes, and never refetch behind the signer's back.
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

  const signMutation = useMutation({
    mutationFn: async (signature: SignatureInput) => api.sign({ ...signature, token }),
    retry: false,
  });
  const declineMutation = useMutation({
    mutationFn: async (reason: string) => api.decline(token, reason),
    retry: false,
  });

  // One answer at a time: a double click calls again before the re-render that disables the button, and a second
  // Sign or Decline with the same token only earns a 409 (the link is used) shown as an error beside the success.
  const inFlight = useRef(false);
  const sign = useCallback(
    async (signature: SignatureInput) => {
      if (inFlight.current) return false;
      inFlight.current = true;
      try {
        const result = await signMutation.mutateAsync(signature);
        if (!result) return false;
        setEnvelope({ kind: 'signed', envelope: result });
        onSigned?.(result);
        return true;
      } catch {
        return false;
      } finally {
        inFlight.current = false;
      }
    },
    [signMutation, onSigned],
  );
  const decline = useCallback(
    async (reason: string) => {
      if (inFlight.current) return false;
      inFlight.current = true;
      try {
        const result = await declineMutation.mutateAsync(reason);
        if (!result) return false;
        setEnvelope({ kind: 'declined', envelope: result });
        onDeclined?.(result);
        return true;
      } catch {
        return false;
      } finally {
        inFlight.current = false;
      }
    },
    [declineMutation, onDeclined],
  );

  const problem: SigningProblem | null = incomplete
    ? { kind: 'incomplete', detail: null, activeRoutingOrder: null, error: null }
    : open.isError
      ? signingProblemOf(open.error)
      : null;
  const status: SignDocumentStatus = envelope
    ? envelope.kind
    : open.data
      ? 'review'
      : problem
        ? 'problem'
        : 'loading';

  return {
    status,
    session: open.data ?? null,
    problem,
    retrying: open.isFetching && open.isError,
    retry: () => void open.refetch(),
    envelope: envelope?.envelope ?? null,
    sign,
    signing: signMutation.isPending,
    signError: signMutation.error,
    decline,
    declining: declineMutation.isPending,
    declineError: declineMutation.error,
    resetDeclineError: declineMutation.reset,
  };
}
