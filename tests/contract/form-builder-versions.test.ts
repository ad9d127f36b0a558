// @vitest-environment node
/**
 * Contract of the builder's save and the versioning rule, against the fake and the reference server alike:
 * - a new form is a form post then its first version, made current;
 * - a version no instance uses is changed in place (same id, same number);
 * - once an instance uses it, a change to it is refused (409, code `schema-in-use`), and the builder's save makes a
 *   new version (numbered by the backend) and moves the form's current version to it; the instance keeps its
 *   version, opens in it, and keeps its answers, also of the field the new version removed;
 * - a schema with problems is refused with every problem and its field (the same check as the builder's);
 * - the form's stable public link (`GetCurrentPublicVersion`) serves its current version once it is public, to anybody,
 *   and nothing when the current version is not public; an instance's own link keeps naming its version;
 * - saves need their claims: the reader and a user without claims are refused (403), the editor may save.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { isApiError, odata, type ApiClient } from '../../src/api';
import { FormInstanceStatus } from '../../src/api/enums';
import { isProblemDetails } from '../../src/api/problem-details';
import type { FormInstance, FormLayout, FormSchema, JsonObject } from '../../src/api/types';
import { countInstancesOfSchema, DraftProblemsError, saveFormDraft, serverDraftProblems } from '../../src/builder/save/save-draft';
import { NO_PUBLIC_VERSION_MESSAGE } from '../../src/domain/forms';
import { formViewerQueries } from '../../src/query/forms-viewer';
import { startFakeTarget, startServerTarget, type ContractTarget } from './targets';

function draftWith(label: string, withPhone: boolean): { jsonSchema: JsonObject; layout: FormLayout } {
  const properties: JsonObject = { name: { type: 'string', maxLength: 200 } };
  const fields: FormLayout['pages'][number]['sections'][number]['fields'] = [{ id: 'name', path: '/name', widget: 'text', label }];
  if (withPhone) {
    properties.phone = { type: 'string', maxLength: 40 };
    fields.push({ id: 'phone', path: '/phone', widget: 'phone', label: 'Phone' });
  }
  return {
    jsonSchema: { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', properties },
    layout: { pages: [{ id: 'p1', title: 'Page 1', sections: [{ id: 's1', title: 'About you', fields }] }] },
  };
}

async function outcome(call: () => Promise<unknown>): Promise<unknown> {
  try {
    await call();
    return 'ok';
  } catch (error) {
    if (error instanceof DraftProblemsError) return 'not sent';
    if (!isApiError(error)) throw error;
    return [error.status, isProblemDetails(error.result) ? (error.result.code ?? null) : null];
  }
}

const ctx = { signal: new AbortController().signal } as never;

async function runScenario(target: ContractTarget): Promise<Map<string, unknown>> {
  const facts = new Map<string, unknown>();
  const admin: ApiClient = target.client;
  const versionsOf = async (formId: string) =>
    ((await admin.odata.formSchemas.list({ filter: odata.eq<FormSchema>('formId', odata.guid(formId)), orderBy: [['version', 'asc']] }))?.value ?? []).map(
      (s) => [s.version, s.layout.pages[0]?.sections[0]?.fields.map((f) => f.label)],
    );
  const currentOf = async (formId: string) => (await admin.odata.forms.getOne({ filter: odata.eq('formId', odata.guid(formId)) }))?.currentFormSchemaId;

  // ---- a new form
  const created = await saveFormDraft(admin, {
    draft: draftWith('Your name', true),
    details: { name: 'Builder contract', description: 'Made by the builder.', formGroupId: null },
    isPublic: true,
  });
  const formId = created.formId;
  const v1 = created.formSchema.formSchemaId;
  facts.set('created', [created.outcome, created.formSchema.version, created.formSchema.isPublic, (await currentOf(formId)) === v1]);

  // ---- unused: changed in place
  const updated = await saveFormDraft(admin, { draft: draftWith('Full name', true), formId, isPublic: true });
  facts.set('updated', [updated.outcome, updated.formSchema.formSchemaId === v1, updated.formSchema.version]);
  facts.set('updated.versions', await versionsOf(formId));

  // ---- a visitor fills it in
  const instance = await admin.crud.forminstance.post({ formSchemaId: v1, data: { name: 'Ada', phone: '+44 20 7946 0000' }, status: FormInstanceStatus.Submitted });
  const instanceId = instance?.formInstanceId ?? '';
  facts.set('count.v1', await countInstancesOfSchema(admin, v1));

  // ---- used: a direct change is refused, the builder's save makes version 2 and makes it current
  facts.set('patch.used', await outcome(() => admin.crud.formschema.patch({ formSchemaId: v1, layout: draftWith('Changed', false).layout })));
  const next = await saveFormDraft(admin, { draft: draftWith('Name in full', false), formId, isPublic: true });
  const v2 = next.formSchema.formSchemaId;
  facts.set('new-version', [next.outcome, next.formSchema.version, next.previousFormSchemaId === v1, v2 !== v1, (await currentOf(formId)) === v2]);
  facts.set('new-version.versions', await versionsOf(formId));
  facts.set('count.v2', await countInstancesOfSchema(admin, v2));

  // ---- the stable public link serves version 2 now, to anybody; the instance's own link still names version 1
  const visitor = target.clientAs(null);
  const stable = async (client: ApiClient, id = formId) => {
    try {
      const answer = await client.forms.getCurrentPublicVersion(id);
      return [answer?.formId === formId, answer?.formSchemaId === v2 ? 'v2' : answer?.formSchemaId === v1 ? 'v1' : answer?.formSchemaId, answer?.version];
    } catch (error) {
      if (!isApiError(error)) throw error;
      return [error.status, isProblemDetails(error.result) ? error.result.detail : null];
    }
  };
  facts.set('stable.after-v2', [await stable(visitor), await stable(target.clientAs('reader'))]);
  const editLink = (await admin.forms.getEditUrl(instanceId)) ?? '';
  facts.set('stable.instance-link', [editLink.includes(`/form-instance/${v1}?`), editLink.includes(v2)]);

  // ---- the instance keeps its version and its answers, and opens in it
  const read = (await formViewerQueries.instance(admin, instanceId, 'session').queryFn!(ctx)) as FormInstance;
  const itsSchema = (await formViewerQueries.schema(admin, read.formSchemaId, 'session').queryFn!(ctx)) as FormSchema;
  facts.set('instance.kept', [read.formSchemaId === v1, read.data, itsSchema.version, itsSchema.layout.pages[0]?.sections[0]?.fields.map((f) => f.label)]);

  // ---- version 2 is unused, so a further save changes it in place
  const again = await saveFormDraft(admin, { draft: draftWith('Name, in full', false), formId, isPublic: false });
  facts.set('again', [again.outcome, again.formSchema.formSchemaId === v2, again.formSchema.version, again.formSchema.isPublic]);
  // The current version is no longer public: the stable link serves nothing (never an older public version).
  facts.set('stable.not-public', [await stable(visitor), await stable(visitor, '00000000-0000-4000-8000-000000000000'), await stable(visitor, 'not-an-id')]);

  // ---- problems: not sent by the builder; refused by the backend with every problem at its field
  const broken = draftWith('Name', true);
  broken.layout.pages[0]!.sections[0]!.fields.push({ id: 'name', path: '/other', widget: 'text', label: 'Twice' });
  (broken.layout.pages[0]!.sections[0]!.fields[1] as { widget: string }).widget = 'multiselect';
  facts.set('problems.builder', await outcome(() => saveFormDraft(admin, { draft: broken, formId, isPublic: false })));
  let refusal: unknown;
  try {
    await admin.crud.formschema.post({ formId, ...broken });
  } catch (error) {
    refusal = error;
  }
  facts.set('problems.backend', [
    isApiError(refusal) ? refusal.status : null,
    serverDraftProblems(refusal).map((p) => [p.kind, p.fieldId, p.sectionId, p.pageId]),
  ]);
  facts.set('problems.versions', (await versionsOf(formId)).length);

  // ---- claims
  const reader = target.clientAs('reader');
  facts.set('reader.new', await outcome(() => saveFormDraft(reader, { draft: draftWith('X', false), details: { name: 'Nope', description: null, formGroupId: null }, isPublic: false })));
  facts.set('reader.edit', await outcome(() => saveFormDraft(reader, { draft: draftWith('X', false), formId, isPublic: false })));
  const stranger = (await target.newUser()).client;
  facts.set('stranger.edit', await outcome(() => saveFormDraft(stranger, { draft: draftWith('X', false), formId, isPublic: false })));
  const editor = target.clientAs('editor');
  const edited = await saveFormDraft(editor, { draft: draftWith('Edited by the editor', false), formId, isPublic: false });
  facts.set('editor.edit', [edited.outcome, edited.formSchema.version]);

  await admin.crud.form.delete(formId);
  return facts;
}

let fake: Map<string, unknown>;
let server: Map<string, unknown>;

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
])('builder saves and schema versions — %s', (_name, facts) => {
  it('saves a new form as a form and its first version, made current', () => {
    expect(facts().get('created')).toEqual(['created', 1, true, true]);
  });

  it('changes a version no instance uses in place', () => {
    expect(facts().get('updated')).toEqual(['updated', true, 1]);
    expect(facts().get('updated.versions')).toEqual([[1, ['Full name', 'Phone']]]);
  });

  it('refuses to change a used version, and saves a new version made current instead', () => {
    expect(facts().get('count.v1')).toBe(1);
    expect(facts().get('patch.used')).toEqual([409, 'schema-in-use']);
    expect(facts().get('new-version')).toEqual(['new-version', 2, true, true, true]);
    expect(facts().get('new-version.versions')).toEqual([
      [1, ['Full name', 'Phone']],
      [2, ['Name in full']],
    ]);
    expect(facts().get('count.v2')).toBe(0);
  });

  it('keeps the instance on its version, with every answer (also of the removed field), and opens it there', () => {
    expect(facts().get('instance.kept')).toEqual([true, { name: 'Ada', phone: '+44 20 7946 0000' }, 1, ['Full name', 'Phone']]);
  });

  it("serves version 2 on the form's stable link once it is current, while the version 1 instance's link still names version 1", () => {
    expect(facts().get('stable.after-v2')).toEqual([
      [true, 'v2', 2],
      [true, 'v2', 2],
    ]);
    expect(facts().get('stable.instance-link')).toEqual([true, false]);
    expect(facts().get('instance.kept')).toEqual([true, { name: 'Ada', phone: '+44 20 7946 0000' }, 1, ['Full name', 'Phone']]);
  });

  it('serves nothing on the stable link when the current version is not public, or the form is unknown', () => {
    const none = [404, NO_PUBLIC_VERSION_MESSAGE];
    expect(facts().get('stable.not-public')).toEqual([none, none, none]);
  });

  it('changes the new version in place while no instance uses it', () => {
    expect(facts().get('again')).toEqual(['updated', true, 2, false]);
  });

  it('does not send a draft with problems; the backend refuses it with every problem at its field', () => {
    expect(facts().get('problems.builder')).toBe('not sent');
    expect(facts().get('problems.backend')).toEqual([
      400,
      [
        ['schema-layout', 'name', 's1', 'p1'],
        ['schema-binding', 'phone', 's1', 'p1'],
      ],
    ]);
    expect(facts().get('problems.versions')).toBe(2);
  });

  it('refuses saves without the claims and lets the editor save', () => {
    expect(facts().get('reader.new')).toEqual([403, null]);
    expect(facts().get('reader.edit')).toEqual([403, null]);
    expect(facts().get('stranger.edit')).toEqual([403, null]);
    expect(facts().get('editor.edit')).toEqual(['updated', 2]);
  });
});

it('the fake and the server agree on every fact', () => {
  expect(fake).toEqual(server);
});
