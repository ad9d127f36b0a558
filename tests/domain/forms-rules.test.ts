/**
 * The forms rules of src/domain/forms, shared by the fake and the server: body readers, version
 * numbering, schema immutability, link tokens, anonymous patches, instance data and If-Match.
 */
import { describe, expect, it } from 'vitest';
import { FormInstanceStatus } from '../../src/api/enums';
import type { FormInstance, FormSchema } from '../../src/api/types';
import { DomainError } from '../../src/domain';
import {
  anonymousInstancePatch,
  checkAnonymousInstancePost,
  checkIfMatch,
  checkInstanceData,
  checkPresentedLink,
  formLinkUrl,
  linkTokenOf,
  formSchemaPatchShape,
  formSchemaPostShape,
  readFormPost,
  readFormSchemaPatch,
  readFormSchemaPost,
  requestedId,
  schemaProblemsAndPatterns,
  schemaProblemsRefusal,
  schemaShapeJson,
  schemaShapeOfJson,
  requireLinkFor,
  SCHEMA_IN_USE_MESSAGE,
  STALE_WRITE_MESSAGE,
  VIEW_LINK_MESSAGE,
} from '../../src/domain/forms';

const refusal = (fn: () => unknown): { status: number; detail: string } | null => {
  try {
    fn();
    return null;
  } catch (error) {
    if (error instanceof DomainError) return { status: error.status, detail: error.detail };
    throw error;
  }
};

const schema: FormSchema = {
  formSchemaId: 'a0000000-0000-4000-8000-000000000001',
  formId: 'a0000000-0000-4000-8000-000000000002',
  name: 'S',
  version: 1,
  isPublic: true,
  isDeleted: false,
  createdDateTime: new Date(0),
  lastUpdatedDateTime: new Date(0),
  jsonSchema: { type: 'object', properties: { name: { type: 'string', minLength: 1 } }, required: ['name'] },
  layout: { pages: [{ id: 'p', title: 'P', sections: [{ id: 's', title: 'S', fields: [{ id: 'n', path: '/name', widget: 'text', label: 'Name' }] }] }] },
};

