/**
 * The receipt to a visitor who sent a form: when their answers include an e-mail address (a question of format
 * `email`), the backend's mailer is handed a message with their view link (src/service/mail.ts, {@link receiptMail}).
 * Sent once, when the visitor's own write moves their instance to Submitted; a backend without a mailer sends none.
 * React-, HTTP- and storage-free: the routes call it after the write is stored (a failing mailer changes nothing).
 */
import { FormInstanceStatus } from '../contract/enums';
import type { FormInstance } from '../contract/types';
import { allLive, formLinkUrl } from '../domain/forms';
import { receiptAddress, receiptMail, type Mailer, type SigningMailTexts } from './mail';
import type { FormLinks, FormsStore } from './forms-ports';
import type { Clock } from './ports';

/** What a receipt is sent with: the backend's mailer, the texts and locale of its mail. */
export interface ReceiptMail {
  mailer: Mailer;
  texts: SigningMailTexts;
  locale: string;
}

/** What the receipt reads and issues: the forms store, the public links, the clock, and where links point. */
export interface ReceiptPorts {
  storage: FormsStore;
  links: FormLinks;
  clock: Clock;
  publicBaseUrl(form: { publicBaseUrl?: string | null }): string;
}

/**
 * Whether a visitor's write is the one that sends their answers: the body asks for Submitted and the stored instance
 * is Submitted (a refused change answers an error before this is asked).
 */
export function isVisitorSubmit(body: Readonly<Record<string, unknown>>, saved: Pick<FormInstance, 'status'>): boolean {
  return body.status === FormInstanceStatus.Submitted && saved.status === FormInstanceStatus.Submitted;
}

/**
 * Sends the receipt of `instance` when its answers hold an e-mail address; answers whether one was handed to the
 * mailer. The view link is a new token of the instance (mode `view`): the visitor's edit link stays theirs.
 */
export async function sendVisitorReceipt(ports: ReceiptPorts, mail: ReceiptMail | null, instance: FormInstance): Promise<boolean> {
  if (!mail) return false;
  const schema = await ports.storage.find('formschema', instance.formSchemaId);
  const form = await ports.storage.find('form', instance.formId);
  if (!schema || !form || !allLive(instance, schema.row, form.row)) return false;
  const email = receiptAddress(schema.row.jsonSchema, instance.data);
  if (!email) return false;
  const grant = { formInstanceId: instance.formInstanceId, formSchemaId: instance.formSchemaId, mode: 'view' as const };
  const link = formLinkUrl(ports.publicBaseUrl(form.row), grant, await ports.links.issue(instance, 'view'));
  await mail.mailer.send(receiptMail({ texts: mail.texts, formName: form.row.name, email, link, submittedAt: ports.clock.now(), locale: mail.locale }));
  return true;
}
