// @vitest-environment node
/**
 * Contract of rule groups (`visibleWhen` / `requiredWhen` entries `{ all: […] }` / `{ any: […] }`): the fake and the
 * reference server accept a schema with nested groups, refuse a malformed or too deeply nested one with the same
 * words, and judge a submission by the groups alike (the engine's one implementation, run by both).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { isApiError } from '../../src/api';
import { FormInstanceStatus } from '../../src/api/enums';
import type { FieldRuleNode, FormLayout, JsonObject } from '../../src/api/types';
import { startFakeTarget, startServerTarget, type ContractTarget } from './targets';

const jsonSchema: JsonObject = {
  type: 'object',
  properties: { country: { type: 'string' }, age: { type: 'integer' }, student: { type: 'boolean' }, school: { type: 'string' } },
};

/** School shows, and is required, for (country FR and (age < 26 or student)) or age > 64. */
const schoolRule: FieldRuleNode[] = [
  { any: [{ all: [{ path: '/country', op: 'eq', value: 'FR' }, { any: [{ path: '/age', op: 'lt', value: 26 }, { path: '/student', op: 'eq', value: true }] }] }, { path: '/age', op: 'gt', value: 64 }] },
];

function layout(rules: unknown): FormLayout {
  return {
    pages: [
      {
        id: 'p',
        title: 'P',
        sections: [
          {
            id: 's',
            title: 'S',
            fields: [
              { id: 'country', path: '/country', widget: 'text', label: 'Country' },
              { id: 'age', path: '/age', widget: 'integer', label: 'Age' },
              { id: 'student', path: '/student', widget: 'checkbox', label: 'Student' },
              { id: 'school', path: '/school', widget: 'text', label: 'School', visibleWhen: rules as FieldRuleNode[], requiredWhen: rules as FieldRuleNode[] },
            ],
          },
        ],
      },
    ],
  };
}

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

async function runScenario(target: ContractTarget): Promise<Map<string, unknown>> {
  const facts = new Map<string, unknown>();
  const admin = target.client;
  const form = await admin.crud.form.post({ name: 'Rule groups' });
  const formId = form?.formId ?? '';
  const schema = await admin.crud.formschema.post({ formId, jsonSchema, layout: layout(schoolRule) });
  facts.set('nested.accepted', schema?.layout.pages[0]?.sections[0]?.fields[3]?.visibleWhen);
  facts.set('both.refused', await outcome(() => admin.crud.formschema.post({ formId, jsonSchema, layout: layout([{ all: [], any: [] }]) })));
  let deep: unknown = { path: '/age', op: 'empty' };
  for (let i = 0; i < 5; i++) deep = { all: [deep] };
  facts.set('deep.refused', await outcome(() => admin.crud.formschema.post({ formId, jsonSchema, layout: layout([deep]) })));
  facts.set('operator.refused', await outcome(() => admin.crud.formschema.post({ formId, jsonSchema, layout: layout([{ any: [{ path: '/age', op: 'like' }] }]) })));
  const formSchemaId = schema?.formSchemaId ?? '';
  const submit = (data: JsonObject) => async () => {
    const instance = await admin.crud.forminstance.post({ formSchemaId, data: {} });
    return admin.crud.forminstance.patch({ formInstanceId: instance?.formInstanceId ?? '', data, status: FormInstanceStatus.Submitted });
  };
  facts.set('submit.student.without.school', await outcome(submit({ country: 'FR', age: 30, student: true })));
  facts.set('submit.senior.without.school', await outcome(submit({ country: 'DE', age: 70 })));
  facts.set('submit.adult.without.school', await outcome(submit({ country: 'DE', age: 30, student: true })));
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

describe('rule groups — the fake and the server agree', () => {
  it('store nested groups, refuse malformed ones and judge submissions by them', () => {
    expect(fake.get('nested.accepted')).toEqual(schoolRule);
    expect(fake.get('both.refused')).toMatchObject({ status: 400, detail: expect.stringContaining("has both 'all' and 'any'") });
    expect(fake.get('deep.refused')).toMatchObject({ status: 400, detail: expect.stringContaining('nests rule groups too deeply: at most 5 levels') });
    expect(fake.get('operator.refused')).toMatchObject({ status: 400, detail: expect.stringContaining("unknown operator 'like'") });
    expect(fake.get('submit.student.without.school')).toMatchObject({ status: 400, errorPaths: ['/school'] });
    expect(fake.get('submit.senior.without.school')).toMatchObject({ status: 400, errorPaths: ['/school'] });
    expect(fake.get('submit.adult.without.school')).toBe('ok');
    expect(Object.fromEntries(server)).toEqual(Object.fromEntries(fake));
  });
});