describe('body readers', () => {
  it('reads a form post: trimmed name, ids as UUIDs, the nil GUID means "make one"', () => {
    expect(readFormPost({ Name: ' A ', formId: '00000000-0000-0000-0000-000000000000' })).toMatchObject({ id: null, fields: { name: 'A', description: null } });
    expect(refusal(() => readFormPost({ name: ' ' }))).toEqual({ status: 400, detail: "'name' must not be blank." });
    expect(refusal(() => readFormPost({ name: 'x'.repeat(201) }))?.status).toBe(400);
    expect(refusal(() => requestedId({ formId: 'nope' }, 'formId'))).toEqual({ status: 400, detail: "'formId' must be an id (a UUID string)." });
  });

  it('numbers schema versions: a requested newer number is kept, else the next one', () => {
    expect(readFormSchemaPost({ formId: schema.formId }, { name: 'F' }, 3).fields).toMatchObject({ name: 'F', version: 4, isPublic: false });
    expect(readFormSchemaPost({ version: 9 }, { name: 'F' }, 3).fields.version).toBe(9);
    expect(readFormSchemaPost({ version: 2 }, { name: 'F' }, 3).fields.version).toBe(4);
  });

  it('refuses to change the shape of a used version (409), allows renaming it', () => {
    const changed = { jsonSchema: { type: 'object' } };
    expect(refusal(() => readFormSchemaPatch(changed, schema, true))).toEqual({ status: 409, detail: SCHEMA_IN_USE_MESSAGE });
    expect(readFormSchemaPatch({ name: 'New' }, schema, true).name).toBe('New');
    expect(readFormSchemaPatch(changed, schema, false).jsonSchema).toEqual({ type: 'object' });
  });

  it('runs the engine’s schema check and its pattern check option on save', () => {
    const withPattern = { ...schema.jsonSchema, properties: { name: { type: 'string', pattern: '^a+$' } } };
    const check = () => readFormSchemaPost({ jsonSchema: withPattern, layout: schema.layout }, { name: 'F' }, 0, { checkPattern: () => 'too slow' });
    expect(refusal(check)).toEqual({ status: 400, detail: "The pattern '^a+$' at /properties/name/pattern is not allowed: too slow" });
    const badPath = structuredClone(schema.layout);
    const field = badPath.pages[0]?.sections[0]?.fields[0];
    if (field) field.path = '/constructor/x';
    expect(refusal(() => readFormSchemaPost({ layout: badPath }, { name: 'F' }, 0))?.status).toBe(400);
  });

  it('checks a shape once, elsewhere: the pass a worker runs gives the same refusal, and the readers store a checked shape without checking it again', () => {
    const withPattern = { ...schema.jsonSchema, properties: { name: { type: 'string', pattern: '^a+$' } } };
    const body = { jsonSchema: withPattern, layout: schema.layout };
    const shape = formSchemaPostShape(body);
    const json = schemaShapeJson(shape);
    expect(schemaShapeOfJson(json)).toEqual(shape);
    // The first pass finds the pattern (and passes it); with its verdict, the second refuses as checkSchemaForSave does.
    const first = schemaProblemsAndPatterns(shape, null);
    expect(first).toEqual({ problems: [], patterns: ['^a+$'] });
    const second = schemaProblemsAndPatterns(shape, new Map([['^a+$', 'too slow']]));
    const inPlace = refusal(() => readFormSchemaPost(body, { name: 'F' }, 0, { checkPattern: () => 'too slow' }));
    const elsewhere = schemaProblemsRefusal(second.problems);
    expect(elsewhere && { status: elsewhere.status, detail: elsewhere.message }).toEqual(inPlace);
    expect(schemaProblemsRefusal(first.problems)).toBeNull();
    // A receipt: the checked shape itself is stored, and the rules do not run again (this one would be refused).
    expect(readFormSchemaPost(body, { name: 'F' }, 0, { body, shape, json }).fields.jsonSchema).toBe(shape.jsonSchema);
    expect(() => readFormSchemaPost({ ...body }, { name: 'F' }, 0, { body, shape, json })).toThrow(/another body/);
    // A patch's receipt must be of the shape the patch makes of the row it changes.
    const patch = { formSchemaId: schema.formSchemaId, jsonSchema: withPattern };
    const next = formSchemaPatchShape(patch, schema);
    expect(next.changesShape).toBe(true);
    expect(readFormSchemaPatch(patch, schema, false, { body: patch, shape: next.shape, json: next.json }).jsonSchema).toEqual(withPattern);
    expect(() => readFormSchemaPatch(patch, schema, false, { body: patch, shape: next.shape, json: schemaShapeJson(schema) })).toThrow(/not the shape/);
  });
});

