// @vitest-environment node
/**
 * Contract of forms whose sections hold sections, on the fake and the reference server: a schema with a plain
 * section inside a plain one and a plain section inside a repeatable one is stored and read back as posted; an
 * instance's answers in those sections are saved, checked (a submitted item missing a nested required answer is
 * refused), read back and exported as CSV (a nested plain section's fields are columns, a section inside a
 * repeatable section is part of its list's column); an instance created from an application takes the links of
 * nested fields; a layout nested deeper than the limit, or a repeatable section inside a repeatable one, is refused
 * with 400 and a problem that names the section.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApiError, odata, type ApiClient } from '../../src/api';
import { FormInstanceStatus } from '../../src/api/enums';
import type { FormInstance, FormLayout, FormSchema, FormSection, JsonObject } from '../../src/api/types';
import { FORM_LIMITS } from '../../src/engine';
import { startFakeTarget, startServerTarget, type ContractTarget } from './targets';

const str = { type: 'string' };
const jsonSchema: JsonObject = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: {
    name: str,
    address: { type: 'object', properties: { street: str, city: str } },
    jobs: { type: 'array', items: { type: 'object', properties: { employer: str, from: str, to: str }, required: ['from'] } },
  },
};
const layout: FormLayout = {
  pages: [
    {
      id: 'p',
      title: 'Application',
      sections: [
        {
          id: 'applicant',
          title: 'Applicant',
          fields: [{ id: 'name', path: '/name', widget: 'text', label: 'Name' }],
          sections: [
            {
              id: 'address',
              title: 'Address',
              fields: [{ id: 'street', path: '/address/street', widget: 'text', label: 'Street' }],
              sections: [{ id: 'town', title: 'Town', fields: [{ id: 'city', path: '/address/city', widget: 'text', label: 'City', linkedPath: '/home/town' }] }],
            },
          ],
        },
        {
          id: 'jobs',
          title: 'Jobs',
          repeatable: { path: '/jobs' },
          fields: [{ id: 'employer', path: '/employer', widget: 'text', label: 'Employer' }],
          sections: [
            {
              id: 'dates',
              title: 'Dates',
              fields: [
                { id: 'from', path: '/from', widget: 'text', label: 'From' },
                { id: 'to', path: '/to', widget: 'text', label: 'To' },
              ],
            },
          ],
        },
      ],
    },
  ],
};

const data: JsonObject = {
  name: 'Ada',
  address: { street: 'St James', city: 'London' },
  jobs: [{ employer: 'Engines', from: '1842', to: '1843' }, { employer: 'Looms', from: '1844' }],
};

/** A layout whose one section holds `depth - 1` plain sections, one inside the other. */
function nestedTo(depth: number): FormLayout {
  let section: FormSection = { id: `s${depth}`, title: `Level ${depth}`, fields: [{ id: 'deep', path: '/name', widget: 'text', label: 'Deep' }] };
  for (let level = depth - 1; level >= 1; level--) section = { id: `s${level}`, title: `Level ${level}`, fields: [], sections: [section] };
  return { pages: [{ id: 'p', title: 'P', sections: [section] }] };
}

/** The jobs section with a repeatable section inside it. */
const repeatInRepeat: FormLayout = {
  pages: [
    {
      id: 'p',
      title: 'P',
      sections: [
        {
          id: 'jobs',
          title: 'Jobs',
          repeatable: { path: '/jobs' },
          fields: [{ id: 'employer', path: '/employer', widget: 'text', label: 'Employer' }],
          sections: [{ id: 'periods', title: 'Periods', repeatable: { path: '/periods' }, fields: [{ id: 'from', path: '/from', widget: 'text', label: 'From' }] }],
        },
      ],
    },
  ],
};

async function outcome(call: () => Promise<unknown>): Promise<unknown> {
  try {
    await call();
    return 'ok';
  } catch (error) {
    if (!isApiError(error)) throw error;
    return { status: error.status, detail: (error.result as { detail?: string } | null)?.detail };
  }
}

async function csvLines(client: ApiClient, formId: string, repeat?: 'rows' | 'columns'): Promise<string[]> {
  const file = await client.forms.exportInstancesCsv({ filter: odata.eq<FormInstance>('formId', odata.guid(formId)) }, { repeat, pathRow: true });
  return (await file.data.text()).split('\r\n').filter(Boolean);
}

