/**
 * The texts of one form instance's page (`FormInstanceDetail`), English by default. They are spread into the
 * library's one `defaultLabels` object (src/labels/english.ts), so a host overrides them like every other text.
 * `{name}`-style placeholders are filled by `fillLabel`. The status names, 'Mark completed', 'Duplicate', 'Request
 * signature', the signers' states, the audit check and the delete words are the Form Instances list's, the Signing
 * screen's and the shared ones.
 */
export const instanceDetailLabels = {
  fidTitle: 'Form instance',
  /** Under the page's heading: the instance's full id. */
  fidSubtitle: 'Form instance {id}',
  fidBack: 'Back to Form Instances',
  fidLoadFailed: 'Failed to load the form instance. Please try again.',
  fidNotFound: 'This form instance does not exist, or it was deleted permanently.',
  fidForbidden: 'Your account may not read form instances. Ask an administrator for access.',
  fidDeletedNotice: 'This form instance is deleted. Restore it to use it again.',
  // Details
  fidDetails: 'Details',
  fidForm: 'Form',
  fidVersion: 'Version',
  fidStatus: 'Status',
  fidCreated: 'Created',
  fidUpdated: 'Last changed',
  // Status history: every change of the status, oldest first
  fidHistory: 'Status history',
  fidHistoryWhen: 'When',
  fidHistoryChange: 'Change',
  fidHistoryBy: 'By',
  /** A change: `{from}` and `{to}` are status names. */
  fidHistoryFromTo: '{from} → {to}',
  /** The first entry: the instance was created with the status `{to}`. */
  fidHistoryCreated: 'Created as {to}',
  /** Who made a change without signing in: the visitor of the public form, through their link. */
  fidHistoryVisitor: 'Visitor (public link)',
  /** A user whose account was removed since. */
  fidHistoryUnknownUser: 'Unknown user',
  fidHistoryNone: 'No status change has been recorded for this instance.',
  fidHistoryFailed: 'Failed to load the status history. Please try again.',
  // Answers
  fidAnswers: 'Answers',
  fidNoAnswers: 'Nothing has been answered yet.',
  // Signatures
  fidSignatures: 'Signatures',
  fidNoEnvelopes: 'Not sent for signature yet.',
  /** The heading of one envelope: when it was requested. */
  fidEnvelopeOf: 'Requested {date}',
  fidEnvelopeCompleted: 'Completed {date}',
  fidAuditTrail: 'Audit trail',
  /** One event of an envelope's audit trail. */
  fidAuditEvent: '{at}: {kind}',
  fidAuditFailed: 'The audit trail could not be read.',
  fidAuditKind_created: 'Created',
  fidAuditKind_sent: 'Sent to the signers',
  fidAuditKind_opened: 'Opened by a signer',
  fidAuditKind_signed: 'Signed',
  fidAuditKind_declined: 'Declined',
  fidAuditKind_voided: 'Voided',
  fidAuditKind_reminded: 'Signers reminded',
  fidAuditKind_downloaded: 'Signed document downloaded',
  fidAuditKind_completed: 'Completed',
  // Actions
  /** The menu of the instance's public links (open, copy). */
  fidLinks: 'Links',
  fidDownloadPdf: 'Download filled PDF',
  fidDownloadPdfFailed: "Could not download the filled PDF of '{name}'",
  /** A file of a file upload answer that could not be downloaded (`{file}` its name). */
  fidDownloadFileFailed: "Could not download the file '{file}'",
  fidDownloadSigned: 'Download signed PDF',
  fidDownloaded: "'{file}' was downloaded.",
} as const;
