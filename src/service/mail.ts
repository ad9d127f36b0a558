/**
 * The mail port: what a use case hands to the backend's mailer, and the signing messages it writes. React-, HTTP- and
 * storage-free: the reference server sends a {@link MailMessage} over SMTP (example-host/server/mail), the test fake
 * records it in memory. Every text of a message comes from {@link SigningMailTexts}, which the backends take from the
 * library's labels (English by default, the German and French packs too), so a host words its mail as it words its
 * screens. Each message has a text part and an HTML part saying the same; the HTML escapes everything it is given.
 */

/** Who a message goes to. */
export interface MailAddress {
  name: string;
  email: string;
}

/** A file sent with a message. */
export interface MailAttachment {
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
}

/** What a message is for. */
export type MailKind = 'signing-request' | 'reminder' | 'declined' | 'voided' | 'completed' | 'receipt';

/** One message: its recipient, subject, text and HTML parts and attachments, and what it is about. */
export interface MailMessage {
  kind: MailKind;
  to: MailAddress;
  subject: string;
  /** The plain text part. */
  text: string;
  /** The HTML part: the same content as `text`. */
  html: string;
  attachments: MailAttachment[];
  /** The envelope the message is about ('' for a message about none: a visitor's receipt). */
  envelopeId: string;
  /** The signer's own link, for requests and reminders; the visitor's view link, for a receipt. */
  link?: string;
}

/** Sends messages; hosts implement it (SMTP, a mail API…). The server's queues and retries, so it returns soon. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * The texts of the messages, the signing's and a visitor's receipt (`{name}` placeholders), and of the document of answers
 * a signature request sends (`mlDocument…`), taken from the labels (src/labels/mail-labels.ts).
 */
export interface SigningMailTexts {
  mlGreeting: string;
  mlInviteSubject: string;
  mlInviteIntro: string;
  mlSenderMessage: string;
  mlSignLink: string;
  mlSignLinkText: string;
  mlLinkExpires: string;
  mlReminderSubject: string;
  mlReminderIntro: string;
  mlCompletedSubject: string;
  mlCompletedBody: string;
  mlDeclinedSubject: string;
  mlDeclinedBody: string;
  mlDeclinedLink: string;
  mlSomeSigner: string;
  mlFooter: string;
  mlReceiptSubject: string;
  mlReceiptGreeting: string;
  mlReceiptBody: string;
  mlReceiptLink: string;
  mlReceiptLinkText: string;
  mlDocumentInstance: string;
  mlDocumentSignatures: string;
  mlDocumentYes: string;
  mlDocumentNo: string;
  mlDocumentStars: string;
  mlDocumentDrawnSignature: string;
  mlCertTitle: string;
  mlCertForm: string;
  mlCertEnvelope: string;
  mlCertSentHash: string;
  mlCertSignedHash: string;
  mlCertSigners: string;
  mlCertSigner: string;
  mlCertSignerDrawn: string;
  mlCertSignerTyped: string;
  mlCertEventLine: string;
  mlCertEventTimeLine: string;
  mlCertUnknownIp: string;
  mlCertUnknownBrowser: string;
  mlCertBrowser: string;
  mlCertReason: string;
  mlCertTrail: string;
  mlCertTrailEvent: string;
  mlCertTrailSignerEvent: string;
  mlCertHash: string;
  mlCertHead: string;
  mlCertSealedDevelopment: string;
  mlCertSealedConfigured: string;
  mlCertSealReason: string;
  mlCertEventCreated: string;
  mlCertEventSent: string;
  mlCertEventOpened: string;
  mlCertEventSigned: string;
  mlCertEventDeclined: string;
  mlCertEventVoided: string;
  mlCertEventReminded: string;
  mlCertEventDownloaded: string;
  mlCertEventCompleted: string;
}

