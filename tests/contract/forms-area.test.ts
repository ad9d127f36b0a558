// @vitest-environment node
/**
 * Contract of the forms half (docs/spec.md, Calls: CRUD, OData reads, Forms/*): one scenario through the typed
 * client against the fake and against the reference server; the shapes of the answers and the facts
 * (statuses, problem details' texts, what anonymous and link callers may do) must be the same. The
 * rules behind them live once in src/domain/forms.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, isApiError } from '../../src/api';
import { FormInstanceStatus } from '../../src/api/enums';
import type { FormLayout, JsonObject } from '../../src/api/types';
import { FORM_LINK_MODE_HEADER } from '../../src/domain/forms';
import { saveFormInstance, type FormInstanceSave } from '../../src/query/forms-viewer';
import { shapeOf, type Shape } from './shape';
import { startFakeTarget, startServerTarget, type ContractTarget } from './targets';

interface Observed {
  shapes: Map<string, Shape>;
  facts: Map<string, unknown>;
}

const jsonSchema: JsonObject = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: { name: { type: 'string', minLength: 1 }, age: { type: 'integer', minimum: 0 } },
  required: ['name'],
};
const layout: FormLayout = {
  pages: [{ id: 'p', title: 'P', sections: [{ id: 's', title: 'S', fields: [{ id: 'name', path: '/name', widget: 'text', label: 'Name' }, { id: 'age', path: '/age', widget: 'integer', label: 'Age' }] }] }],
};

/** The status and problem details' detail of a refused call (or 'ok'). */
async function outcome(call: () => Promise<unknown>): Promise<unknown> {
  try {
    await call();
    return 'ok';
  } catch (error) {
    if (!isApiError(error)) throw error;
    const result = error.result as { detail?: string; errors?: { path: string }[] } | null;
    return { status: error.status, detail: result?.detail, errorPaths: result?.errors?.map((e) => e.path).sort() };
  }
}

