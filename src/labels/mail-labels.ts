/**
 * The texts of the e-mail the signing sends (the request and reminder with the signer's own link, the completion with
 * the signed document, the notice of a decline), English by default. The reference server and the test fake write
 * their messages with them (src/service/mail.ts); they are spread into the library's one `defaultLabels` object
 * (src/labels/english.ts) like every other text. `{name}`-style placeholders are filled when a message is written:
 * `{name}` the recipient, `{form}` the form's name, `{signer}` the signer who declined, `{date}` the link's last day.
 */
export const mailLabels = {
  mlGreeting: 'Hello {name},',
  mlInviteSubject: 'Please sign “{form}”',
  mlInviteIntro: 'You are asked to sign “{form}”.',
  mlSenderMessage: 'The sender’s message:',
  mlSignLink: 'Read and sign the document',
  mlSignLinkText: 'The link above is yours alone: do not forward it.',
  mlLinkExpires: 'The link works until {date}.',
  /** `{subject}`: the subject of the request. */
  mlReminderSubject: 'Reminder: {subject}',
  mlReminderIntro: '“{form}” is still waiting for your signature.',
  mlCompletedSubject: 'Signed by everyone: “{form}”',
  mlCompletedBody: 'Every signer has signed “{form}”. The signed document is attached.',
  mlDeclinedSubject: '{signer} declined to sign “{form}”',
  mlDeclinedBody: '{signer} declined to sign “{form}”. The signing has stopped. The reason given:',
  /** The sender's link, in that message, to the form instance's page, where its signature can be requested again. */
  mlDeclinedLink: 'Open the form instance to request the signature again',
  /** Stands for the signer's name when it is not known. */
  mlSomeSigner: 'A signer',
  mlFooter: 'This message was sent automatically by the forms service.',
  // The receipt to a visitor who sent a form and gave an e-mail address (`{date}`: when it was received)
  mlReceiptSubject: 'We received your answers to “{form}”',
  mlReceiptGreeting: 'Hello,',
  mlReceiptBody: 'Thank you: your answers to “{form}” were received on {date}.',
  mlReceiptLink: 'View your answers',
  mlReceiptLinkText: 'The link above shows your answers, read-only: do not forward it.',
  // The document of answers a signature request sends for a form without a PDF template, and the signatures page
  // added to a template's document for signers beyond its signature fields (src/domain/signing/answers-document.ts)
  /** The line under the form's name (also the PDF's subject). */
  mlDocumentInstance: 'Form instance {id}',
  /** The heading of the signature lines. */
  mlDocumentSignatures: 'Signatures',
  /** A yes / no answer (a checkbox, a switch). */
  mlDocumentYes: 'Yes',
  mlDocumentNo: 'No',
  /** A rating's answer: `{value}` of `{max}` stars. */
  mlDocumentStars: '{value} of {max} stars',
  /** Under a drawn signature's image in the answers document, what it is (`{size}`: the image's size). */
  mlDocumentDrawnSignature: 'Drawn signature ({size})',
  // The signing certificate page the seal appends to the signed document (example-host/server/signing/seal.ts)
  mlCertTitle: 'Signing certificate',
  mlCertForm: 'Form: {form}',
  mlCertEnvelope: 'Envelope: {envelope}',
  mlCertSentHash: 'SHA-256 of the document as sent:',
  mlCertSignedHash: 'SHA-256 of the document as signed (signatures in place, before this page):',
  mlCertSigners: 'Signers',
  mlCertSigner: '{name} <{email}> (order {order})',
  mlCertSignerDrawn: '{name} <{email}> (order {order}, drawn signature)',
  mlCertSignerTyped: '{name} <{email}> (order {order}, typed signature)',
  mlCertEventLine: '{event}: {at} from IP {ip}, {browser}',
  /** An event in a signer's part that someone else caused (sent to them, reminded): its time only. */
  mlCertEventTimeLine: '{event}: {at}',
  mlCertUnknownIp: 'unknown',
  mlCertUnknownBrowser: 'unknown browser',
  mlCertBrowser: 'Browser: {agent}',
  mlCertReason: 'Reason: {reason}',
  mlCertTrail: 'Audit trail (each event holds the hash of the one before)',
  mlCertTrailEvent: '{sequence}. {at} {event}, IP {ip}',
  mlCertTrailSignerEvent: '{sequence}. {at} {event} ({signer}), IP {ip}',
  mlCertHash: 'hash {hash}',
  mlCertHead: 'Head of the audit trail when sealed: event {sequence} of {sequence}, hash {hash}',
  mlCertSealedDevelopment: 'Sealed with the certificate of the development CA (not for production): PAdES baseline B-B, SHA-256.',
  mlCertSealedConfigured: 'Sealed with the certificate of the configured PKCS#12 file: PAdES baseline B-B, SHA-256.',
  mlCertSealReason: 'Signed by {names}; audit page included',
  mlCertEventCreated: 'Envelope created',
  mlCertEventSent: 'Sent',
  mlCertEventOpened: 'Opened the document',
  mlCertEventSigned: 'Signed',
  mlCertEventDeclined: 'Declined',
  mlCertEventVoided: 'Voided',
  mlCertEventReminded: 'Reminded',
  mlCertEventDownloaded: 'Downloaded',
  mlCertEventCompleted: 'Completed',
  // The Outbox screen (src/forms-admin/MailOutbox): the mail the server sent
  obTitle: 'Outbox',
  /** The Outbox's way back to the screen it is reached from. */
  obBack: 'Back to Signing',
  obSubtitle: 'The e-mail the server sent, newest first, with its text. In development the server keeps it here instead of delivering it.',
  obLoading: 'Loading the outbox…',
  obLoadFailed: 'Failed to load the outbox. Please try again.',
  /** The server refused the read: the Outbox holds every signer's link, so only administrators may read it. */
  obRefused: 'Only administrators may read the outbox: it holds every signer’s own link.',
  obEmpty: 'No e-mail has been sent yet.',
  /** Above the messages: `{shown}` of `{count}` in all. */
  obShown: 'The newest {shown} of {count} messages.',
  /** `obShown` when there is one message in all. */
  obShownOne: 'One message.',
  obNoSubject: '(no subject)',
  obTo: 'To: {to}',
  obFrom: 'From: {from}',
  obSent: 'Sent: {date}',
  obAttachments: 'Attachments',
  /** One attachment: its file name, type and size. */
  obAttachment: '{name} ({type}, {size})',
} as const;
