/**
 * The signing rules the test fake (src/testing) and the reference server (example-host/server/signing) share,
 * React-free and HTTP-free: envelope statuses and their transitions, signer routing, expiry and reminders, what the
 * signing calls accept, the FormSigner permissions of each action, and the hash-chained audit trail.
 */
export {
  ENVELOPE_STATUS_NAMES,
  ENVELOPE_TRANSITIONS,
  FINAL_ENVELOPE_STATUSES,
  EXPIRED_VOID_REASON,
  isEnvelopeOpen,
  isEnvelopeExpired,
  INSTANCE_OUT_FOR_SIGNATURE_MESSAGE,
  checkNoOpenEnvelope,
  INSTANCE_IN_SIGNING_CODE,
  INSTANCE_SIGNED_CODE,
  isLockedBySigning,
  signingLockMessage,
  checkAnswersUnlocked,
  checkInstanceWriteAgainstSigning,
  sameJson,
  mayChangeEnvelopeStatus,
  checkEnvelopeTransition,
  activeRoutingOrder,
  initialSignerStatuses,
  openBySigner,
  signBySigner,
  declineBySigner,
  voidEnvelope,
} from './statuses';
export type { SignerState, EnvelopeState, EnvelopeChange, InstanceEnvelopeState } from './statuses';
export {
  SIGNING_LIMITS,
  REMINDER_POLICY,
  MAX_REMINDER_EVERY_DAYS,
  readSignatureRequest,
  isSignerEmail,
  readReason,
  readIdField,
  readSignerToken,
  readSignature,
  checkManualReminder,
  automaticReminderDue,
} from './request';
export type { RequestedSigner, CheckedSignatureRequest, CheckedSignature, ReminderState } from './request';
export { SIGNING_ACTION_CLAIMS, maySigningAction } from './permissions';
export type { SigningAction } from './permissions';
export { GENESIS_HASH, sha256Hex, hmacSha256Hex, canonicalAuditText, auditEventHash, nextAuditEvent, verifyAuditChain } from './audit';
export type { UnhashedAuditEvent, AuditEventInput, AuditKey, AuditHead, VerifyAuditOptions } from './audit';
export { INVALID_SIGNER_LINK_MESSAGE, SIGNER_ALREADY_SIGNED_MESSAGE, SIGNER_ALREADY_DECLINED_MESSAGE, SIGNER_LINK_LIFETIME_MS, unusableSignerLinkError } from './links';
/** The path of the signing page on the host: `{origin}/sign?token=…`. */
export const SIGNING_PAGE_PATH = '/sign';
/** The path of a form instance's page on the host, where staff act on its signing: `{origin}/admin/form-instance/{id}`. */
export const INSTANCE_PAGE_PATH = '/admin/form-instance/';
export { leafFileName, encodeRfc5987Value, signedDocumentFileName, attachmentDisposition } from './disposition';
