import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import type { FormSchema, JsonObject, JsonValue } from '../../src/api/types';
import { EnvelopeStatus, FormInstanceStatus, Permission } from '../../src/api/enums';
import { BUILT_IN_CLAIM_GROUP_DEFINITIONS } from '../../src/domain/built-in-claim-groups';
import { ruleLeaves } from '../../src/engine/rules';
import { builtInClaimGroups, createSeedDb, SEED_PRIMITIVE_PATHS, seed, seedIds } from '../../src/testing';

const db = createSeedDb();
const ajv = new Ajv2020({ allErrors: true, validateFormats: false });

/** The JSON Schema of the value at a data path, following `properties` (and `items` for arrays). */
function schemaAt(schema: JsonValue | undefined, pointer: string): JsonValue | undefined {
  let node = schema;
  for (const segment of pointer.split('/').slice(1)) {
    if (typeof node !== 'object' || node === null || Array.isArray(node)) return undefined;
    const properties = node.properties;
    if (typeof properties !== 'object' || properties === null || Array.isArray(properties)) return undefined;
    node = properties[segment];
  }
  return node;
}

function itemsAt(schema: JsonObject, pointer: string): JsonValue | undefined {
  const array = schemaAt(schema, pointer);
  return typeof array === 'object' && array !== null && !Array.isArray(array) ? array.items : undefined;
}

function valueAt(data: JsonValue, pointer: string): JsonValue | undefined {
  let node: JsonValue | undefined = data;
  for (const segment of pointer.split('/').slice(1)) {
    if (typeof node !== 'object' || node === null || Array.isArray(node)) return undefined;
    node = node[segment];
  }
  return node;
}

describe('seed', () => {
  it('has the users, groups and claim groups the docs promise', () => {
    expect(db.applicationUsers.map((u) => [u.name, u.oidcId])).toEqual([
      ['Ada Admin', 'admin'],
      ['Eddie Editor', 'editor'],
      ['Rita Reader', 'reader'],
      ['Sam Signer', 'signer'],
      ['Aisha Auditor', 'auditor'],
      ['Dan Disabled', 'disabled'],
      ['Nora Newcomer', 'newcomer'],
    ]);
    expect(db.applicationUserGroups.map((g) => g.name)).toEqual(['Platform Team', 'Form Authors', 'Reviewers', 'Readers']);
    expect(db.claimGroups.filter((g) => g.builtInGroup).map((g) => g.name)).toEqual(
      BUILT_IN_CLAIM_GROUP_DEFINITIONS.map((d) => d.name),
    );
    for (const builtIn of builtInClaimGroups()) {
      const granted = db.claimGrants.filter((g) => g.holderKind === 'claimGroup' && g.recordId === builtIn.id);
      expect(granted.map((g) => g.claimValue)).toEqual([...builtIn.claims]);
    }
    expect(db.claimGroupLinks.filter((l) => l.holderKind === 'claimGroup').map((l) => [l.holderId, l.recordId])).toEqual([
      [seedIds.claimGroups.formEditors, seedIds.claimGroups.formReaders],
    ]);
    const denies = db.claimGrants.filter((g) => !g.allow);
    expect(denies.filter((g) => g.recordId === seedIds.claimGroups.noHardDelete).map((g) => g.claimValue)).toEqual([...seed.claims.noHardDelete]);
    expect(denies.every((g) => g.priorityOfPermission > 1)).toBe(true);
    expect(seed.claims.noHardDelete).toContain(Permission.Form_Delete);
  });

  it('covers every form instance status and several envelope statuses', () => {
    expect(new Set(db.formInstances.map((i) => i.status))).toEqual(new Set(Object.values(FormInstanceStatus)));
    expect(db.envelopes.map((e) => e.status)).toEqual([
      EnvelopeStatus.Sent,
      EnvelopeStatus.Completed,
      EnvelopeStatus.Delivered,
      EnvelopeStatus.Declined,
      EnvelopeStatus.Voided,
    ]);
    for (const envelope of db.envelopes) {
      const instance = db.formInstances.find((i) => i.formInstanceId === envelope.formInstanceId);
      expect(instance?.envelopeId).toBe(envelope.envelopeId);
      expect(instance?.envelopeStatus).toBe(envelope.status);
    }
  });

  it('has valid JSON Schemas 2020-12, and submitted or completed data that validates', () => {
    for (const schema of db.formSchemas) {
      expect(schema.jsonSchema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
      const validate = ajv.compile(schema.jsonSchema);
      for (const instance of db.formInstances.filter((i) => i.formSchemaId === schema.formSchemaId)) {
        if (instance.status < FormInstanceStatus.Submitted) continue;
        expect(validate(instance.data), `${instance.formInstanceId}: ${ajv.errorsText(validate.errors)}`).toBe(true);
      }
    }
  });

  it('binds every layout field to a property of its JSON Schema, with rules over existing paths', () => {
    const check = (schema: FormSchema) => {
      const sections = schema.layout.pages.flatMap((p) => p.sections);
      for (const section of sections) {
        for (const field of section.fields) {
          const bound = section.repeatable
            ? schemaAt(itemsAt(schema.jsonSchema, section.repeatable.path), field.path)
            : schemaAt(schema.jsonSchema, field.path);
          expect(bound, `${schema.name} v${schema.version} ${field.path}`).toBeDefined();
          for (const rule of [...ruleLeaves(field.visibleWhen), ...ruleLeaves(field.requiredWhen)]) {
            expect(schemaAt(schema.jsonSchema, rule.path), rule.path).toBeDefined();
          }
        }
      }
    };
    for (const schema of db.formSchemas) check(schema);
    const sections = db.formSchemas.flatMap((s) => s.layout.pages.flatMap((p) => p.sections));
    expect(sections.filter((s) => s.repeatable).map((s) => s.repeatable?.path)).toEqual(
      expect.arrayContaining(['/coApplicants', '/emergencyContacts', '/items']),
    );
    const fields = db.formSchemas.flatMap((s) => s.layout.pages.flatMap((p) => p.sections.flatMap((sec) => sec.fields)));
    expect(fields.some((f) => f.visibleWhen && f.visibleWhen.length > 0)).toBe(true);
  });

  it('names PDF fields that the loan template has', () => {
    const loan = db.forms.find((f) => f.formId === seedIds.forms.loanApplication);
    const schema = db.formSchemas.find((s) => s.formSchemaId === loan?.currentFormSchemaId);
    const pdfNames = new Set(loan?.pdfTemplate?.fields.map((f) => f.name));
    const bound = schema?.layout.pages.flatMap((p) => p.sections.flatMap((s) => s.fields)).flatMap((f) => (f.pdfFieldName ? [f.pdfFieldName] : []));
    expect(bound?.length).toBeGreaterThan(0);
    for (const name of bound ?? []) expect(pdfNames.has(name), name).toBe(true);
  });

  it('has primitive paths that all resolve to primitives of the example application', () => {
    for (const path of SEED_PRIMITIVE_PATHS) {
      const value = valueAt(db.exampleApplication, path);
      expect(['string', 'number', 'boolean'], path).toContain(typeof value);
    }
  });

  it('has one public schema', () => {
    expect(db.formSchemas.filter((s) => s.isPublic).map((s) => s.formSchemaId)).toEqual([seedIds.formSchemas.contactRequestV1]);
  });
});