async function runScenario(target: ContractTarget): Promise<Observed> {
  const baseUrl = target.baseUrl;
  const shapes = new Map<string, Shape>();
  const facts = new Map<string, unknown>();
  const admin = target.client;
  const anonymous = target.clientAs(null);
  const withToken = (token: string) => createApiClient({ baseUrl, retry: { retries: 0 }, getAccessToken: () => token });

  const group = await admin.crud.formgroup.post({ name: ' Contract group ', description: 'd' });
  shapes.set('formgroup.post', shapeOf(group));
  facts.set('formgroup.name', group?.name);
  const form = await admin.crud.form.post({ name: 'Contract form', formGroupId: group?.formGroupId ?? null });
  shapes.set('form.post', shapeOf(form));
  const formId = form?.formId ?? '';
  const publicSchema = await admin.crud.formschema.post({ formId, jsonSchema, layout, isPublic: true });
  const privateSchema = await admin.crud.formschema.post({ formId, jsonSchema, layout });
  shapes.set('formschema.post', shapeOf(publicSchema));
  facts.set('schema.versions', [publicSchema?.version, privateSchema?.version]);
  const instance = await admin.crud.forminstance.post({ formSchemaId: privateSchema?.formSchemaId ?? '', data: { name: 'Ada' } });
  shapes.set('forminstance.post', shapeOf(instance));
  const instanceId = instance?.formInstanceId ?? '';
  facts.set('instance.status', instance?.status);

  facts.set('schema.used.change', await outcome(() => admin.crud.formschema.patch({ formSchemaId: privateSchema?.formSchemaId ?? '', jsonSchema: { ...jsonSchema, required: [] } })));
  // A layout nobody could fill in (a multi-select over a string) is refused on save, on post and on patch alike.
  const unfillable: FormLayout = {
    pages: [{ id: 'p', title: 'P', sections: [{ id: 's', title: 'S', fields: [{ id: 'name', path: '/name', widget: 'multiselect', label: 'Name' }] }] }],
  };
  facts.set('schema.widget.post', await outcome(() => admin.crud.formschema.post({ formId, jsonSchema, layout: unfillable })));
  facts.set('schema.widget.patch', await outcome(() => admin.crud.formschema.patch({ formSchemaId: publicSchema?.formSchemaId ?? '', layout: unfillable })));
  facts.set('instance.submit.invalid', await outcome(() => admin.crud.forminstance.patch({ formInstanceId: instanceId, data: { age: -1 }, status: FormInstanceStatus.Submitted })));
  const patched = await admin.crud.forminstance.patch({ formInstanceId: instanceId, data: { name: 'Ada L.', age: 36 }, status: FormInstanceStatus.Submitted });
  shapes.set('forminstance.patch', shapeOf(patched));
  facts.set('instance.patched', [patched?.status, patched?.data]);

  const list = await admin.odata.formInstances.list({ filter: `formId eq ${formId}`, select: ['formInstanceId', 'status', 'data'], count: true });
  shapes.set('odata.formInstances', shapeOf(list));
  facts.set('odata.count', list?.['@odata.count']);
  facts.set('odata.malformed', await outcome(() => admin.odata.forms.list({ filter: 'nope eq 1' })));

  facts.set('anonymous.post.private', await outcome(() => anonymous.crud.forminstance.post({ formSchemaId: privateSchema?.formSchemaId ?? '', data: {} })));
  const anonymousPost = await anonymous.crud.forminstance.post({ formSchemaId: publicSchema?.formSchemaId ?? '', data: { name: 'Anon' }, status: FormInstanceStatus.InProgress });
  facts.set('anonymous.post.public', anonymousPost?.status);
  facts.set('anonymous.list', await outcome(() => anonymous.odata.formInstances.list()));

  // A public form is fillable by a signed-in user lacking FormInstance_Add, exactly as by an anonymous visitor.
  const reader = target.clientAs('reader');
  const readerSave = (save: Pick<FormInstanceSave, 'formInstanceId' | 'data' | 'status' | 'linkToken'>, schemaId: string) =>
    saveFormInstance(reader, { ...save, formSchemaId: schemaId, formId, version: null });
  const readerPost = await readerSave({ formInstanceId: null, data: { name: 'Rea' }, status: FormInstanceStatus.InProgress, linkToken: null }, publicSchema?.formSchemaId ?? '');
  facts.set('reader.post.public', [readerPost.instance.status, readerPost.linkToken !== null]);
  facts.set('reader.patch.own', await outcome(() =>
    readerSave({ formInstanceId: readerPost.instance.formInstanceId, data: { name: 'Rea D.' }, status: FormInstanceStatus.InProgress, linkToken: readerPost.linkToken }, publicSchema?.formSchemaId ?? ''),
  ));
  facts.set('reader.patch.without.link', await outcome(() => reader.crud.forminstance.patch({ formInstanceId: readerPost.instance.formInstanceId, data: { name: 'No' } })));
  facts.set('reader.post.private', await outcome(() => reader.crud.forminstance.post({ formSchemaId: privateSchema?.formSchemaId ?? '', data: {} })));
  facts.set('editor.post.private', await outcome(() => target.clientAs('editor').crud.forminstance.post({ formSchemaId: privateSchema?.formSchemaId ?? '', data: {} })));
  // A signed-in user holding no claim at all reads public forms as a visitor, and is refused for the claim (never told
  // to sign in) where a visitor would need a link.
  const nobody = (await target.newUser()).client;
  facts.set('noclaims.schemas', (await nobody.odata.formSchemas.list({ filter: `formId eq ${formId}`, select: ['isPublic'] }))?.value);
  facts.set('noclaims.instances', await outcome(() => nobody.odata.formInstances.list()));

  const editUrl = new URL((await admin.forms.getEditUrl(instanceId)) ?? '');
  const viewUrl = new URL((await admin.forms.getViewUrl(instanceId)) ?? '');
  facts.set('link.edit', [editUrl.pathname, [...editUrl.searchParams.keys()], editUrl.searchParams.get('mode'), editUrl.searchParams.get('formInstanceId') === instanceId]);
  facts.set('link.view.mode', viewUrl.searchParams.get('mode'));
  const editor = withToken(editUrl.searchParams.get('token') ?? '');
  const viewer = withToken(viewUrl.searchParams.get('token') ?? '');
  facts.set('link.read', (await viewer.odata.formInstances.list())?.value.map((i) => i.formInstanceId === instanceId));
  // Every read through a link says what the link lets its holder do.
  const linkMode = async (client: typeof viewer) =>
    (await client.send({ method: 'GET', path: '/odata/FormInstanceOData' })).headers.get(FORM_LINK_MODE_HEADER);
  facts.set('link.mode', [await linkMode(viewer), await linkMode(editor), (await admin.send({ method: 'GET', path: '/odata/FormSchemaOData' })).headers.get(FORM_LINK_MODE_HEADER)]);
  facts.set('link.view.write', await outcome(() => viewer.crud.forminstance.patch({ formInstanceId: instanceId, data: { name: 'X' } })));
  facts.set('link.edit.write', await outcome(() => editor.crud.forminstance.patch({ formInstanceId: instanceId, data: { name: 'Y', age: 1 } })));
  facts.set('link.altered', await outcome(() => withToken(`${editUrl.searchParams.get('token') ?? ''}x`).odata.formInstances.list()));
  // A link never completes (only staff complete a Submitted instance: the domain's status table).
  facts.set('link.markCompleted', await outcome(() => editor.forms.markCompleted(instanceId)));
  await admin.forms.markCompleted(instanceId);
  facts.set('link.after.completed', await outcome(() => editor.crud.forminstance.patch({ formInstanceId: instanceId, data: { name: 'Z' } })));
  await admin.forms.notifyDeleted(instanceId);

  // The base of public links: a form's own (embedded in another site) wins over the server's.
  facts.set('form.publicBaseUrl.invalid', await Promise.all(
    ['ftp://forms.example.org', 'forms.example.org/apply', 'https://forms.example.org/apply?x=1', 'https://u:p@forms.example.org'].map((publicBaseUrl) =>
      outcome(() => admin.crud.form.patch({ formId, publicBaseUrl })),
    ),
  ));
  const embedded = await admin.crud.form.patch({ formId, publicBaseUrl: 'https://forms.example.org/apply/' });
  facts.set('form.publicBaseUrl', embedded?.publicBaseUrl);
  facts.set('link.embedded', [
    (await admin.forms.getEditUrl(instanceId))?.split('?')[0],
    (await admin.forms.getViewUrl(instanceId))?.split('?')[0],
  ]);
  facts.set('form.publicBaseUrl.read', (await admin.odata.forms.list({ filter: `formId eq ${formId}`, select: ['publicBaseUrl'] }))?.value[0]?.publicBaseUrl);
  const cleared = await admin.crud.form.patch({ formId, publicBaseUrl: null });
  facts.set('form.publicBaseUrl.cleared', [cleared?.publicBaseUrl, (await admin.forms.getEditUrl(instanceId))?.startsWith('https://forms.example.org')]);

  facts.set('softdelete', await admin.crud.form.softDelete(formId));
  facts.set('odata.hidden', (await admin.odata.forms.list({ filter: `formId eq ${formId}` }))?.value.length);
  facts.set('delete', await admin.crud.form.delete(formId));
  facts.set('deleted.again', await outcome(() => admin.crud.form.delete(formId)));
  // Ids differ between the backends; everything else must not.
  const noIds = (value: unknown): unknown =>
    value === undefined ? undefined : (JSON.parse(JSON.stringify(value).replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<id>')) as unknown);
  return { shapes, facts: new Map([...facts].map(([k, v]) => [k, noIds(v)])) };
}

let fake: Observed;
let server: Observed;

beforeAll(async () => {
  const fakeTarget = await startFakeTarget();
  try {
    fake = await runScenario(fakeTarget);
  } finally {
    await fakeTarget.stop();
  }
  const serverTarget = await startServerTarget();
  try {
    server = await runScenario(serverTarget);
  } finally {
    await serverTarget.stop();
  }
}, 180_000);

describe('forms contract — the fake and the server agree', () => {
  it('answers with the same shapes', () => {
    expect(fake.shapes.size).toBeGreaterThan(0);
    expect(Object.fromEntries(server.shapes)).toEqual(Object.fromEntries(fake.shapes));
  });

  it('states the same facts', () => {
    expect(fake.facts.get('link.view.write')).toMatchObject({ status: 403 });
    expect(fake.facts.get('reader.post.public')).toEqual([FormInstanceStatus.InProgress, true]);
    expect(fake.facts.get('reader.patch.own')).toBe('ok');
    expect(fake.facts.get('reader.patch.without.link')).toMatchObject({ status: 403, detail: "The claim 'FormInstance_Update' is required." });
    expect(fake.facts.get('noclaims.schemas')).toMatchObject([{ isPublic: true }]);
    expect(fake.facts.get('noclaims.instances')).toMatchObject({ status: 403, detail: "The claim 'FormInstance_SelectList' is required." });
    expect(fake.facts.get('reader.post.private')).toMatchObject({ status: 404 });
    expect(fake.facts.get('link.mode')).toEqual(['view', 'edit', null]);
    expect(fake.facts.get('link.embedded')).toEqual(['https://forms.example.org/apply/form-instance/<id>', 'https://forms.example.org/apply/form-instance/<id>']);
    expect(fake.facts.get('form.publicBaseUrl.invalid')).toEqual(Array(4).fill(expect.objectContaining({ status: 400 })));
    expect(fake.facts.get('form.publicBaseUrl.cleared')).toEqual([null, false]);
    expect(fake.facts.get('schema.widget.post')).toMatchObject({ status: 400, detail: expect.stringContaining("'multiselect'") });
    expect(fake.facts.get('schema.widget.patch')).toMatchObject({ status: 400, detail: expect.stringContaining("of type 'string'") });
    expect(Object.fromEntries(server.facts)).toEqual(Object.fromEntries(fake.facts));
  });
});