/** The names of {@link SigningMailTexts}, so a backend can take them out of a whole labels pack. */
export const SIGNING_MAIL_TEXT_KEYS = [
  'mlGreeting',
  'mlInviteSubject',
  'mlInviteIntro',
  'mlSenderMessage',
  'mlSignLink',
  'mlSignLinkText',
  'mlLinkExpires',
  'mlReminderSubject',
  'mlReminderIntro',
  'mlCompletedSubject',
  'mlCompletedBody',
  'mlDeclinedSubject',
  'mlDeclinedBody',
  'mlDeclinedLink',
  'mlSomeSigner',
  'mlFooter',
  'mlReceiptSubject',
  'mlReceiptGreeting',
  'mlReceiptBody',
  'mlReceiptLink',
  'mlReceiptLinkText',
  'mlDocumentInstance',
  'mlDocumentSignatures',
  'mlDocumentYes',
  'mlDocumentNo',
  'mlDocumentStars',
  'mlDocumentDrawnSignature',
  'mlCertTitle',
  'mlCertForm',
  'mlCertEnvelope',
  'mlCertSentHash',
  'mlCertSignedHash',
  'mlCertSigners',
  'mlCertSigner',
  'mlCertSignerDrawn',
  'mlCertSignerTyped',
  'mlCertEventLine',
  'mlCertEventTimeLine',
  'mlCertUnknownIp',
  'mlCertUnknownBrowser',
  'mlCertBrowser',
  'mlCertReason',
  'mlCertTrail',
  'mlCertTrailEvent',
  'mlCertTrailSignerEvent',
  'mlCertHash',
  'mlCertHead',
  'mlCertSealedDevelopment',
  'mlCertSealedConfigured',
  'mlCertSealReason',
  'mlCertEventCreated',
  'mlCertEventSent',
  'mlCertEventOpened',
  'mlCertEventSigned',
  'mlCertEventDeclined',
  'mlCertEventVoided',
  'mlCertEventReminded',
  'mlCertEventDownloaded',
  'mlCertEventCompleted',
] as const satisfies readonly (keyof SigningMailTexts)[];

/** The mail texts of a labels pack (any object holding at least those keys). */
export function signingMailTextsOf(labels: SigningMailTexts): SigningMailTexts {
  return Object.fromEntries(SIGNING_MAIL_TEXT_KEYS.map((key) => [key, labels[key]])) as unknown as SigningMailTexts;
}

