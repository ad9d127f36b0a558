/**
 * The form instance calls beside CRUD (docs/spec.md, Calls), written once for both backends over the forms store
 * (src/service/forms-ports.ts): the public links (`Forms/GetEditUrl`, `GetViewUrl`), `Forms/MarkCompleted`,
 * `DynamicFormLinking/Create` (an instance pre-filled from the host's application) and `DynamicFormLinking/Duplicate`. Reading the request and who may call a route are the
 * caller's; what each call may do is the domain's (src/domain/forms, src/domain/pdf).
 */
import type { Form, FormInstance, JsonObject, PrefillProblem } from '../contract/types';
import { FormInstanceStatus } from '../contract/enums';
import { DomainError } from '../domain/errors';
import {
  allLive,
  checkInstanceData,
  checkStatusChange,
  duplicateInstanceFields,
  requireLinkFor,
  rowNotFound,
  unknownFormSchema,
  type FormLinkGrant,
  type FormLinkMode,
} from '../domain/forms';
import { checkedPrefill } from '../domain/pdf';
import { changeRow, type FormsCaller } from './forms';
import type { FormLinks, FormsStorage, FormsStore, Versioned } from './forms-ports';
import type { Clock, Ids } from './ports';
import { recordStatus } from './status-history';

/** What the instance calls work with. */
export interface InstancePorts {
  storage: FormsStorage;
  clock: Clock;
  ids: Ids;
}

async function insertInstance(store: FormsStore, { clock, ids }: InstancePorts, fields: Omit<FormInstance, 'formInstanceId' | 'createdDateTime' | 'lastUpdatedDateTime'>, by: string | null): Promise<Versioned<FormInstance>> {
  const now = clock.now();
  const formInstanceId = ids.newId();
  await store.insert('forminstance', { formInstanceId, ...fields, createdDateTime: now, lastUpdatedDateTime: now }, by);
  await recordStatus(store, formInstanceId, null, fields.status, by, now);
  const saved = await store.find('forminstance', formInstanceId);
  if (!saved) throw new Error(`The form instance '${formInstanceId}' was not found after its insert.`);
  return saved;
}

/**
 * Completes the live instance `id` (404 otherwise): a signed-in caller, or a visitor with its edit link; the status
 * table decides who may complete (staff, a Submitted instance), and the data must pass the engine as Completed.
 */
export async function completeInstance({ storage, clock }: Pick<InstancePorts, 'storage' | 'clock'>, id: string, caller: FormsCaller): Promise<void> {
  await storage.transaction(async (store) => {
    const instance = await store.find('forminstance', id, true);
    if (!instance || instance.row.isDeleted) throw rowNotFound('form instance', id);
    const { formInstanceId, formSchemaId, status } = instance.row;
    if (caller.userId === null) requireLinkFor(caller.link, formInstanceId, true);
    checkStatusChange(status, FormInstanceStatus.Completed, caller.userId === null ? 'visitor' : 'staff');
    const schema = await store.find('formschema', formSchemaId);
    if (!schema) throw unknownFormSchema(formSchemaId);
    const data = checkInstanceData(schema.row, instance.row.data, FormInstanceStatus.Completed);
    const now = clock.now();
    await changeRow(store, 'forminstance', instance, { status: FormInstanceStatus.Completed, data }, now);
    await recordStatus(store, formInstanceId, status, FormInstanceStatus.Completed, caller.userId, now);
  });
}

/**
 * A new instance (status Created) of the live schema `schemaId` of a live form (404 otherwise), pre-filled from the
 * host's `application`: every path the layout binds is copied and checked by the engine; values that do not fit are
 * left out and answered as `problems`.
 */
export async function instanceFromApplication(
  ports: InstancePorts,
  schemaId: string,
  application: JsonObject,
  caller: FormsCaller,
): Promise<{ saved: Versioned<FormInstance>; problems: PrefillProblem[] }> {
  return ports.storage.transaction(async (store) => {
    const schema = await store.find('formschema', schemaId);
    const form = schema ? await store.find('form', schema.row.formId) : undefined;
    if (!schema || !form || !allLive(schema.row, form.row)) throw new DomainError(404, `No form schema '${schemaId}'.`);
    const { data, problems } = checkedPrefill(schema.row, application);
    const { formSchemaId, formId } = schema.row;
    const fields = { formSchemaId, formId, data, status: FormInstanceStatus.Created, envelopeId: null, envelopeStatus: null, isDeleted: false };
    return { saved: await insertInstance(store, ports, fields, caller.userId), problems };
  });
}

/**
 * A public link to the live instance `id` (404 for a missing one, or one whose instance, schema or form is
 * soft-deleted: the link would reach nothing): a new token of `mode`, what it grants, and the instance's form (its
 * `publicBaseUrl` starts the link's address).
 */
export async function instanceLink(
  { storage, links }: { storage: FormsStore; links: FormLinks },
  id: string,
  mode: FormLinkMode,
): Promise<{ grant: FormLinkGrant; token: string; form: Form }> {
  const instance = await storage.find('forminstance', id);
  const schema = instance ? await storage.find('formschema', instance.row.formSchemaId) : undefined;
  const form = instance ? await storage.find('form', instance.row.formId) : undefined;
  if (!instance || !form || !allLive(instance.row, schema?.row, form.row)) throw rowNotFound('form instance', id);
  const { formInstanceId, formSchemaId } = instance.row;
  return { grant: { formInstanceId, formSchemaId, mode }, token: await links.issue(instance.row, mode), form: form.row };
}

/** A copy of the live instance `id` (the domain's duplicate: same schema and data, status Created, unsigned); 404 otherwise. */
export async function duplicateInstance(ports: InstancePorts, id: string, caller: FormsCaller): Promise<Versioned<FormInstance>> {
  return ports.storage.transaction(async (store) => {
    const source = await store.find('forminstance', id);
    const schema = source ? await store.find('formschema', source.row.formSchemaId) : undefined;
    const form = source ? await store.find('form', source.row.formId) : undefined;
    return insertInstance(store, ports, duplicateInstanceFields(id, source?.row, schema?.row, form?.row), caller.userId);
  });
}