describe('public links', () => {
  it('builds the link and finds the token in ?token= or a bearer that is not a JWT', () => {
    const grant = { formInstanceId: 'i', formSchemaId: 's/1', mode: 'view' as const };
    expect(formLinkUrl('https://host.example/', grant, 't')).toBe('https://host.example/form-instance/s%2F1?mode=view&formInstanceId=i&token=t');
    expect(linkTokenOf(null, new URLSearchParams('Token=abc'))).toBe('abc');
    expect(linkTokenOf('Bearer abc_-', new URLSearchParams())).toBe('abc_-');
    expect(linkTokenOf('Bearer a.b.c', new URLSearchParams())).toBeNull();
    expect(linkTokenOf('Bearer fake-user:1', new URLSearchParams(), (b) => b.startsWith('fake-user:'))).toBeNull();
    expect(linkTokenOf(undefined, new URLSearchParams())).toBeNull();
  });

  it('401 for a presented token that names no live link; 401 for another instance; 403 for a view link writing', () => {
    expect(refusal(() => checkPresentedLink('t', null))?.status).toBe(401);
    expect(refusal(() => checkPresentedLink(null, null))).toBeNull();
    const view = { formInstanceId: 'I', formSchemaId: 's', mode: 'view' as const };
    expect(requireLinkFor(view, 'i', false)).toBe(view);
    expect(refusal(() => requireLinkFor(view, 'other', false))?.status).toBe(401);
    expect(refusal(() => requireLinkFor(view, 'i', true))).toEqual({ status: 403, detail: VIEW_LINK_MESSAGE });
  });

  it('404 for an anonymous post of an unknown, deleted or non-public schema, or one of a soft-deleted form', () => {
    const live = { isDeleted: false };
    expect(refusal(() => checkAnonymousInstancePost('x', undefined, undefined))).toEqual({ status: 404, detail: "No public form schema 'x'." });
    expect(refusal(() => checkAnonymousInstancePost('x', { isPublic: false, isDeleted: false }, live))?.status).toBe(404);
    expect(refusal(() => checkAnonymousInstancePost('x', { isPublic: true, isDeleted: true }, live))?.status).toBe(404);
    expect(refusal(() => checkAnonymousInstancePost('x', { isPublic: true, isDeleted: false }, { isDeleted: true }))?.status).toBe(404);
    expect(refusal(() => checkAnonymousInstancePost('x', { isPublic: true, isDeleted: false }, null))?.status).toBe(404);
    expect(refusal(() => checkAnonymousInstancePost('x', { isPublic: true, isDeleted: false }, live))).toBeNull();
  });

  it('a link holder changes only data and status, never to Completed, never a completed instance', () => {
    const existing: Pick<FormInstance, 'formInstanceId' | 'status' | 'isDeleted'> = { formInstanceId: 'i', status: FormInstanceStatus.InProgress, isDeleted: false };
    expect(anonymousInstancePatch({ data: { a: 1 }, status: 2, isDeleted: true, formSchemaId: 'x' }, existing)).toEqual({ data: { a: 1 }, status: 2 });
    expect(refusal(() => anonymousInstancePatch({ status: FormInstanceStatus.Completed }, existing))?.status).toBe(403);
    expect(refusal(() => anonymousInstancePatch({}, { ...existing, status: FormInstanceStatus.Completed }))?.status).toBe(409);
    expect(refusal(() => anonymousInstancePatch({}, { ...existing, isDeleted: true }))?.status).toBe(404);
    // Handed in: a link can neither change a Submitted instance nor send it back to a draft.
    expect(refusal(() => anonymousInstancePatch({ status: FormInstanceStatus.InProgress }, { ...existing, status: FormInstanceStatus.Submitted }))?.status).toBe(409);
    expect(refusal(() => anonymousInstancePatch({ data: {} }, { ...existing, status: FormInstanceStatus.Submitted }))?.status).toBe(409);
  });
});

describe('instance data and versions', () => {
  it('drafts pass as typed; Submitted must validate; prototype keys are refused at any status', () => {
    expect(checkInstanceData(schema, {}, FormInstanceStatus.InProgress)).toEqual({});
    const refused = refusal(() => checkInstanceData(schema, {}, FormInstanceStatus.Submitted));
    expect(refused?.status).toBe(400);
    expect(checkInstanceData(schema, { name: 'A' }, FormInstanceStatus.Submitted)).toEqual({ name: 'A' });
    expect(refusal(() => checkInstanceData(schema, JSON.parse('{"__proto__":{}}'), FormInstanceStatus.InProgress))?.status).toBe(400);
    expect(refusal(() => checkInstanceData(schema, [], FormInstanceStatus.InProgress))?.status).toBe(400);
  });

  it('If-Match: absent or * passes, the current ETag passes (weak or in a list), a stale one is 412', () => {
    expect(refusal(() => checkIfMatch(null, '"3"'))).toBeNull();
    expect(refusal(() => checkIfMatch('*', '"3"'))).toBeNull();
    expect(refusal(() => checkIfMatch('"2", W/"3"', '"3"'))).toBeNull();
    expect(refusal(() => checkIfMatch('"2"', '"3"'))).toEqual({ status: 412, detail: STALE_WRITE_MESSAGE });
  });
});
