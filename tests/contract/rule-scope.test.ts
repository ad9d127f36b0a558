// @vitest-environment node
/**
 * Contract of rule scopes: a rule reads only its own scope (the same item of a repeatable section, or the fields
 * outside repeatable sections). The fake and the reference server refuse, with the same words naming the field the
 * rule is on, a schema whose rule names a field of another scope (the engine's draft check, run by both), and accept
 * the same rule in the right scope.
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
});
