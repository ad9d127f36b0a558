// @vitest-environment node
/**
 * Contract of rule scopes: a rule reads only its own scope (the same item of a repeatable section, or the fields
 * outside repeatable sections). The fake and the reference server refuse, with the same words naming the field the
 * rule is on, a schema whose rule names a field of another scope (the engine's draft check, run by both), and accept
 * the same rule in the right scope; and both refuse a half-written rule ("field is" with no value) at its rule.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { isApiError } from '../../src/api';
import type { FieldRuleNode, FormLayout, JsonObject } from '../../src/api/types';
import { startFakeTarget, startServerTarget, type ContractTarget } from './targets';

const jsonSchema: JsonObject = {
  type: 'object',
  properties: {
    note: { type: 'string' },
    jobs: { type: 'array', items: { type: 'object', properties: { employer: { type: 'string' }, since: { type: 'string' } } } },
  },
};

/** A note outside the repeatable 'Jobs' section, with `noteRules`; each job's 'Since' with `sinceRules`. */
function layout(noteRules: FieldRuleNode[], sinceRules: FieldRuleNode[]): FormLayout {
  return {
    pages: [
      {
        id: 'p',
        title: 'P',
        sections: [
          { id: 'top', title: 'Top', fields: [{ id: 'note', path: '/note', widget: 'text', label: 'Note', visibleWhen: noteRules }] },
          {
            id: 'jobs',
            title: 'Jobs',
            repeatable: { path: '/jobs', minItems: 0 },
            fields: [
              { id: 'employer', path: '/employer', widget: 'text', label: 'Employer' },
              { id: 'since', path: '/since', widget: 'text', label: 'Since', requiredWhen: sinceRules },
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
    return { status: error.status, detail: (error.result as { detail?: string } | null)?.detail };
  }
}

async function runScenario(target: ContractTarget): Promise<Map<string, unknown>> {
  const facts = new Map<string, unknown>();
  const admin = target.client;
  const form = await admin.crud.form.post({ name: 'Rule scopes' });
  const formId = form?.formId ?? '';
  const post = (noteRules: FieldRuleNode[], sinceRules: FieldRuleNode[]) => () => admin.crud.formschema.post({ formId, jsonSchema, layout: layout(noteRules, sinceRules) });
  facts.set('same.scope', await outcome(post([{ path: '/jobs', op: 'notEmpty' }], [{ path: '/employer', op: 'notEmpty' }])));
  // The note's rule names an item's field as if it were in the item (a field moved out of the section).
  facts.set('outside.names.item', await outcome(post([{ path: '/employer', op: 'notEmpty' }], [])));
  // The note's rule names the items' field through the list.
  facts.set('outside.names.list.item', await outcome(post([{ path: '/jobs/*/employer', op: 'notEmpty' }], [])));
  // An item's rule names the note (a field moved into the section).
  facts.set('item.names.outside', await outcome(post([], [{ any: [{ path: '/note', op: 'eq', value: 'x' }] }])));
  // Half-written rules: "is" with no value, "is one of" nothing, "is not" a blank text; each refused at its rule.
  facts.set('eq.no.value', await outcome(post([], [{ path: '/employer', op: 'eq' }])));
  facts.set('in.empty', await outcome(post([{ all: [{ path: '/jobs', op: 'notEmpty' }, { path: '/jobs', op: 'in', value: [] }] }], [])));
  facts.set('neq.blank', await outcome(post([], [{ path: '/employer', op: 'neq', value: ' ' }])));
  facts.set('eq.with.value', await outcome(post([], [{ path: '/employer', op: 'eq', value: 'NASA' }])));
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

describe('rule scopes — the fake and the server agree', () => {
  it('refuse a rule naming a field of another scope, naming that field, and accept rules of their own scope', () => {
    expect(fake.get('same.scope')).toBe('ok');
    expect(fake.get('outside.names.item')).toMatchObject({ status: 400, detail: expect.stringContaining("A rule of 'Note' is on 'Employer' (/employer), a field of another scope") });
    expect(fake.get('outside.names.list.item')).toMatchObject({ status: 400, detail: expect.stringContaining("'Employer' (/jobs/*/employer)") });
    expect(fake.get('item.names.outside')).toMatchObject({ status: 400, detail: expect.stringContaining("A rule of 'Since' is on 'Note' (/note)") });
    expect(Object.fromEntries(server)).toEqual(Object.fromEntries(fake));
  });

  it('refuse a half-written rule (a value operator without a value) at the rule, with the same words', () => {
    expect(fake.get('eq.no.value')).toEqual({
      status: 400,
      detail: "A rule of 'Since' ('Employer' is …) has no value: choose the value it compares with, or remove the rule.",
    });
    expect(fake.get('in.empty')).toMatchObject({ status: 400, detail: expect.stringContaining("A rule of 'Note' (/jobs is one of …) has no value") });
    expect(fake.get('neq.blank')).toMatchObject({ status: 400, detail: expect.stringContaining("A rule of 'Since' ('Employer' is not …) has no value") });
    expect(fake.get('eq.with.value')).toBe('ok');
    for (const key of ['eq.no.value', 'in.empty', 'neq.blank', 'eq.with.value']) expect(server.get(key), key).toEqual(fake.get(key));
  });
});