/** Fills `{name}` placeholders (an unknown one stays as written). */
function fill(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** Text made safe for HTML (element content and double-quoted attributes). */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** One block of a message: a paragraph, a quoted message, or a link with its words. */
type Block = { paragraph: string } | { quote: string } | { link: string; words: string };

/** The text and HTML parts of the same blocks. */
function parts(blocks: readonly Block[]): { text: string; html: string } {
  const text = blocks
    .map((b) => ('paragraph' in b ? b.paragraph : 'quote' in b ? b.quote.split('\n').map((line) => `> ${line}`).join('\n') : `${b.words}:\n${b.link}`))
    .join('\n\n');
  const body = blocks
    .map((b) =>
      'paragraph' in b
        ? `<p>${escapeHtml(b.paragraph)}</p>`
        : 'quote' in b
          ? `<blockquote style="margin:0 0 1em;padding-left:1em;border-left:3px solid #ccc">${escapeHtml(b.quote).replace(/\n/g, '<br>')}</blockquote>`
          : `<p><a href="${escapeHtml(b.link)}" style="display:inline-block;padding:10px 16px;background:#1c7ed6;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(b.words)}</a></p><p style="font-size:12px;color:#555">${escapeHtml(b.link)}</p>`,
    )
    .join('\n');
  const html = `<!doctype html>\n<html><body style="font-family:sans-serif;line-height:1.5;color:#222">\n${body}\n</body></html>\n`;
  return { text: `${text}\n`, html };
}

/**
 * A date and time as a recipient reads it, in their locale through `Intl.DateTimeFormat` as the labels' formatter
 * writes dates ('January 31, 2030 at 12:00 PM UTC' in English, '31. Januar 2030 um 12:00 UTC' in German): the mail
 * server and the reader may be in other time zones, so the time is written in UTC and says so.
 */
export function mailDate(date: Date, locale: string): string {
  return `${new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(date)} UTC`;
}

/** What a signing message is written from. */
export interface SigningMailFacts {
  texts: SigningMailTexts;
  formName: string;
  envelopeId: string;
  to: MailAddress;
}

/** The request or reminder to sign: the signer's own link, the sender's subject and message when given. */
export function signingLinkMail(
  facts: SigningMailFacts & {
    kind: 'signing-request' | 'reminder';
    link: string;
    emailSubject: string | null;
    emailMessage: string | null;
    linkExpiresAt: Date;
    /** The recipient's locale, which writes the link's expiry ('en' when absent). */
    locale?: string;
  },
): MailMessage {
  const { texts, formName, to } = facts;
  const form = { form: formName, name: to.name };
  const subject =
    facts.kind === 'reminder' ? fill(texts.mlReminderSubject, { ...form, subject: facts.emailSubject ?? fill(texts.mlInviteSubject, form) }) : (facts.emailSubject ?? fill(texts.mlInviteSubject, form));
  const blocks: Block[] = [
    { paragraph: fill(texts.mlGreeting, form) },
    { paragraph: fill(facts.kind === 'reminder' ? texts.mlReminderIntro : texts.mlInviteIntro, form) },
  ];
  if (facts.emailMessage) blocks.push({ paragraph: texts.mlSenderMessage }, { quote: facts.emailMessage });
  blocks.push(
    { link: facts.link, words: fill(texts.mlSignLink, form) },
    { paragraph: fill(texts.mlSignLinkText, form) },
    { paragraph: fill(texts.mlLinkExpires, { ...form, date: mailDate(facts.linkExpiresAt, facts.locale ?? 'en') }) },
    { paragraph: texts.mlFooter },
  );
  return { kind: facts.kind, to, subject, ...parts(blocks), attachments: [], envelopeId: facts.envelopeId, link: facts.link };
}

/** The completed envelope, to one party, with the signed document attached. */
export function completedMail(facts: SigningMailFacts & { signed: MailAttachment }): MailMessage {
  const { texts, formName, to } = facts;
  const values = { form: formName, name: to.name };
  const blocks: Block[] = [{ paragraph: fill(texts.mlGreeting, values) }, { paragraph: fill(texts.mlCompletedBody, values) }, { paragraph: texts.mlFooter }];
  return { kind: 'completed', to, subject: fill(texts.mlCompletedSubject, values), ...parts(blocks), attachments: [facts.signed], envelopeId: facts.envelopeId };
}

/**
 * A signer declined: to the sender and the signers who signed before, with the reason; the sender's message links to
 * the form instance's page (`instanceLink`), where the signature can be requested again.
 */
export function declinedMail(facts: SigningMailFacts & { signerName: string | null; reason: string; instanceLink?: string }): MailMessage {
  const { texts, formName, to } = facts;
  const values = { form: formName, name: to.name, signer: facts.signerName ?? texts.mlSomeSigner };
  const blocks: Block[] = [{ paragraph: fill(texts.mlGreeting, values) }, { paragraph: fill(texts.mlDeclinedBody, values) }, { quote: facts.reason }];
  if (facts.instanceLink) blocks.push({ link: facts.instanceLink, words: fill(texts.mlDeclinedLink, values) });
  blocks.push({ paragraph: texts.mlFooter });
  return { kind: 'declined', to, subject: fill(texts.mlDeclinedSubject, values), ...parts(blocks), attachments: [], envelopeId: facts.envelopeId };
}

/** What a visitor's receipt is written from: the form, the visitor's address, their view link and when they sent. */
export interface ReceiptMailFacts {
  texts: SigningMailTexts;
  formName: string;
  email: string;
  /** The visitor's view link: their answers, read-only. */
  link: string;
  submittedAt: Date;
  /** The locale the date is written in ('en' when absent). */
  locale?: string;
}

/** The receipt to a visitor who sent a form and gave an e-mail address: when it was received and their view link. */
export function receiptMail(facts: ReceiptMailFacts): MailMessage {
  const { texts } = facts;
  const values = { form: facts.formName, date: mailDate(facts.submittedAt, facts.locale ?? 'en') };
  const blocks: Block[] = [
    { paragraph: texts.mlReceiptGreeting },
    { paragraph: fill(texts.mlReceiptBody, values) },
    { link: facts.link, words: fill(texts.mlReceiptLink, values) },
    { paragraph: texts.mlReceiptLinkText },
    { paragraph: texts.mlFooter },
  ];
  return { kind: 'receipt', to: { name: '', email: facts.email }, subject: fill(texts.mlReceiptSubject, values), ...parts(blocks), attachments: [], envelopeId: '', link: facts.link };
}

/** An e-mail address as a receipt may be sent to: one `@`, no spaces, a dot in the domain. */
const RECEIPT_ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The e-mail address a visitor gave in their answers: the first property of the schema (in order, nested objects
 * included, arrays not) whose format is `email` or `idn-email` and whose answer is an address; null when none.
 */
export function receiptAddress(jsonSchema: unknown, data: unknown): string | null {
  if (!isObject(jsonSchema) || !isObject(data) || !isObject(jsonSchema.properties)) return null;
  for (const [name, property] of Object.entries(jsonSchema.properties)) {
    if (!isObject(property)) continue;
    const value = data[name];
    if ((property.format === 'email' || property.format === 'idn-email') && typeof value === 'string' && RECEIPT_ADDRESS.test(value.trim())) return value.trim();
    const nested = property.type === 'object' ? receiptAddress(property, value) : null;
    if (nested) return nested;
  }
  return null;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Whether an address is in a reserved `.invalid` domain (RFC 2606), which no mail reaches: the development SMTP sink
 * and the test fake refuse it for good, so a failed message can be tried on both alike.
 */
export function isRefusedRecipient(email: string): boolean {
  return /\.invalid$/i.test(email.trim());
}

/** The SMTP server's answer to a recipient refused for good (5xx: not retried). */
export function refusedRecipientReply(email: string): string {
  return `5.1.2 <${email}>: the domain does not exist (.invalid is reserved)`;
}

/** The error a mail client reports for a refused recipient, as nodemailer words it, with its SMTP code. */
export function refusedRecipientError(email: string): Error & { responseCode: number } {
  return Object.assign(new Error(`Can't send mail - all recipients were rejected: 550 ${refusedRecipientReply(email)}`), { responseCode: 550 });
}
