// @vitest-environment node
/**
 * Contract of what an instance list needs, on the fake and the reference server alike: OData `in` lists, answers
 * sorted and filtered on their JSON path (`data/city`), `$search` (what each set searches, phrases, NOT) and `any` /
 * `all` lambdas, with their 400s; and DynamicFormLinking/Duplicate
 * (a new Created instance with the same schema and data, no envelope; 404 for a soft-deleted or missing instance;
 * 401 / 403 by the route table). One scenario through the typed client against each backend; the facts must match.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { isApiError, odata } from '../../src/api';
import { FormInstanceStatus } from '../../src/api/enums';
import type { Form, FormGroup, FormInstance, JsonObject } from '../../src/api/types';
import { typedSearchTerms } from '../../src/domain/search-words';
import { shapeOf, type Shape } from './shape';
import { startFakeTarget, startServerTarget, type ContractTarget } from './targets';

interface Observed {
  shapes: Map<string, Shape>;
  facts: Map<string, unknown>;
}

const jsonSchema: JsonObject = { type: 'object', properties: { name: { type: 'string' }, city: { type: 'string' } } };

async function outcome(call: () => Promise<unknown>): Promise<unknown> {
  try {
    await call();
    return 'ok';
  } catch (error) {
    if (!isApiError(error)) throw error;
    return { status: error.status, detail: (error.result as { detail?: string } | null)?.detail };
  }
}

async function runScenario(target: ContractTarget): Promise<Observed> {
  const shapes = new Map<string, Shape>();
  const facts = new Map<string, unknown>();
  const admin = target.client;
  const group = await admin.crud.formgroup.post({ name: 'Search group', description: 'for lambdas' });
  const form = await admin.crud.form.post({ name: 'Search form', description: 'Zebra crossing', formGroupId: group?.formGroupId ?? null });
  const formId = form?.formId ?? '';
  const schema = await admin.crud.formschema.post({ formId, jsonSchema, layout: { pages: [] }, isPublic: true });
  const formSchemaId = schema?.formSchemaId ?? '';
  const post = async (data: JsonObject, status: FormInstanceStatus) =>
    (await admin.crud.forminstance.post({ formSchemaId, data, status })) as FormInstance;
  const ann = await post({ name: 'Ann Lee', city: 'New York', nested: { notes: ['Ruby'] } }, FormInstanceStatus.Created);
  const bo = await post({ name: 'Bo', city: 'York' }, FormInstanceStatus.InProgress);
  const cy = await post({ name: 'Cy', city: 'Oslo', n: 7 }, FormInstanceStatus.Submitted);
  // Rows come in key order, and ids differ between the backends: the labels are compared sorted.
  const label = new Map([ann, bo, cy].map((i, n) => [i.formInstanceId, ['ann', 'bo', 'cy'][n]]));
  const ofForm = odata.eq<FormInstance>('formId', odata.guid(formId));
  const groupId = group?.formGroupId ?? '';
  const ofGroup = odata.eq<FormGroup>('formGroupId', odata.guid(groupId));
  const instances = async (options: { filter?: odata.Filter<FormInstance>; search?: string }) =>
    ((await admin.odata.formInstances.list({ ...options, filter: odata.and(ofForm, options.filter ?? odata.and()), select: ['formInstanceId'] }))?.value ?? []).map((i) =>
      label.get(i.formInstanceId),
    ).sort();

  facts.set('in.status', await instances({ filter: odata.in('status', [FormInstanceStatus.Created, FormInstanceStatus.Submitted]) }));
  facts.set('in.ids', await instances({ filter: odata.in('formInstanceId', [odata.guid(bo.formInstanceId), odata.guid(cy.formInstanceId)]) }));
  facts.set('in.not', await instances({ filter: odata.not(odata.in('status', [FormInstanceStatus.Created])) }));
  facts.set('search.word', await instances({ search: 'YORK' }));
  facts.set('search.phrase', await instances({ search: '"new york"' }));
  facts.set('search.not', await instances({ search: 'york NOT ann' }));
  facts.set('search.or', await instances({ search: 'ruby OR oslo' }));
  facts.set('search.keys', await instances({ search: 'nested OR notes OR city' }));
  facts.set('search.id', await instances({ search: cy.formInstanceId.slice(-8).toUpperCase() }));
  facts.set('search.words', await instances({ search: odata.searchWords('lee  ann') }));
  facts.set('search.forms', (await admin.odata.forms.list({ search: 'zebra', select: ['name'] }))?.value.map((f) => f.name));
  facts.set('search.groups', (await admin.odata.formGroups.list({ search: 'LAMBDAS', select: ['name'] }))?.value.map((g) => g.name));
  facts.set('search.schemas', (await admin.odata.formSchemas.list({ search: 'search form', filter: odata.eq('formId', odata.guid(formId)), select: ['version'] }))?.value);
  facts.set(
    'any.forms',
    (await admin.odata.forms.list({ filter: odata.and(odata.eq('formId', odata.guid(formId)), odata.any('formSchemas', odata.eq('isPublic', true))), select: ['name'] }))?.value,
  );
  facts.set(
    'all.forms',
    (await admin.odata.forms.list({ filter: odata.and(odata.eq('formId', odata.guid(formId)), odata.all('formSchemas', odata.eq('isPublic', false))), select: ['name'] }))?.value,
  );
  facts.set(
    'any.nested',
    (
      await admin.odata.formGroups.list({
        filter: odata.and(ofGroup, odata.any('forms', odata.any('formSchemas', odata.any('formInstances', odata.eq('status', FormInstanceStatus.Submitted))))),
        select: ['name'],
      })
    )?.value,
  );
  facts.set(
    'any.nested.filter',
    (
      await admin.odata.formGroups.list({
        filter: `formGroupId eq ${groupId} and forms/any(f: f/formSchemas/any(s: s/formInstances/any(i: i/status eq ${FormInstanceStatus.Submitted})))`,
        select: ['name'],
      })
    )?.value,
  );
  facts.set(
    'any.nested.none',
    (await admin.odata.formGroups.list({ filter: `formGroupId eq ${groupId} and forms/any(f: f/formSchemas/any(s: s/formInstances/any(i: i/status eq ${FormInstanceStatus.Completed})))` }))?.value,
  );
  // Typed searches (odata.searchWords: every word anywhere, a quoted phrase as written; an id only for a long term)
  // and the lists' deleted view (odata.deletedView), over a form of their own.
  const applicantsForm = await admin.crud.form.post({ name: 'Applicants', description: null, formGroupId: null });
  const applicantsFormId = applicantsForm?.formId ?? '';
  const applicantsSchema = await admin.crud.formschema.post({ formId: applicantsFormId, jsonSchema, layout: { pages: [] }, isPublic: true });
  const applicant = async (name: string) =>
    (await admin.crud.forminstance.post({ formSchemaId: applicantsSchema?.formSchemaId ?? '', data: { name }, status: FormInstanceStatus.Created })) as FormInstance;
  const a07 = await applicant('Applicant 07');
  const a70 = await applicant('Applicant 70');
  const a17 = await applicant('Applicant 17');
  const rev = await applicant('07, Applicant');
  const applicantLabel = new Map([a07, a70, a17, rev].map((i, n) => [i.formInstanceId, ['a07', 'a70', 'a17', 'rev'][n]]));
  const applicants = async (options: { filter?: odata.Filter<FormInstance>; search?: string }) =>
    (
      (await admin.odata.formInstances.list({ ...options, filter: odata.and(odata.eq<FormInstance>('formId', odata.guid(applicantsFormId)), options.filter ?? odata.and()), select: ['formInstanceId', 'isDeleted'] }))?.value ?? []
    )
      .map((i) => `${applicantLabel.get(i.formInstanceId) ?? '?'}${i.isDeleted ? ' (deleted)' : ''}`)
      .sort();
  facts.set('search.typed.words', await applicants({ search: odata.searchWords('Applicant 07') }));
  facts.set('search.typed.phrase', await applicants({ search: odata.searchWords('"applicant 07"') }));
  facts.set('search.typed.shortId', await applicants({ search: odata.searchWords(a17.formInstanceId.slice(-4)) }));
  facts.set('search.typed.longId', await applicants({ search: odata.searchWords(a17.formInstanceId.slice(-8)) }));
  facts.set(
    'search.typed.names',
    ((await admin.odata.forms.list({ filter: odata.and(...typedSearchTerms('form SEARCH').map((t) => odata.contains<Form>(odata.tolower<Form>('name'), t.toLowerCase()))), select: ['name'] }))?.value ?? []).map((f) => f.name),
  );
  await admin.crud.forminstance.softDelete(a70.formInstanceId);
  facts.set('view.live', await applicants({ filter: odata.deletedView(false) }));
  facts.set('view.all', await applicants({ filter: odata.deletedView(true) }));
  await admin.crud.forminstance.patch({ formInstanceId: a70.formInstanceId, isDeleted: false });
  facts.set('view.all.restored', await applicants({ filter: odata.deletedView(true) }));
  // Answers sorted and filtered through OData on their JSON path (`data/city`), as the Form Instances list's answer
  // columns ask: in the order given (not sorted here), strings by code unit.
  const inOrder = async (orderBy: odata.ODataQueryOptions<FormInstance>['orderBy']) =>
    ((await admin.odata.formInstances.list({ filter: ofForm, orderBy, select: ['formInstanceId'] }))?.value ?? []).map((i) => label.get(i.formInstanceId));
  facts.set('answer.order.asc', await inOrder([['data/city', 'asc']]));
  facts.set('answer.order.desc', await inOrder([['data/name', 'desc']]));
  facts.set('answer.contains', await instances({ filter: odata.contains<FormInstance>(odata.tolower<FormInstance>('data/city'), 'york') }));
  facts.set('answer.eq.number', await instances({ filter: odata.eq<FormInstance>('data/n', 7) }));
  facts.set('answer.eq.text', await instances({ filter: odata.eq<FormInstance>('data/city', 'Oslo') }));

  // Sent as written (the typed client would refuse most of them before sending).
  const raw = async (path: string) => {
    const response = await fetch(`${target.baseUrl}${path}`, { headers: { Authorization: `Bearer ${target.adminToken}` } });
    return { status: response.status, detail: ((await response.json()) as { detail?: string }).detail };
  };
  for (const [name, query] of Object.entries({
    'refused.in.empty': '/odata/FormInstanceOData?$filter=status in ()',
    'refused.in.null': '/odata/FormInstanceOData?$filter=status in (1, null)',
    'refused.in.type': "/odata/FormInstanceOData?$filter=status in (1, 'a')",
    'refused.lambda.single': '/odata/FormInstanceOData?$filter=form/any(f: f/name eq 1)',
    'refused.lambda.outside': '/odata/FormOData?$filter=formSchemas/any(s: name eq 1)',
    'refused.search.nested': '/odata/FormOData?$expand=formSchemas($search=x)',
    'refused.search.phrase': '/odata/FormOData?$search="open',
    'refused.search.nul': '/odata/FormOData?$search=a%00b',
  })) {
    facts.set(name, await raw(query));
  }

  const copy = await admin.dynamicFormLinking.duplicate(ann.formInstanceId);
  shapes.set('duplicate', shapeOf(copy));
  facts.set('duplicate', {
    newId: copy?.formInstanceId !== ann.formInstanceId,
    same: [copy?.formSchemaId === formSchemaId, copy?.formId === formId],
    data: copy?.data,
    status: copy?.status,
    envelope: [copy?.envelopeId, copy?.envelopeStatus],
    isDeleted: copy?.isDeleted,
  });
  const fromSubmitted = await admin.dynamicFormLinking.duplicate(cy.formInstanceId);
  facts.set('duplicate.submitted.status', fromSubmitted?.status);
  facts.set('duplicate.listed', (await instances({ filter: odata.eq('status', FormInstanceStatus.Created), search: 'ann' })).length);
  facts.set('duplicate.anonymous', await outcome(() => target.clientAs(null).dynamicFormLinking.duplicate(bo.formInstanceId)));
  facts.set('duplicate.noclaims', await outcome(async () => (await target.newUser()).client.dynamicFormLinking.duplicate(bo.formInstanceId)));
  facts.set('duplicate.missing', await outcome(() => admin.dynamicFormLinking.duplicate('00000000-0000-0000-0000-00000000abcd')));
  await admin.crud.forminstance.softDelete(bo.formInstanceId);
  facts.set('duplicate.softdeleted', await outcome(() => admin.dynamicFormLinking.duplicate(bo.formInstanceId)));
  await admin.crud.form.softDelete(formId);
  facts.set('duplicate.form.softdeleted', await outcome(() => admin.dynamicFormLinking.duplicate(ann.formInstanceId)));

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

describe('in, $search, any / all and Duplicate — the fake and the server agree', () => {
  it('find the same rows', () => {
    expect(fake.facts.get('in.status')).toEqual(['ann', 'cy']);
    expect(fake.facts.get('in.ids')).toEqual(['bo', 'cy']);
    expect(fake.facts.get('in.not')).toEqual(['bo', 'cy']);
    expect(fake.facts.get('search.word')).toEqual(['ann', 'bo']);
    expect(fake.facts.get('search.phrase')).toEqual(['ann']);
    expect(fake.facts.get('search.not')).toEqual(['bo']);
    expect(fake.facts.get('search.or')).toEqual(['ann', 'cy']);
    expect(fake.facts.get('search.keys')).toEqual([]);
    expect(fake.facts.get('search.id')).toEqual(['cy']);
    expect(fake.facts.get('search.words')).toEqual(['ann']);
    expect(fake.facts.get('search.forms')).toEqual(['Search form']);
    expect(fake.facts.get('search.groups')).toEqual(['Search group']);
    expect(fake.facts.get('any.forms')).toMatchObject([{ name: 'Search form' }]);
    expect(fake.facts.get('all.forms')).toEqual([]);
    expect(fake.facts.get('any.nested')).toEqual(fake.facts.get('any.nested.filter'));
    expect(fake.facts.get('any.nested')).toMatchObject([{ name: 'Search group' }]);
    expect(fake.facts.get('any.nested.none')).toEqual([]);
    expect(fake.facts.get('search.typed.words')).toEqual(['a07', 'rev']);
    expect(fake.facts.get('search.typed.phrase')).toEqual(['a07']);
    expect(fake.facts.get('search.typed.shortId')).toEqual([]);
    expect(fake.facts.get('search.typed.longId')).toEqual(['a17']);
    expect(fake.facts.get('search.typed.names')).toEqual(['Search form']);
    expect(fake.facts.get('view.live')).toEqual(['a07', 'a17', 'rev']);
    expect(fake.facts.get('view.all')).toEqual(['a07', 'a17', 'a70 (deleted)', 'rev']);
    expect(fake.facts.get('view.all.restored')).toEqual(['a07', 'a17', 'a70', 'rev']);
    expect(fake.facts.get('answer.order.asc')).toEqual(['ann', 'cy', 'bo']);
    expect(fake.facts.get('answer.order.desc')).toEqual(['cy', 'bo', 'ann']);
    expect(fake.facts.get('answer.contains')).toEqual(['ann', 'bo']);
    expect(fake.facts.get('answer.eq.number')).toEqual(['cy']);
    expect(fake.facts.get('answer.eq.text')).toEqual(['cy']);
    for (const key of ['search', 'any', 'all', 'in', 'view', 'answer'].flatMap((p) => [...fake.facts.keys()].filter((k) => k.startsWith(p)))) {
      expect(server.facts.get(key), key).toEqual(fake.facts.get(key));
    }
  });

  it('refuse the same queries with the same 400s', () => {
    for (const key of [...fake.facts.keys()].filter((k) => k.startsWith('refused.'))) {
      expect(fake.facts.get(key), key).toMatchObject({ status: 400 });
      expect(server.facts.get(key), key).toEqual(fake.facts.get(key));
    }
  });

  it('duplicate alike: a new Created instance with the same schema and data, no envelope; 404 for deleted ones', () => {
    expect(fake.facts.get('duplicate')).toEqual({
      newId: true,
      same: [true, true],
      data: { name: 'Ann Lee', city: 'New York', nested: { notes: ['Ruby'] } },
      status: FormInstanceStatus.Created,
      envelope: [null, null],
      isDeleted: false,
    });
    expect(fake.facts.get('duplicate.submitted.status')).toBe(FormInstanceStatus.Created);
    expect(fake.facts.get('duplicate.listed')).toBe(2);
    expect(fake.facts.get('duplicate.anonymous')).toMatchObject({ status: 401 });
    expect(fake.facts.get('duplicate.noclaims')).toMatchObject({ status: 403, detail: "The claim 'DynamicFormLinking_Duplicate' is required." });
    expect(fake.facts.get('duplicate.missing')).toEqual({ status: 404, detail: "No form instance '<id>'." });
    expect(fake.facts.get('duplicate.softdeleted')).toEqual({ status: 404, detail: "No form instance '<id>'." });
    expect(fake.facts.get('duplicate.form.softdeleted')).toEqual({ status: 404, detail: "No form instance '<id>'." });
    for (const key of [...fake.facts.keys()].filter((k) => k.startsWith('duplicate'))) {
      expect(server.facts.get(key), key).toEqual(fake.facts.get(key));
    }
    expect(Object.fromEntries(server.shapes)).toEqual(Object.fromEntries(fake.shapes));
  });
});
