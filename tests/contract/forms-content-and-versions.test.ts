// @vitest-environment node
/**
 * Contract of what a save keeps and how a second save is checked, against the fake and the reference server alike:
 * - every widget's answer (a date-time with its offset, a time, dates, choices, numbers…), and date-time strings in
 *   a schema's `default` / `enum` / `const` and in its layout, come back from a reload exactly as saved (strings, never
 *   `Date`s), show in their controls as typed, and still validate;
 * - every row an OData read answers carries its version (`@odata.etag`), expanded rows too, whatever `$select` says;
 *   two people who open the same instance and each save once: the first save wins, the second is 412 and changes
 *   nothing, whether it goes through `crud.patch` (the row's annotation, or `ifMatch`) or the viewer's save.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { isApiError, odata, type ApiClient } from '../../src/api';
import { FormInstanceStatus } from '../../src/api/enums';
import type { FormField, FormInstance, FormLayout, JsonObject } from '../../src/api/types';
import { validateSubmission } from '../../src/engine/validate-submission';
import { dateTimeFromInput, dateTimeInputValue, timeFromInput, timeInputValue } from '../../src/forms/widgets/values';
import { formViewerQueries, saveFormInstance } from '../../src/query/forms-viewer';
import { widgetFields } from '../../stories/forms/fixtures';
import { startFakeTarget, startServerTarget, type ContractTarget } from './targets';

const WHEN = '2024-05-01T10:30:00+02:00';
const LATER = '2024-11-01T10:30:00+01:00';

/** Every widget of the gallery, plus a `format: time` answer and date-times in the schema's own keywords. */
function roundTripForm(): { jsonSchema: JsonObject; layout: FormLayout; data: JsonObject } {
  const properties: JsonObject = {};
  const fields: FormField[] = [];
  const data: JsonObject = {};
  for (const { field, schema, sample } of widgetFields) {
    fields.push(field);
    if (field.widget === 'static') continue;
    properties[field.path.slice(1)] = schema;
    if (sample !== undefined) data[field.path.slice(1)] = sample as JsonObject[string];
  }
  // What the date-time and time widgets store for what a person types.
  data.appointment = dateTimeFromInput('2024-05-01T10:30') as string;
  properties.callAt = { type: 'string', format: 'time' };
  fields.push({ id: 'callAt', path: '/callAt', widget: 'time', label: 'Call me at' });
  data.callAt = timeFromInput('10:30', 'time') as string;
  properties.meeting = { type: 'string', format: 'date-time', default: WHEN };
  fields.push({ id: 'meeting', path: '/meeting', widget: 'datetime', label: 'Meeting', helpText: `Default ${WHEN}` });
  data.meeting = WHEN;
  properties.slot = { type: 'string', enum: [WHEN, LATER] };
  fields.push({ id: 'slot', path: '/slot', widget: 'select', label: 'Slot', options: [{ value: WHEN, label: WHEN }, { value: LATER, label: 'Later' }] });
  data.slot = LATER;
  properties.agreedAt = { const: WHEN };
  data.agreedAt = WHEN;
  data.history = [{ at: WHEN, createdDateTime: WHEN }];
  properties.history = { type: 'array', items: { type: 'object' } };
  return {
    jsonSchema: { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', properties },
    layout: { pages: [{ id: WHEN, title: WHEN, sections: [{ id: 's', title: 'Everything', description: WHEN, fields }] }] },
    data,
  };
}

interface Observed {
  facts: Map<string, unknown>;
}

async function outcome(call: () => Promise<unknown>): Promise<unknown> {
  try {
    await call();
    return 'ok';
  } catch (error) {
    if (!isApiError(error)) throw error;
    return error.status;
  }
}

const byId = (id: string) => odata.eq<FormInstance>('formInstanceId', odata.guid(id));

async function runScenario(target: ContractTarget): Promise<Observed> {
  const facts = new Map<string, unknown>();
  const admin: ApiClient = target.client;
  const { jsonSchema, layout, data } = roundTripForm();

  // ---- content comes back as saved
  const form = await admin.crud.form.post({ name: 'Round trip', description: 'Filled in once.' });
  const formId = form?.formId ?? '';
  const schema = await admin.crud.formschema.post({ formId, name: 'Round trip v1', jsonSchema, layout, isPublic: true });
  const schemaId = schema?.formSchemaId ?? '';
  facts.set('schema.post.content', [schema?.jsonSchema, schema?.layout]);
  const created = await admin.crud.forminstance.post({ formSchemaId: schemaId, data, status: FormInstanceStatus.InProgress });
  const instanceId = created?.formInstanceId ?? '';
  facts.set('instance.post.data', created?.data);

  const reloaded = await admin.odata.formInstances.getOne({ filter: byId(instanceId) });
  facts.set('instance.reloaded.data', reloaded?.data);
  facts.set('instance.reloaded.audit', [reloaded?.createdDateTime instanceof Date, reloaded?.lastUpdatedDateTime instanceof Date]);
  facts.set('instance.shown', [dateTimeInputValue(reloaded?.data.appointment), timeInputValue(reloaded?.data.callAt)]);
  const reloadedSchema = await admin.odata.formSchemas.getOne({ filter: odata.eq('formSchemaId', odata.guid(schemaId)) });
  facts.set('schema.reloaded.content', [reloadedSchema?.jsonSchema, reloadedSchema?.layout]);
  facts.set('instance.reloaded.valid', reloadedSchema && reloaded ? validateSubmission(reloadedSchema, reloaded.data).valid : null);
  // The viewer's reads and its save answer keep the answers too.
  const viewerRead = await formViewerQueries.instance(admin, instanceId, 'session').queryFn!({ signal: new AbortController().signal } as never);
  facts.set('viewer.read.data', viewerRead.data);
  const viewerSchema = await formViewerQueries.schema(admin, schemaId, 'session').queryFn!({ signal: new AbortController().signal } as never);
  facts.set('viewer.schema.title', [viewerSchema.form?.name, viewerSchema.name]);
  // An anonymous visitor of the public form reads the form's name and description too, and nothing else of it.
  const visitorSchema = await formViewerQueries.schema(target.clientAs(null), schemaId, 'session').queryFn!({ signal: new AbortController().signal } as never);
  const visitorForm = visitorSchema.form ?? {};
  facts.set('visitor.schema.form', [Object.keys(visitorForm).sort(), visitorForm.formId === formId, visitorForm.name, visitorForm.description]);
  const saved = await saveFormInstance(admin, {
    formInstanceId: instanceId,
    formSchemaId: schemaId,
    formId,
    data: viewerRead.data,
    status: FormInstanceStatus.InProgress,
    version: odata.etagOfRow(viewerRead),
    linkToken: null,
  });
  facts.set('viewer.save.data', saved.instance.data);

  // ---- every read row carries its version
  const selected = await admin.odata.formInstances.list({ filter: byId(instanceId), select: ['formInstanceId'] });
  const selectedRow = selected?.value[0];
  facts.set('etag.select', [typeof selectedRow?.['@odata.etag'], Object.keys(selectedRow ?? {}).sort()]);
  facts.set('etag.equals.save', selectedRow?.['@odata.etag'] === saved.version);
  const expanded = await admin.odata.formSchemas.getOne({
    filter: odata.eq('formSchemaId', odata.guid(schemaId)),
    select: ['formSchemaId'],
    expand: { form: { select: ['name'] } },
  });
  facts.set('etag.expanded', [typeof expanded?.['@odata.etag'], typeof (expanded?.form as Record<string, unknown> | null | undefined)?.['@odata.etag']]);

  // ---- two people open the same instance, each saves once
  const first = (await admin.odata.formInstances.getOne({ filter: byId(instanceId) }))!;
  const second = (await admin.odata.formInstances.getOne({ filter: byId(instanceId) }))!;
  facts.set('twice.same.version', first['@odata.etag'] === second['@odata.etag']);
  const mine = await outcome(() => admin.crud.forminstance.patch({ ...first, data: { ...first.data, name: 'First' } }));
  const theirs = await outcome(() => admin.crud.forminstance.patch({ ...second, data: { ...second.data, name: 'Second' } }));
  facts.set('twice.patch', [mine, theirs]);
  const third = await outcome(() =>
    admin.crud.forminstance.patch({ formInstanceId: instanceId, data: { ...second.data, name: 'Third' } }, { ifMatch: second['@odata.etag'] ?? null }),
  );
  const viewerLate = await outcome(() =>
    saveFormInstance(admin, { formInstanceId: instanceId, formSchemaId: schemaId, formId, data: { ...second.data, name: 'Viewer' }, status: FormInstanceStatus.InProgress, version: odata.etagOfRow(second), linkToken: null }),
  );
  facts.set('twice.later', [third, viewerLate]);
  facts.set('twice.kept', (await admin.odata.formInstances.getOne({ filter: byId(instanceId) }))?.data.name);
  const fresh = (await admin.odata.formInstances.getOne({ filter: byId(instanceId) }))!;
  facts.set('fresh.patch', await outcome(() => admin.crud.forminstance.patch({ ...fresh, data: { ...fresh.data, name: 'Fresh' } })));

  await admin.crud.form.delete(formId);
  return { facts };
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

describe.each([
  ['fake', () => fake],
  ['server', () => server],
])('saved content and versions — %s', (_name, observed) => {
  it('gives every widget answer and the schema content back exactly as saved', () => {
    const { jsonSchema, layout, data } = roundTripForm();
    const facts = observed().facts;
    expect(facts.get('schema.post.content')).toEqual([jsonSchema, layout]);
    expect(facts.get('instance.post.data')).toEqual(data);
    expect(facts.get('instance.reloaded.data')).toEqual(data);
    expect(facts.get('schema.reloaded.content')).toEqual([jsonSchema, layout]);
    expect(facts.get('viewer.read.data')).toEqual(data);
    expect(facts.get('viewer.save.data')).toEqual(data);
    // The entity's own dates are still dates.
    expect(facts.get('instance.reloaded.audit')).toEqual([true, true]);
  });

  it('shows the reloaded date-time and time as typed, and the answers still validate', () => {
    const facts = observed().facts;
    expect(facts.get('instance.shown')).toEqual(['2024-05-01T10:30', '10:30']);
    expect(facts.get('instance.reloaded.valid')).toBe(true);
  });

  it("reads the form's name and description with the schema, for the public form's title, anonymous visitors too", () => {
    expect(observed().facts.get('viewer.schema.title')).toEqual(['Round trip', 'Round trip v1']);
    expect(observed().facts.get('visitor.schema.form')).toEqual([['@odata.etag', 'description', 'formId', 'name'], true, 'Round trip', 'Filled in once.']);
  });

  it('answers every read row with its version, selected and expanded rows too', () => {
    const facts = observed().facts;
    expect(facts.get('etag.select')).toEqual(['string', ['@odata.etag', 'formInstanceId']]);
    expect(facts.get('etag.equals.save')).toBe(true);
    expect(facts.get('etag.expanded')).toEqual(['string', 'string']);
  });

  it('checks the first save of each of two people who opened the same instance: the second is 412', () => {
    const facts = observed().facts;
    expect(facts.get('twice.same.version')).toBe(true);
    expect(facts.get('twice.patch')).toEqual(['ok', 412]);
    expect(facts.get('twice.later')).toEqual([412, 412]);
    expect(facts.get('twice.kept')).toBe('First');
    expect(facts.get('fresh.patch')).toBe('ok');
  });
});

describe('saved content and versions — the fake and the server agree', () => {
  it('states the same facts', () => {
    expect(Object.fromEntries(server.facts)).toEqual(Object.fromEntries(fake.facts));
  });
});
