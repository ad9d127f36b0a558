import { describe, expect, it } from 'vitest';
import type { Form, FormGroup, FormInstance, FormSchema } from '../../src/api/types';
import { EnvelopeStatus, FormInstanceStatus } from '../../src/api/enums';
import { seedIds } from '../../src/testing';
import * as testing from '../../src/testing';
import { call, getJson, startFakeBackend, type Wire } from './helpers';

const { backend } = startFakeBackend();

interface ODataAnswer<T> {
  value: T[];
  '@odata.count'?: number;
}

function odata<T>(set: string, query: Record<string, string> = {}): Promise<ODataAnswer<T>> {
  const search = new URLSearchParams(query).toString();
  return getJson<ODataAnswer<T>>(`/odata/${set}${search ? `?${search}` : ''}`, {
    headers: { accept: 'application/json;odata.metadata=none;odata.streaming=true' },
  });
}
const names = (rows: { name?: string }[]) => rows.map((r) => r.name);

describe('OData endpoints', () => {
  it('answers every row of a set with value (and no count unless asked)', async () => {
    const forms = await odata<Wire<Form>>('FormOData');
    expect(forms['@odata.count']).toBeUndefined();
    expect(names(forms.value)).toEqual(['Loan Application', 'Employee Onboarding', 'Contact Request', 'Expense Claim']);
    expect(typeof forms.value[0]?.createdDateTime).toBe('string');
    expect(forms.value[0]?.createdDateTime).toBe('2024-01-16T09:00:00.000Z');
    expect((await odata<Wire<FormGroup>>('FormGroupOData')).value).toHaveLength(3);
    expect((await odata<Wire<FormSchema>>('FormSchemaOData')).value).toHaveLength(5);
  });

  it('sets the OData content type', async () => {
    const response = await call('/odata/FormOData');
    expect(response.headers.get('content-type')).toContain('odata.metadata=none');
  });

  it('filters with comparisons, logic and functions', async () => {
    const S = FormInstanceStatus;
    const submitted = await odata<Wire<FormInstance>>('FormInstanceOData', { $filter: `status eq ${S.Submitted}` });
    expect(submitted.value.map((i) => i.formInstanceId)).toEqual([
      seedIds.formInstances.loanSubmitted,
      seedIds.formInstances.onboardingSubmitted,
      seedIds.formInstances.contactSubmitted,
    ]);
    const open = await odata<Wire<FormInstance>>('FormInstanceOData', {
      $filter: `(status lt ${S.Submitted} or envelopeStatus eq ${EnvelopeStatus.Declined}) and formId eq ${seedIds.forms.loanApplication}`,
    });
    expect(open.value.map((i) => i.status)).toEqual([S.Created, S.InProgress]);
    const notLoan = await odata<Wire<Form>>('FormOData', { $filter: "not (name eq 'Loan Application') and formGroupId ne null" });
    expect(names(notLoan.value)).toEqual(['Employee Onboarding', 'Contact Request', 'Expense Claim']);
    // contains is case-sensitive, as in OData; tolower makes it insensitive
    expect(names((await odata<Wire<Form>>('FormOData', { $filter: "contains(name,'on')" })).value)).toEqual([
      'Loan Application',
      'Contact Request',
    ]);
    expect(names((await odata<Wire<Form>>('FormOData', { $filter: "contains(tolower(name),'on')" })).value)).toHaveLength(3);
    expect(names((await odata<Wire<Form>>('FormOData', { $filter: "startswith(tolower(name),'e')" })).value)).toEqual([
      'Employee Onboarding',
      'Expense Claim',
    ]);
    expect(names((await odata<Wire<Form>>('FormOData', { $filter: "endswith(name,'Request') or name eq 'Expense Claim'" })).value)).toEqual([
      'Contact Request',
      'Expense Claim',
    ]);
    expect((await odata<Wire<FormSchema>>('FormSchemaOData', { $filter: 'isPublic eq true' })).value).toHaveLength(1);
    expect((await odata<Wire<FormGroup>>('FormGroupOData', { $filter: "description eq 'Forms anyone can open from the website.'" })).value).toHaveLength(1);
  });

  it("filters on strings with '' escapes, dates, numbers and nested data paths", async () => {
    const quoted = await odata<Wire<FormInstance>>('FormInstanceOData', { $filter: "contains(data/message,'I''d like')" });
    expect(quoted.value.map((i) => i.formInstanceId)).toEqual([seedIds.formInstances.contactSubmitted]);
    const recent = await odata<Wire<FormInstance>>('FormInstanceOData', { $filter: 'createdDateTime ge 2024-01-23T09:00:00Z' });
    expect(recent.value.map((i) => i.formInstanceId)).toEqual([seedIds.formInstances.onboardingInProgress, seedIds.formInstances.contactSubmitted, seedIds.formInstances.expenseCompleted]);
    const byDate = await odata<Wire<FormSchema>>('FormSchemaOData', { $filter: 'lastUpdatedDateTime gt 2024-01-20' });
    expect(byDate.value.map((s) => s.version)).toEqual([2]);
    const bigLoans = await odata<Wire<FormInstance>>('FormInstanceOData', { $filter: 'data/loan/amount gt 30000' });
    expect(bigLoans.value.map((i) => i.formInstanceId)).toEqual([seedIds.formInstances.loanCompleted]);
    const quotedGuid = await odata<Wire<Form>>('FormOData', { $filter: `formId eq '${seedIds.forms.expenseClaim}'` });
    expect(names(quotedGuid.value)).toEqual(['Expense Claim']);
  });

  it('orders by several keys, pages with $top / $skip and counts before paging', async () => {
    const ordered = await odata<Wire<FormSchema>>('FormSchemaOData', { $orderby: 'name asc, version desc' });
    expect(ordered.value.map((s) => `${s.name} v${s.version}`)).toEqual([
      'Contact Request v1',
      'Employee Onboarding v1',
      'Expense Claim v2',
      'Expense Claim v1',
      'Loan Application v1',
    ]);
    const page = await odata<Wire<FormSchema>>('FormSchemaOData', { $orderby: 'name,version desc', $skip: '2', $top: '2', $count: 'true' });
    expect(page['@odata.count']).toBe(5);
    expect(page.value.map((s) => s.version)).toEqual([2, 1]);
    const newest = await odata<Wire<Form>>('FormOData', { $orderby: 'lastUpdatedDateTime desc', $top: '1' });
    expect(names(newest.value)).toEqual(['Expense Claim']);
    const counted = await odata<Wire<FormInstance>>('FormInstanceOData', { $filter: `formId eq ${seedIds.forms.loanApplication}`, $count: 'true', $top: '0' });
    expect(counted).toEqual({ '@odata.count': 4, value: [] });
  });

  it('selects properties and expands navigation properties', async () => {
    const selected = await odata<Record<string, unknown>>('FormOData', { $select: 'formId,name', $top: '1' });
    // Every row answers its version whatever $select says, expanded rows too.
    expect(selected.value).toEqual([{ '@odata.etag': '"1"', formId: seedIds.forms.loanApplication, name: 'Loan Application' }]);
    const expanded = await odata<Record<string, unknown>>('FormOData', {
      $filter: `formId eq ${seedIds.forms.expenseClaim}`,
      $select: 'name',
      $expand: 'formSchemas($select=version;$orderby=version desc;$top=1),formGroup($select=name)',
    });
    expect(expanded.value).toEqual([
      { '@odata.etag': '"1"', name: 'Expense Claim', formSchemas: [{ '@odata.etag': '"1"', version: 2 }], formGroup: { '@odata.etag': '"1"', name: 'Human Resources' } },
    ]);
    const nested = await odata<Record<string, unknown>>('FormInstanceOData', {
      $filter: `formInstanceId eq ${seedIds.formInstances.loanCompleted}`,
      $select: 'status',
      $expand: 'formSchema($select=version;$expand=form($select=name))',
    });
    expect(nested.value).toEqual([
      { '@odata.etag': '"1"', status: FormInstanceStatus.Completed, formSchema: { '@odata.etag': '"1"', version: 1, form: { '@odata.etag': '"1"', name: 'Loan Application' } } },
    ]);
    const groupForms = await odata<{ forms: unknown[] }>('FormGroupOData', { $expand: 'forms', $filter: `formGroupId eq ${seedIds.formGroups.humanResources}` });
    expect(groupForms.value[0]?.forms).toHaveLength(2);
  });

  it('leaves soft-deleted rows out unless the filter names isDeleted', async () => {
    const all = await odata<Wire<FormInstance>>('FormInstanceOData', { $count: 'true' });
    expect(all['@odata.count']).toBe(8);
    expect(all.value.map((i) => i.formInstanceId)).not.toContain(seedIds.formInstances.expenseDeleted);
    const deleted = await odata<Wire<FormInstance>>('FormInstanceOData', { $filter: 'isDeleted eq true' });
    expect(deleted.value.map((i) => i.formInstanceId)).toEqual([seedIds.formInstances.expenseDeleted]);
    const both = await odata<Wire<FormInstance>>('FormInstanceOData', { $filter: 'isDeleted eq true or isDeleted eq false', $count: 'true' });
    expect(both['@odata.count']).toBe(9);
  });

  it('answers 400 for malformed queries', async () => {
    for (const query of ['$filter=name%20eq', '$filter=nope%20eq%201', '$select=nope', '$top=-1', '$skip=x', '$count=maybe', '$orderby=nope', '$search=%22x', '$apply=x']) {
      const response = await call(`/odata/FormOData?${query}`);
      expect(response.status, query).toBe(400);
    }
  });

  it.each([
    ['$filter=name eq \'x\' and foo(name) eq 1', "Unknown function 'foo' at position 16 of $filter."],
    ['$filter=nope eq 1', "Could not find a property named 'nope' on type 'Form'."],
    ['$filter=name eq 1', "Cannot compare 'name' (string) with the number literal (number)."],
    ['$expand=unknownNav', "Could not find a navigation property named 'unknownNav' on type 'Form'."],
    ['$expand=formSchemas($expand=form($expand=formGroup))', '$expand is nested deeper than the limit of 2 (maxExpandDepth).'],
    ['$top=1001', '$top is 1001, over the limit of 1000 (maxTop).'],
    [`$filter=${Array.from({ length: 34 }, (_, i) => `version eq ${i}`).join(' or ')}`, // 34 comparisons: 103 nodes
 'The $filter has more than 100 nodes, over the limit (maxFilterNodes) at position 562 of $filter.'],
    ['$filter=data/__proto__/x eq 1', "The path segment '__proto__' is not allowed."],
  ])('answers %# with problem details naming the problem: %s', async (query, detail) => {
    const set = query.includes('data/') ? 'FormInstanceOData' : 'FormOData';
    const response = await call(`/odata/${set}?${new URLSearchParams(Object.fromEntries([query.split(/=(.*)/s).slice(0, 2) as [string, string]]))}`);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    expect(await response.json()).toMatchObject({ status: 400, title: 'Bad Request', detail });
  });

  it('hides soft-deleted forms behind a single navigation only when asked through isDeleted', async () => {
    const expanded = await odata<Record<string, unknown>>('FormInstanceOData', {
      $filter: `formInstanceId eq ${seedIds.formInstances.expenseDeleted} and isDeleted eq true`,
      $select: 'formInstanceId',
      $expand: 'form($select=name)',
    });
    expect(expanded.value).toEqual([
      { '@odata.etag': '"1"', formInstanceId: seedIds.formInstances.expenseDeleted, form: { '@odata.etag': '"1"', name: 'Expense Claim' } },
    ]);
  });

  it('exports no parser from /testing: the domain holds it', () => {
    for (const name of ['executeODataQuery', 'parseFilter', 'ODataQueryError', 'tokenize']) expect(testing).not.toHaveProperty(name);
  });

  it('shows anonymous callers only public schemas, and instances only through a link token', async () => {
    backend.setCurrentUser(null);
    const schemas = await odata<Wire<FormSchema>>('FormSchemaOData');
    expect(schemas.value.map((s) => s.formSchemaId)).toEqual([seedIds.formSchemas.contactRequestV1]);
    expect(names((await odata<Wire<Form>>('FormOData')).value)).toEqual(['Contact Request']);
    expect((await call('/odata/FormInstanceOData')).status).toBe(401);
    expect((await call('/odata/FormGroupOData')).status).toBe(401);

    backend.setCurrentUser('admin');
    const url = new URL(await getJson<string>(`/api/Forms/GetViewUrl?formInstanceId=${seedIds.formInstances.loanSubmitted}`));
    const token = url.searchParams.get('token') ?? '';
    backend.setCurrentUser(null);
    const headers = { authorization: `Bearer ${token}` };
    const instances = await getJson<ODataAnswer<Wire<FormInstance>>>('/odata/FormInstanceOData', { headers });
    expect(instances.value.map((i) => i.formInstanceId)).toEqual([seedIds.formInstances.loanSubmitted]);
    const linkedSchemas = await getJson<ODataAnswer<Wire<FormSchema>>>('/odata/FormSchemaOData?$orderby=name', { headers });
    expect(linkedSchemas.value.map((s) => s.name)).toEqual(['Contact Request', 'Loan Application']);
    const viaQuery = await getJson<ODataAnswer<Wire<FormInstance>>>(`/odata/FormInstanceOData?token=${token}`);
    expect(viaQuery.value).toHaveLength(1);
  });
});
