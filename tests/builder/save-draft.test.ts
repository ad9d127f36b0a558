// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/errors';
import type { ApiClient } from '../../src/api/client';
import type { FormLayout, JsonObject } from '../../src/api/types';
import { declaredWidgetKind, withWidgetKinds } from '../../src/engine/widget-kinds';
import { DraftProblemsError, PartialSaveError, saveFormDraft, serverDraftProblems } from '../../src/builder/save/save-draft';

const F1 = 'f0000000-0000-4000-8000-000000000001';
const V1 = 'a0000000-0000-4000-8000-000000000001';
const V2 = 'a0000000-0000-4000-8000-000000000002';
const S1 = 'b0000000-0000-4000-8000-000000000001';

const draft = {
  jsonSchema: { type: 'object', properties: { name: { type: 'string' } } } as JsonObject,
  layout: { pages: [{ id: 'p', title: 'P', sections: [{ id: 's', title: 'S', fields: [{ id: 'name', path: '/name', widget: 'text', label: 'Name' }] }] }] } as FormLayout,
};

function apiError(status: number, result: unknown): ApiError {
  return new ApiError(status, JSON.stringify(result), new Headers(), result);
}

/** A client whose calls are spies; only what a test sets answers. */
function stubClient(overrides: Record<string, Record<string, (...args: never[]) => unknown>>): ApiClient {
  const area = (name: string) => new Proxy({}, { get: (_t, member: string) => overrides[name]?.[member] ?? vi.fn(() => Promise.reject(new Error(`unexpected ${name}.${member}`))) });
  return {
    crud: { form: area('form'), formschema: area('formschema'), forminstance: area('forminstance'), formgroup: area('formgroup') },
    odata: { forms: area('forms'), formSchemas: area('formSchemas'), formInstances: area('formInstances'), formGroups: area('formGroups') },
  } as unknown as ApiClient;
}

describe('saveFormDraft', () => {
  it("checks against the registry it is given: a host's kind is sent with it, refused as unknown without it", async () => {
    const hostDraft = structuredClone(draft);
    hostDraft.jsonSchema = { type: 'object', properties: { name: { type: 'integer', minimum: 1, maximum: 5 } } };
    hostDraft.layout.pages[0]!.sections[0]!.fields[0]!.widget = 'star-rating';
    const formPost = vi.fn(async () => ({ formId: F1, name: 'F', currentFormSchemaId: null }));
    const schemaPost = vi.fn(async () => ({ formSchemaId: S1, formId: F1, version: 1 }));
    const client = stubClient({ form: { post: formPost }, formschema: { post: schemaPost } });
    const details = { name: 'F', description: null, formGroupId: null };
    const refused = await saveFormDraft(client, { draft: hostDraft, details, isPublic: false }).catch((e: unknown) => e);
    expect((refused as DraftProblemsError).problems[0]?.message).toMatch(/uses the widget 'star-rating', which is not known/);
    expect(formPost).not.toHaveBeenCalled();
    const widgets = withWidgetKinds({ 'star-rating': declaredWidgetKind('star-rating', 'number') });
    await expect(saveFormDraft(client, { draft: hostDraft, details, isPublic: false, widgets })).resolves.toMatchObject({ outcome: 'created', formId: F1 });
    expect(schemaPost).toHaveBeenCalledWith(expect.objectContaining({ layout: hostDraft.layout }));
  });

  it('sends nothing for a draft with problems', async () => {
    const post = vi.fn();
    const client = stubClient({ form: { post } });
    const broken = structuredClone(draft);
    broken.layout.pages[0]!.sections[0]!.fields[0]!.path = '/__proto__';
    const error = await saveFormDraft(client, { draft: broken, details: { name: 'F', description: null, formGroupId: null }, isPublic: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DraftProblemsError);
    expect((error as DraftProblemsError).problems[0]).toMatchObject({ fieldId: 'name', kind: 'schema-layout' });
    expect(post).not.toHaveBeenCalled();
  });

  it('keeps the id of a new form whose first version was refused, and a second save posts only the version', async () => {
    const formPost = vi.fn(async () => ({ formId: F1, name: 'F', currentFormSchemaId: null }));
    const refused = apiError(400, { type: 'about:blank', title: 'Bad Request', status: 400, detail: 'Nope', problems: [{ code: 'schema-pattern', message: 'Nope', fieldId: 'name', sectionId: 's', pageId: 'p' }] });
    const schemaPost = vi.fn().mockRejectedValueOnce(refused).mockResolvedValueOnce({ formSchemaId: S1, formId: F1, version: 1 });
    const client = stubClient({
      form: { post: formPost },
      formschema: { post: schemaPost },
      forms: { getOne: vi.fn(async () => ({ formId: F1, name: 'F', currentFormSchemaId: null })) },
    });
    const error = await saveFormDraft(client, { draft, details: { name: 'F', description: null, formGroupId: null }, isPublic: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PartialSaveError);
    expect((error as PartialSaveError).formId).toBe(F1);
    expect(serverDraftProblems(error)).toEqual([{ kind: 'schema-pattern', status: 400, message: 'Nope', fieldId: 'name', sectionId: 's', pageId: 'p' }]);
    const saved = await saveFormDraft(client, { draft, formId: F1, isPublic: true });
    expect(saved).toMatchObject({ outcome: 'created', formId: F1, formSchema: { formSchemaId: S1 } });
    expect(formPost).toHaveBeenCalledTimes(1);
  });

  it('makes a new version when the version became used since the dialog counted (the patch is 409 schema-in-use)', async () => {
    const inUse = apiError(409, { type: 'about:blank', title: 'Conflict', status: 409, detail: 'used', code: 'schema-in-use' });
    const formPatch = vi.fn(async () => ({}));
    const client = stubClient({
      forms: { getOne: vi.fn(async () => ({ formId: F1, name: 'F', currentFormSchemaId: V1 })) },
      formschema: { patch: vi.fn().mockRejectedValue(inUse), post: vi.fn(async () => ({ formSchemaId: V2, formId: F1, version: 2 })) },
      form: { patch: formPatch },
    });
    const saved = await saveFormDraft(client, { draft, formId: F1, isPublic: false });
    expect(saved).toMatchObject({ outcome: 'new-version', previousFormSchemaId: V1, formSchema: { formSchemaId: V2 } });
    expect(formPatch).toHaveBeenCalledWith({ formId: F1, currentFormSchemaId: V2 });
  });

  it('passes on any other refusal of the patch (a stale version is 412) without making a version', async () => {
    const stale = apiError(412, { type: 'about:blank', title: 'Precondition Failed', status: 412, detail: 'stale' });
    const post = vi.fn();
    const patch = vi.fn().mockRejectedValue(stale);
    const client = stubClient({
      forms: { getOne: vi.fn(async () => ({ formId: F1, name: 'F', currentFormSchemaId: V1 })) },
      formschema: { patch, post },
    });
    await expect(saveFormDraft(client, { draft, formId: F1, isPublic: false, schemaETag: 'W/"3"' })).rejects.toBe(stale);
    expect(patch).toHaveBeenCalledWith(expect.objectContaining({ formSchemaId: V1 }), { ifMatch: 'W/"3"' });
    expect(post).not.toHaveBeenCalled();
  });
});