async function runScenario(target: ContractTarget): Promise<Map<string, unknown>> {
  const facts = new Map<string, unknown>();
  const admin = target.client;
  const form = await admin.crud.form.post({ name: 'Nested sections' });
  const formId = form?.formId ?? '';
  const schema = await admin.crud.formschema.post({ formId, jsonSchema, layout });
  const formSchemaId = schema?.formSchemaId ?? '';
  const stored = await admin.odata.formSchemas.list({ filter: odata.eq<FormSchema>('formSchemaId', odata.guid(formSchemaId)) });
  facts.set('layout.read', stored?.value[0]?.layout);

  const instance = await admin.crud.forminstance.post({ formSchemaId, data, status: FormInstanceStatus.Submitted });
  const read = await admin.odata.formInstances.list({ filter: odata.eq<FormInstance>('formInstanceId', odata.guid(instance?.formInstanceId ?? '')) });
  facts.set('instance.read', read?.value[0]?.data);
  const missing = { ...data, jobs: [{ employer: 'Engines', to: '1843' }] };
  facts.set('submit.missing', await outcome(() => admin.crud.forminstance.post({ formSchemaId, data: missing, status: FormInstanceStatus.Submitted })));

  const lines = await csvLines(admin, formId, 'rows');
  facts.set('csv.header', lines[0]);
  facts.set('csv.paths', lines[1]);
  facts.set('csv.row', lines.slice(2).map((line) => line.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/).slice(6).join(',')));
  // The default: one column per item and field.
  const columns = await csvLines(admin, formId);
  facts.set('csv.columns.header', columns[0]);
  facts.set('csv.columns.row', columns.slice(2).map((line) => line.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/).slice(6).join(',')));

  const application = { name: 'Grace', address: { street: 'Main St' }, home: { town: 'Arlington' }, jobs: [{ employer: 'Navy', from: '1943' }] };
  const created = await admin.dynamicFormLinking.create(formSchemaId, application);
  facts.set('prefill', { data: created?.data, problems: created?.prefillProblems });

  const post = (l: FormLayout) => outcome(() => admin.crud.formschema.post({ formId, jsonSchema, layout: l }));
  facts.set('depth.limit', await post(nestedTo(FORM_LIMITS.maxSectionDepth)));
  facts.set('depth.over', await post(nestedTo(FORM_LIMITS.maxSectionDepth + 1)));
  facts.set('repeat.in.repeat', await post(repeatInRepeat));
  // A version no instance uses is changed in place: the same check refuses the change.
  const unused = await admin.crud.formschema.post({ formId, jsonSchema, layout: nestedTo(2) });
  const patch = (l: FormLayout) => outcome(() => admin.crud.formschema.patch({ formSchemaId: unused?.formSchemaId ?? '', layout: l }, { ifMatch: null }));
  facts.set('patch.depth.over', await patch(nestedTo(FORM_LIMITS.maxSectionDepth + 1)));
  facts.set('patch.repeat.in.repeat', await patch(repeatInRepeat));
  return facts;
}

let fake: Map<string, unknown>;
let server: Map<string, unknown>;
const targets: ContractTarget[] = [];

beforeAll(async () => {
  const fakeTarget = await startFakeTarget();
  targets.push(fakeTarget);
  fake = await runScenario(fakeTarget);
  const serverTarget = await startServerTarget();
  targets.push(serverTarget);
  server = await runScenario(serverTarget);
}, 180_000);

afterAll(async () => {
  for (const target of targets) await target.stop();
});

describe('nested sections — the fake and the server agree', () => {
  it('store the nested layout and the answers of nested sections as posted', () => {
    expect(fake.get('layout.read')).toEqual(layout);
    expect(fake.get('instance.read')).toEqual(data);
  });

  it('check the answers of a section inside a repeatable section in each item', () => {
    expect(fake.get('submit.missing')).toEqual({ status: 400, detail: expect.stringContaining('/jobs/0/from') });
  });

  it("export a nested plain section's fields as columns and a section inside a repeatable one in its list's column", () => {
    // One row per item of the repeatable section (its nested sections' fields included), the other answers on each.
    expect(fake.get('csv.header')).toBe('id,form,schema version,status,created,updated,item,Name,Street,City,Jobs: Employer,Jobs: From,Jobs: To');
    expect(fake.get('csv.paths')).toBe(
      'formInstanceId,form/name,formSchema/version,status,createdDateTime,lastUpdatedDateTime,item,/name,/address/street,/address/city,/jobs/*/employer,/jobs/*/from,/jobs/*/to',
    );
    expect(fake.get('csv.row')).toEqual(['1,Ada,St James,London,Engines,1842,1843', '2,Ada,St James,London,Looms,1844,']);
    // Or one column per item and field, as many items as the most any instance has.
    expect(fake.get('csv.columns.header')).toBe(
      'id,form,schema version,status,created,updated,Name,Street,City,Jobs 1: Employer,Jobs 1: From,Jobs 1: To,Jobs 2: Employer,Jobs 2: From,Jobs 2: To',
    );
    expect(fake.get('csv.columns.row')).toEqual(['Ada,St James,London,Engines,1842,1843,Looms,1844,']);
  });

  it("pre-fill a nested field from its link, and the repeatable section's items with their nested answers", () => {
    expect(fake.get('prefill')).toEqual({
      data: { name: 'Grace', address: { street: 'Main St', city: 'Arlington' }, jobs: [{ employer: 'Navy', from: '1943' }] },
      problems: [],
    });
  });

  it(`accept ${FORM_LIMITS.maxSectionDepth} levels of sections, and refuse a deeper layout or a repeatable section in a repeatable one with 400 (post and patch)`, () => {
    expect(fake.get('depth.limit')).toBe('ok');
    expect(fake.get('depth.over')).toEqual({ status: 400, detail: expect.stringMatching(/s5.*nested 5 levels deep.*at most 4/) });
    expect(fake.get('repeat.in.repeat')).toEqual({ status: 400, detail: expect.stringMatching(/periods.*inside the repeatable section 'jobs'/) });
    expect(fake.get('patch.depth.over')).toEqual(fake.get('depth.over'));
    expect(fake.get('patch.repeat.in.repeat')).toEqual(fake.get('repeat.in.repeat'));
  });

  it('answer the same on the server', () => {
    expect(Object.fromEntries(server)).toEqual(Object.fromEntries(fake));
  });
});
